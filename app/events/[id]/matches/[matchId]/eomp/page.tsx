import Link from "next/link";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { getTranslations } from "next-intl/server";
import { pageActor } from "@/lib/auth/session";
import { eventView } from "@/lib/server/read/events";
import { wizardView } from "@/lib/server/read/wizard";
import { EompWizard } from "./EompWizard";
import { bdiText } from "@/components/Bdi";

/** Judge's phone wizard for the end-of-match procedure of one match (issue #6 part B item 1). */
export default async function EompPage({ params }: { params: Promise<{ id: string; matchId: string }> }) {
  await connection();
  const { id, matchId } = await params;
  const { role } = await eventView(id, await pageActor());
  if (!role) notFound();
  const v = await wizardView(id, matchId);
  const t = await getTranslations("live.eomp");
  const [t1, t2] = v.teams;
  return (
    <div className="mx-auto max-w-lg space-y-3">
      <Link href={`/events/${id}/rounds/${v.roundNumber}`} className="text-sm">
        ← {t("back", { number: v.roundNumber })}
      </Link>
      <h2 className="text-xl">{t("title", { table: v.table })}</h2>
      {t2 && (
        <p className="font-medium" data-testid="eomp-teams">
          {bdiText((n) => t("versus", { team1: n(t1.name), team2: n(t2.name) }))}
        </p>
      )}
      <EompWizard view={v} />
    </div>
  );
}
