import Link from "next/link";
import { connection } from "next/server";
import { getFormatter, getTranslations } from "next-intl/server";
import { pageActor } from "@/lib/auth/session";
import { eventView } from "@/lib/server/read/events";
import { decklistOverview, teamDecklists } from "@/lib/server/read/decklistView";
import type { StoredLegality } from "@/lib/server/write/decklists";
import { decklistWindow } from "@/lib/decks";
import { getPreset } from "@/lib/formats/presets";
import { DecklistView, StatusBadge, violationText } from "@/components/DecklistView";
import { DecklistForm } from "@/components/DecklistForm";
import { eventPageMetadata } from "@/lib/server/read/pageMeta";

export const generateMetadata = eventPageMetadata("decklists");

/**
 * Judges (and everyone once lists are published): every team at a glance — legal / illegal /
 * missing per duelist, plus team-rule problems. A duelist: their own and their teammate's lists,
 * and the form to submit theirs while the window is open (deadline, locks: lib/decks decklistWindow).
 */
export default async function DecklistsPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ status?: string }>;
}) {
  await connection();
  const { id } = await params;
  // ?status=illegal|missing: only teams with such a list (the pairing warning links here, issue #13 item 9).
  const sp = await searchParams;
  const only = sp.status === "illegal" || sp.status === "missing" ? sp.status : null;
  const t = await getTranslations("decklists");
  const to = await getTranslations("deckops");
  const format = await getFormatter();
  const { event, role, me } = await eventView(id, await pageActor());
  const overview = Boolean(role) || event.decklistsPublished;
  const mine = me ? await teamDecklists(me.teamId) : null;
  const teams = overview ? await decklistOverview(id) : [];
  const counts = { legal: 0, illegal: 0, missing: 0 };
  for (const team of teams) for (const d of team.duelists) counts[!d.decklist ? "missing" : d.decklist.isLegal ? "legal" : "illegal"]++;
  const now = new Date();
  const deadline = event.decklistDeadline;
  const when = deadline
    ? `${format.dateTime(deadline, { dateStyle: "medium", timeStyle: "short", timeZone: event.timeZone })} (${event.timeZone})`
    : null;
  const own = mine && me ? mine.find((l) => l.duelistId === me.id)! : null;
  const window = own
    ? decklistWindow({
        isStaff: Boolean(role),
        locked: own.locked,
        deadline,
        now,
        submittedAt: own.submittedAt,
        unlockedAt: own.unlockedAt,
      })
    : null;
  const deadlinePassed = Boolean(deadline && now >= deadline);
  // Team-rule violations (2HG copies across both decks) in the page's language, as on the team page.
  const listOf = (d: { decklist?: { legality?: unknown } | null }) => ((d.decklist?.legality ?? {}) as Partial<StoredLegality>).list ?? "";
  const lists = overview ? [...new Set(teams.flatMap((t) => t.duelists.map(listOf)))] : [];
  const sayIn = new Map(
    await Promise.all(lists.map(async (l) => [l, await violationText(getPreset(event.formatPreset).game, l)] as const)),
  );
  return (
    <div className="space-y-4">
      <p className={`text-sm ${deadlinePassed ? "font-semibold text-amber-900" : "text-slate-600"}`} data-testid="deck-deadline">
        {when ? (deadlinePassed ? to("deadlinePassed", { when }) : to("deadline", { when })) : to("noDeadline")}
      </p>
      {mine && me && own && window && (
        <section className="space-y-3" aria-labelledby="mine-h">
          <h2 id="mine-h">{t("myTeam")}</h2>
          <div className="grid gap-3 lg:grid-cols-2">
            {mine.map((l) => (
              <DecklistView key={l.duelistId} list={l} locked={l.duelistId === me.id ? !window.open : undefined} />
            ))}
          </div>
          {!window.open ? (
            <p className="text-sm text-slate-600" data-testid="own-locked">
              {window.code === "DEADLINE_PASSED" ? to("deadlineLocked") : t("lockedHint")}
            </p>
          ) : (
            <div className="card">
              <h3 className="mb-2 font-semibold">{own.status === "missing" ? t("submitTitle") : t("replaceTitle")}</h3>
              {deadlinePassed && <p className="mb-2 text-sm text-slate-600">{to("unlockedAfterDeadline")}</p>}
              <DecklistForm
                duelistId={me.id}
                game={getPreset(event.formatPreset).game}
                label={own.status === "missing" ? t("submit") : t("replace")}
              />
            </div>
          )}
        </section>
      )}
      {overview && (
        <section className="card space-y-2" aria-labelledby="all-h">
          <div className="flex flex-wrap items-center gap-3">
            <h2 id="all-h">{t("allTeams")}</h2>
            {role && (
              <Link href={`/events/${id}/decklists/checks`} className="text-sm" data-testid="deckchecks-link">
                {to("link")}
              </Link>
            )}
          </div>
          <p className="text-sm text-slate-600" data-testid="deck-counts">
            {t("counts", counts)}
          </p>
          {only && (
            <p className="text-sm" data-testid="deck-filter">
              {t(only === "missing" ? "filterMissing" : "filterIllegal")}{" "}
              <Link href={`/events/${id}/decklists#all-h`}>{t("filterAll")}</Link>
            </p>
          )}
          <div className="table-wrap">
            <table className="data">
              <thead>
                <tr>
                  <th scope="col">{t("team")}</th>
                  <th scope="col">A</th>
                  <th scope="col">B</th>
                  <th scope="col">{to("teamColumn")}</th>
                </tr>
              </thead>
              <tbody>
                {teams
                  .filter(
                    (team) => !only || team.duelists.some((d) => (only === "missing" ? !d.decklist : d.decklist && !d.decklist.isLegal)),
                  )
                  .map((team) => {
                    const withTeam = team.duelists.find(
                      (d) => (((d.decklist?.legality ?? {}) as Partial<StoredLegality>).team ?? []).length > 0,
                    );
                    const teamViolations = withTeam ? (((withTeam.decklist!.legality ?? {}) as Partial<StoredLegality>).team ?? []) : [];
                    const say = withTeam ? sayIn.get(listOf(withTeam)) : undefined;
                    const complete = team.duelists.every((d) => d.decklist);
                    return (
                      <tr key={team.id} data-testid="deck-overview-row" data-team={team.name}>
                        <td className="min-w-0 break-words">
                          <Link href={`/events/${id}/decklists/${team.id}`}>
                            <bdi>{team.name}</bdi>
                          </Link>
                        </td>
                        {team.duelists.map((d) => (
                          <td key={d.id}>
                            <StatusBadge status={!d.decklist ? "missing" : d.decklist.isLegal ? "legal" : "illegal"} />
                          </td>
                        ))}
                        <td data-testid="team-rules">
                          {teamViolations.length > 0 ? (
                            <span
                              className="badge bg-red-100 text-red-800"
                              title={teamViolations.map((v) => say?.(v) ?? v.message).join(" ")}
                            >
                              {to("teamViolations", { count: teamViolations.length })}
                            </span>
                          ) : complete ? (
                            <span className="badge bg-green-100 text-green-800">{to("teamOk")}</span>
                          ) : (
                            <span className="text-slate-500">–</span>
                          )}
                        </td>
                      </tr>
                    );
                  })}
              </tbody>
            </table>
          </div>
        </section>
      )}
      {!mine && !overview && <p className="card text-slate-600">{t("private")}</p>}
    </div>
  );
}
