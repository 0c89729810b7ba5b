import { notFound } from "next/navigation";
import { connection } from "next/server";
import { getTranslations } from "next-intl/server";
import { db } from "@/lib/db";
import { pageActor } from "@/lib/auth/session";
import { eventView } from "@/lib/server/queries";
import { getPreset } from "@/lib/formats/presets";
import { ClaimCodeSlot, ClaimCodesProvider } from "./ReceiptCodes";
import { eventPageMetadata } from "@/lib/server/pageMeta";

export const generateMetadata = eventPageMetadata("receipt");

/**
 * Registration receipt with each duelist's one-time claim code (staff only; printable). Codes
 * are stored hashed: they show right after registration, or when the judge prints new ones
 * (ReceiptCodes; the old codes stop working).
 */
export default async function ReceiptPage({ params }: { params: Promise<{ id: string; teamId: string }> }) {
  await connection();
  const { id, teamId } = await params;
  const t = await getTranslations("receipt");
  const { event, role } = await eventView(id, await pageActor());
  if (!role) notFound();
  const game = getPreset(event.formatPreset).game;
  const team = await db().team.findFirst({ where: { id: teamId, eventId: id }, include: { duelists: { orderBy: { designation: "asc" } } } });
  if (!team) notFound();
  return (
    <article className="card mx-auto min-w-0 max-w-md space-y-3 [overflow-wrap:anywhere]" data-testid="receipt">
      <h2>{t("title")}</h2>
      <p className="text-sm text-slate-600"><bdi>{event.name}</bdi></p>
      <p><span className="text-slate-500">{t("team")}</span> <strong data-testid="receipt-team"><bdi>{team.name}</bdi></strong> (#{team.number})</p>
      <ClaimCodesProvider teamId={team.id} unclaimed={team.duelists.filter((d) => !d.userId).map((d) => d.designation)}>
      <ul className="space-y-2">
        {team.duelists.map((d) => (
          <li key={d.id} className="rounded-lg border border-slate-200 p-2" data-testid={`receipt-${d.designation}`}>
            <p><span className="font-mono text-xs text-slate-500">{t("designation", { d: d.designation, game })}</span> <bdi>{d.name}</bdi></p>
            {d.userId ? <p className="text-sm text-green-800">{t("claimed", { game })}</p> : <ClaimCodeSlot d={d.designation} />}
          </li>
        ))}
      </ul>
      <p className="text-sm text-slate-600">{t("howTo", { game })}</p>
      </ClaimCodesProvider>
    </article>
  );
}
