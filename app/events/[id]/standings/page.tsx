import Link from "next/link";
import { connection } from "next/server";
import { getTranslations } from "next-intl/server";
import { standingsView } from "@/lib/server/read/standings";
import { pageActor } from "@/lib/auth/session";
import { eventView } from "@/lib/server/read/events";
import { getPreset } from "@/lib/formats/presets";
import { columnsForView, standingsColumnCells } from "@/lib/standings";
import { LiveRefresh } from "@/components/LiveRefresh";
import { eventPageMetadata } from "@/lib/server/read/pageMeta";
import { eventPlacings } from "@/lib/server/read/placings";

export const generateMetadata = eventPageMetadata("standings");

/** Official standings (closed rounds, PS05/PS06) or, labelled, the provisional view of the open round. */
export default async function StandingsPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ view?: string }>;
}) {
  await connection();
  const { id } = await params;
  const provisional = (await searchParams).view === "provisional";
  const t = await getTranslations("standings");
  const tp = await getTranslations("pages");
  const to = await getTranslations("operations");
  const { event, role } = await eventView(id, await pageActor());
  const ti = await getTranslations("interop.exports");
  const preset = getPreset(event.formatPreset);
  const { standings: swiss, throughRound, teams, disqualified: dq } = await standingsView(id, { provisional });
  // Issue #14: once the event is finished, the final placings (lib/standings finalPlacings) order the table.
  const tf = await getTranslations("finish.standings");
  const tfl = await getTranslations("floor.placings");
  // The official standings just read are the placings' Swiss part (computed once per request).
  const placed = await eventPlacings(id, undefined, provisional ? {} : { standings: swiss });
  const final = !provisional && placed.status === "FINISHED" && placed.placings !== null;
  const byTeam = new Map(swiss.map((s) => [s.teamId, s]));
  const standings = final ? placed.placings!.map((p) => byTeam.get(p.teamId)).filter((s) => s !== undefined) : swiss;
  // Disqualified (a DISQUALIFICATION penalty, lib/formats teamCondition) rather than "dropped".
  const disqualified = (teamId: string) => dq.has(teamId);
  const tb = await getTranslations("tiebreakers");
  // Tiebreaker columns are the preset's data (lib/formats/tiebreakers): the first two from md, the rest from lg.
  const columns = columnsForView(preset.standingsColumns, "page");
  const shown = (i: number) => (i < 2 ? "hidden md:table-cell" : "hidden lg:table-cell");
  return (
    <div className="space-y-3">
      <LiveRefresh eventId={id} version={event.version} topics={provisional ? ["standings", "results:*"] : ["standings"]} />
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-xl">
          {provisional
            ? t("provisionalTitle")
            : final
              ? tf("finalTitle")
              : throughRound === 0
                ? tp("standingsEmptyTitle")
                : t("title", { round: throughRound })}
        </h2>
        <span className="flex flex-wrap gap-3 text-sm">
          <Link href={provisional ? `/events/${id}/standings` : `/events/${id}/standings?view=provisional`} className="text-sm">
            {provisional ? t("showOfficial") : t("showProvisional")}
          </Link>
          <a href={`/api/events/${id}/standings`} download data-testid="standings-csv">
            {to("standings.csv")}
          </a>
          <Link href={`/events/${id}/print/standings`}>{to("standings.print")}</Link>
          {role && (
            <a href={`/api/events/${id}/export/results.csv`} download data-testid="results-csv">
              {ti("standingsResults")}
            </a>
          )}
        </span>
      </div>
      {provisional && <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{t("provisionalNote")}</p>}
      {final && <p className="text-sm text-slate-600">{tf("finalNote")}</p>}
      {throughRound === 0 ? (
        <div className="card space-y-1" data-testid="standings-empty">
          <p className="font-medium">{t("none")}</p>
          <p className="text-sm text-slate-600">{tp("standingsEmptyHint")}</p>
        </div>
      ) : (
        <div className="card table-wrap p-0 sm:p-2">
          <table className="data" data-testid="standings">
            <thead>
              <tr>
                {final && <th scope="col">{tf("place")}</th>}
                <th scope="col" className={final ? "hidden sm:table-cell" : undefined}>
                  {final ? tf("swissRank") : t("rank")}
                </th>
                <th scope="col">{t("team")}</th>
                <th scope="col" className="text-right">
                  {t("points")}
                </th>
                <th scope="col" className="hidden sm:table-cell">
                  {t("record")}
                </th>
                {columns.map((c, i) => (
                  <th key={c.key} scope="col" className={`${shown(i)} text-right`}>
                    {tb(c.label)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {standings.map((s) => {
                const team = teams.get(s.teamId);
                const cells = standingsColumnCells(preset.standingsColumns, s, "page");
                const p = final ? placed.byTeam.get(s.teamId) : undefined;
                return (
                  <tr key={s.teamId} data-testid="standing-row">
                    {final && (
                      <td className="tabular-nums" data-testid="place">
                        <span className="font-semibold">{p?.place ?? tf("noPlace")}</span>
                        {p?.band && p.band.from !== p.band.to && (
                          <span className="block text-xs text-slate-500">{tf("band", { from: p.band.from, to: p.band.to })}</span>
                        )}
                      </td>
                    )}
                    <td className={`tabular-nums ${final ? "hidden sm:table-cell" : ""}`} data-testid="rank">
                      {s.rank}
                    </td>
                    <td className="min-w-0">
                      <div className="font-medium [overflow-wrap:anywhere]" data-testid="team-name">
                        <bdi>{team?.name}</bdi>
                        {p && (p.stage === "champion" || p.stage === "finalist") && (
                          <span className="badge ml-1 bg-amber-100 text-amber-900" data-testid="placing-stage">
                            {tfl(`stage.${p.stage}`)}
                          </span>
                        )}
                        {disqualified(s.teamId) ? (
                          <span className="badge ml-1 bg-red-100 text-red-800">{to("teams.disqualified")}</span>
                        ) : (
                          s.dropped && <span className="badge ml-1 bg-slate-200 text-slate-700">{t("dropped")}</span>
                        )}
                      </div>
                      <div className="text-xs text-slate-500 [overflow-wrap:anywhere]">
                        {team?.duelists.map((d, i) => (
                          <span key={d.id}>
                            {i > 0 && " & "}
                            <bdi>{d.name}</bdi>
                          </span>
                        ))}
                      </div>
                      {team?.entryRound && (
                        <div className="text-xs italic text-amber-900" data-testid="late-entry">
                          {to("standings.late", { round: team.entryRound, policy: team.entryPolicy ?? "losses" })}
                        </div>
                      )}
                    </td>
                    <td className="text-right font-semibold tabular-nums" data-testid="points">
                      {s.points}
                    </td>
                    <td className="hidden tabular-nums sm:table-cell">
                      {s.wins}-{s.losses}-{s.draws}
                      {s.byes ? ` (${t("byes", { count: s.byes })})` : ""}
                      {preset.bestOf > 1 && (
                        <span className="block text-xs text-slate-500" data-testid="games-record">
                          {t("gamesRecord", { won: s.gamesWon, lost: s.gamesLost })}
                        </span>
                      )}
                    </td>
                    {cells.map((c, i) => (
                      <td
                        key={c.key}
                        className={`${shown(i)} text-right ${c.format === "integer" ? "font-mono text-xs" : "tabular-nums"}`}
                        data-testid={c.testId}
                      >
                        {c.text}
                        {c.format === "integer" ? "" : "%"}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
