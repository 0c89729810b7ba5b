import Link from "next/link";
import { connection } from "next/server";
import { getTranslations } from "next-intl/server";
import { db } from "@/lib/db";
import { pageActor } from "@/lib/auth/session";
import { eventView } from "@/lib/server/queries";
import { canSeeTeamLists, teamDecklists } from "@/lib/server/decklistView";
import { DecklistView, StatusBadge } from "@/components/DecklistView";
import { DecklistForm } from "@/components/DecklistForm";

/**
 * Judges (and everyone once lists are published): every team at a glance — legal / illegal /
 * missing. A duelist: their own and their teammate's lists, and the form to submit theirs.
 */
export default async function DecklistsPage({ params }: { params: Promise<{ id: string }> }) {
  await connection();
  const { id } = await params;
  const t = await getTranslations("decklists");
  const { event, role, me } = await eventView(id, await pageActor());
  const overview = Boolean(role) || event.decklistsPublished;
  const mine = me ? await teamDecklists(db(), me.teamId) : null;
  const teams = overview ? await db().team.findMany({ where: { eventId: id }, orderBy: { number: "asc" }, include: { duelists: { orderBy: { designation: "asc" }, include: { decklist: { select: { isLegal: true } } } } } }) : [];
  const counts = { legal: 0, illegal: 0, missing: 0 };
  for (const team of teams) for (const d of team.duelists) counts[!d.decklist ? "missing" : d.decklist.isLegal ? "legal" : "illegal"]++;
  return (
    <div className="space-y-4">
      {mine && me && (
        <section className="space-y-3" aria-labelledby="mine-h">
          <h2 id="mine-h">{t("myTeam")}</h2>
          <div className="grid gap-3 lg:grid-cols-2">{mine.map((l) => <DecklistView key={l.duelistId} list={l} />)}</div>
          {(() => {
            const own = mine.find((l) => l.duelistId === me.id)!;
            return own.locked ? <p className="text-sm text-slate-600">{t("lockedHint")}</p> : (
              <div className="card"><h3 className="mb-2 font-semibold">{own.status === "missing" ? t("submitTitle") : t("replaceTitle")}</h3><DecklistForm duelistId={me.id} label={own.status === "missing" ? t("submit") : t("replace")} /></div>
            );
          })()}
        </section>
      )}
      {overview && (
        <section className="card space-y-2" aria-labelledby="all-h">
          <h2 id="all-h">{t("allTeams")}</h2>
          <p className="text-sm text-slate-600" data-testid="deck-counts">{t("counts", counts)}</p>
          <div className="table-wrap">
            <table className="data">
              <thead><tr><th scope="col">{t("team")}</th><th scope="col">A</th><th scope="col">B</th></tr></thead>
              <tbody>
                {teams.map((team) => (
                  <tr key={team.id} data-testid="deck-overview-row">
                    <td className="min-w-0 break-words"><Link href={`/events/${id}/decklists/${team.id}`}>{team.name}</Link></td>
                    {team.duelists.map((d) => <td key={d.id}><StatusBadge status={!d.decklist ? "missing" : d.decklist.isLegal ? "legal" : "illegal"} /></td>)}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
      {!mine && !overview && <p className="card text-slate-600">{t("private")}</p>}
    </div>
  );
}
