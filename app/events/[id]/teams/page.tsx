import Link from "next/link";
import { connection } from "next/server";
import { getTranslations } from "next-intl/server";
import { teamsView } from "@/lib/server/read/teams";
import { pageActor } from "@/lib/auth/session";
import { eventView } from "@/lib/server/read/events";
import { getPreset } from "@/lib/formats/presets";
import { RegisterTeamForm } from "./RegisterTeamForm";
import { ActionButton } from "@/components/ConfirmButton";
import { deleteTeam, dropTeam } from "@/lib/server/actions/browser/core";
import { ResetCodeButton } from "@/components/ResetCodeButton";
import { isolate } from "@/lib/i18n/bidi";
import { eventPageMetadata } from "@/lib/server/read/pageMeta";
import { filterTeams, TEAM_FILTERS, type TeamFilter } from "@/lib/teams/filter";

export const generateMetadata = eventPageMetadata("teams");

/**
 * Teams (issue #13 item 6): search by team, duelist or (staff) Player ID; staff filter by claim
 * and decklist status (lib/teams/filter) and see both per duelist. Delete before round 1 is
 * paired, drop afterwards. The table has a fixed layout so names wrap between words on a phone
 * (a word breaks only when it alone is wider than its column).
 */
export default async function TeamsPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ q?: string; show?: string }>;
}) {
  await connection();
  const { id } = await params;
  const sp = await searchParams;
  const t = await getTranslations("teams");
  const te = await getTranslations("eventday.teams");
  const { event, role } = await eventView(id, await pageActor());
  const game = getPreset(event.formatPreset).game;
  const { paired, teams: all, disqualified } = await teamsView(id);
  // Disqualified (a DISQUALIFICATION penalty, lib/formats teamCondition) rather than "dropped".
  const to = await getTranslations("operations");
  const show: TeamFilter = role && (TEAM_FILTERS as readonly string[]).includes(sp.show ?? "") ? (sp.show as TeamFilter) : "all";
  const q = (sp.q ?? "").slice(0, 80);
  const teams = filterTeams(
    all.map((team) => ({
      ...team,
      duelists: team.duelists.map((d) => ({
        ...d,
        playerId: role ? d.playerId : null,
        claimed: d.userId !== null,
        decklist: d.decklist ? (d.decklist.isLegal ? ("legal" as const) : ("illegal" as const)) : ("none" as const),
      })),
    })),
    { q, show },
  );
  return (
    // minmax(0,…) + min-w-0: a very long name wraps instead of widening the grid past the phone.
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <section className="card min-w-0 space-y-3">
        <h2>{t("title", { count: all.length })}</h2>
        {all.length > 0 && (
          <form method="get" className="flex flex-wrap items-end gap-2" role="search" data-testid="team-search">
            <div className="min-w-0 flex-1 basis-40">
              <label htmlFor="team-q" className="label">
                {te("search")}
              </label>
              <input
                id="team-q"
                name="q"
                type="search"
                defaultValue={q}
                className="input mt-1"
                placeholder={te("searchPlaceholder", { game })}
              />
            </div>
            {role && (
              <div className="basis-48">
                <label htmlFor="team-show" className="label">
                  {te("show")}
                </label>
                <select id="team-show" name="show" defaultValue={show} className="input mt-1">
                  {TEAM_FILTERS.map((f) => (
                    <option key={f} value={f}>
                      {te(`filter.${f}`)}
                    </option>
                  ))}
                </select>
              </div>
            )}
            <button type="submit" className="btn-secondary">
              {te("apply")}
            </button>
          </form>
        )}
        {all.length === 0 ? (
          <p className="text-slate-600">{t("none")}</p>
        ) : (
          <>
            {(q || show !== "all") && (
              <p className="text-sm text-slate-600" role="status" data-testid="team-count">
                {te("showing", { shown: teams.length, total: all.length })}{" "}
                <Link href={`/events/${id}/teams`} className="underline">
                  {te("clear")}
                </Link>
              </p>
            )}
            <table
              className="data table-fixed [&_td]:[overflow-wrap:break-word] [&_bdi]:[overflow-wrap:break-word]"
              data-testid="teams-table"
            >
              <colgroup>
                <col className="w-9" />
                <col />
                {role && <col className="w-24 sm:w-44" />}
              </colgroup>
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">{te("teamAndDuelists", { game })}</th>
                  {role && (
                    <th scope="col">
                      <span className="sr-only">{t("actions")}</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {teams.map((team) => (
                  <tr key={team.id} data-testid="team-row">
                    <td className="tabular-nums">{team.number}</td>
                    {/* one cell for the team and its two duelists: the widest column a phone can give a name */}
                    <td>
                      <div className="font-medium">
                        <bdi>{team.name}</bdi>
                        {disqualified.has(team.id) ? (
                          <span className="badge ml-2 bg-red-100 text-red-800">{to("teams.disqualified")}</span>
                        ) : (
                          team.status === "DROPPED" && <span className="badge ml-2 bg-slate-200 text-slate-700">{t("dropped")}</span>
                        )}
                      </div>
                      <ul className="mt-1 space-y-1">
                        {team.duelists.map((d) => (
                          <li key={d.id} data-testid={`duelist-${d.designation}`}>
                            <span className="font-mono text-xs text-slate-500">{d.designation}</span> <bdi>{d.name}</bdi>
                            {/* player IDs, claim/decklist status and account tools are for staff only */}
                            {role && d.playerId && (
                              <span className="text-xs text-slate-500">
                                {" "}
                                · <bdi>{d.playerId}</bdi>
                              </span>
                            )}
                            {role && (
                              <span className="ml-1 inline-flex flex-wrap gap-1 align-middle">
                                <span
                                  className={`badge ${d.claimed ? "bg-green-100 text-green-900" : "bg-amber-100 text-amber-900"}`}
                                  data-testid="claim-status"
                                >
                                  {te(d.claimed ? "claimed" : "unclaimed")}
                                </span>
                                <span
                                  className={
                                    "badge " +
                                    (d.decklist === "legal"
                                      ? "bg-green-100 text-green-900"
                                      : d.decklist === "illegal"
                                        ? "bg-red-100 text-red-800"
                                        : "bg-slate-100 text-slate-700")
                                  }
                                  data-testid="decklist-status"
                                >
                                  {te(`decklist.${d.decklist}`)}
                                </span>
                              </span>
                            )}
                            {role && d.userId && (
                              <>
                                {" "}
                                <ResetCodeButton eventId={id} userId={d.userId} name={d.name} />
                              </>
                            )}
                          </li>
                        ))}
                      </ul>
                    </td>
                    {role && (
                      <td className="text-right">
                        {/* stacked on phones so the row never needs more than the screen */}
                        <div className="flex flex-col items-end gap-1 sm:flex-row sm:flex-wrap sm:items-center sm:justify-end sm:gap-2">
                          <Link href={`/events/${id}/teams/${team.id}/receipt`} className="text-sm">
                            {t("receipt")}
                          </Link>
                          <Link href={`/events/${id}/teams/${team.id}/edit`} className="text-sm">
                            {t("edit")}
                          </Link>
                          {!paired && (
                            <ActionButton
                              action={deleteTeam}
                              input={{ teamId: team.id }}
                              label={te("delete")}
                              confirm={te("deleteConfirm", { name: isolate(team.name) })}
                            />
                          )}
                          {paired && team.status === "ACTIVE" && (
                            <ActionButton
                              action={dropTeam}
                              input={{ teamId: team.id }}
                              label={t("drop")}
                              confirm={t("dropConfirm", { name: isolate(team.name) })}
                            />
                          )}
                        </div>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </section>
      {role && (
        <section className="card min-w-0">
          <h2 className="mb-2">{t("registerTitle")}</h2>
          <p className="mb-3 text-sm text-slate-600">{t("registerHint", { game })}</p>
          <RegisterTeamForm eventId={id} game={game} />
        </section>
      )}
    </div>
  );
}
