import { notFound } from "next/navigation";
import { connection } from "next/server";
import { getTranslations } from "next-intl/server";
import { db } from "@/lib/db";
import { pageActor } from "@/lib/auth/session";
import { eventView } from "@/lib/server/queries";
import { canSeeTeamLists, teamDecklists } from "@/lib/server/decklistView";
import { DecklistView } from "@/components/DecklistView";
import { DecklistForm } from "@/components/DecklistForm";
import { ActionButton } from "@/components/ConfirmButton";
import { unlockDecklist } from "@/app/actions";

/** Both lists of one team side by side (staff; the team itself; everyone once published). */
export default async function TeamDecklistsPage({ params }: { params: Promise<{ id: string; teamId: string }> }) {
  await connection();
  const { id, teamId } = await params;
  const t = await getTranslations("decklists");
  const { event, role, me } = await eventView(id, await pageActor());
  const team = await db().team.findFirst({ where: { id: teamId, eventId: id } });
  if (!team || !canSeeTeamLists({ role, myTeamId: me?.teamId ?? null, published: event.decklistsPublished }, teamId)) notFound();
  const lists = await teamDecklists(db(), teamId);
  return (
    <div className="space-y-3">
      <h2 className="break-words text-xl">{t("teamTitle", { team: team.name })}</h2>
      <div className="grid gap-3 lg:grid-cols-2">
        {lists.map((l) => (
          <div key={l.duelistId} className="min-w-0 space-y-2">
            <DecklistView list={l} />
            {role && l.locked && l.decklistId && <ActionButton action={unlockDecklist} input={{ decklistId: l.decklistId }} label={t("unlock")} />}
            {role && (
              <details className="card">
                <summary className="cursor-pointer text-sm font-semibold">{t("submitFor", { name: l.duelistName })}</summary>
                <div className="mt-2"><DecklistForm duelistId={l.duelistId} label={t("submit")} /></div>
              </details>
            )}
          </div>
        ))}
      </div>
    </div>
  );
}
