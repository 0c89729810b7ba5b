"use client";
/**
 * The standings table (issue #15): heading, provisional / final notes and the table — rank (and
 * final place once the event is finished, issue #14), team with its badges (champion/finalist,
 * disqualified, dropped), duelists, late entry, points, record with byes and game record (best of
 * three), the preset's tiebreaker columns (lib/formats/tiebreakers, PS05/PS06) — rendered from
 * StandingsData (lib/server/read/liveData.ts). The server page renders it with the data it read;
 * afterwards it refetches `/api/events/:id/data/standings` (`?view=provisional` for the
 * provisional view) on the page's topics (`standings`; provisional also `results:*`) through
 * components/useLiveJson instead of re-rendering the page through Next.js.
 * `columns`: the page's tiebreaker columns (key, message key under "tiebreakers", test id, format).
 * `links`: the server-rendered links shown beside the heading.
 */
import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import type { StandingsData } from "@/lib/server/read/liveData";
import { useLiveJson } from "./useLiveJson";

/** One tiebreaker column as the page shows it (lib/formats/tiebreakers TiebreakerColumn without its value function). */
export interface StandingsColumn {
  key: string;
  label: string;
  testId: string;
  format: string;
}

export function LiveStandings({
  eventId,
  initial,
  serverNow,
  provisional,
  columns,
  bestOf,
  links,
}: {
  eventId: string;
  initial: StandingsData;
  serverNow: number;
  provisional: boolean;
  columns: StandingsColumn[];
  bestOf: number;
  links: ReactNode;
}) {
  const t = useTranslations("standings");
  const tp = useTranslations("pages");
  const to = useTranslations("operations");
  const tf = useTranslations("finish.standings");
  const tfl = useTranslations("floor.placings");
  const tb = useTranslations("tiebreakers");
  const url = `/api/events/${encodeURIComponent(eventId)}/data/standings${provisional ? "?view=provisional" : ""}`;
  const { data } = useLiveJson({
    eventId,
    initial,
    serverNow,
    topics: provisional ? ["standings", "results:*"] : ["standings"],
    load: (get) => get<StandingsData>(url),
  });
  const final = data.final === true;
  const { throughRound } = data;
  // Tiebreaker columns: the first two from md, the rest from lg.
  const shown = (i: number) => (i < 2 ? "hidden md:table-cell" : "hidden lg:table-cell");
  return (
    <>
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
        {links}
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
              {data.rows.map((s) => {
                const p = s.placing;
                const cell = new Map(s.cells.map((c) => [c.key, c.text]));
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
                        <bdi>{s.name}</bdi>
                        {p && (p.stage === "champion" || p.stage === "finalist") && (
                          <span className="badge ml-1 bg-amber-100 text-amber-900" data-testid="placing-stage">
                            {tfl(`stage.${p.stage}`)}
                          </span>
                        )}
                        {s.disqualified ? (
                          <span className="badge ml-1 bg-red-100 text-red-800">{to("teams.disqualified")}</span>
                        ) : (
                          s.dropped && <span className="badge ml-1 bg-slate-200 text-slate-700">{t("dropped")}</span>
                        )}
                      </div>
                      <div className="text-xs text-slate-500 [overflow-wrap:anywhere]">
                        {(s.duelists ?? []).map((name, i) => (
                          <span key={i}>
                            {i > 0 && " & "}
                            <bdi>{name}</bdi>
                          </span>
                        ))}
                      </div>
                      {s.entryRound ? (
                        <div className="text-xs italic text-amber-900" data-testid="late-entry">
                          {to("standings.late", { round: s.entryRound, policy: s.entryPolicy ?? "losses" })}
                        </div>
                      ) : null}
                    </td>
                    <td className="text-right font-semibold tabular-nums" data-testid="points">
                      {s.points}
                    </td>
                    <td className="hidden tabular-nums sm:table-cell">
                      {s.wins}-{s.losses}-{s.draws}
                      {s.byes ? ` (${t("byes", { count: s.byes })})` : ""}
                      {bestOf > 1 && (
                        <span className="block text-xs text-slate-500" data-testid="games-record">
                          {t("gamesRecord", { won: s.gamesWon ?? 0, lost: s.gamesLost ?? 0 })}
                        </span>
                      )}
                    </td>
                    {columns.map((c, i) => (
                      <td
                        key={c.key}
                        className={`${shown(i)} text-right ${c.format === "integer" ? "font-mono text-xs" : "tabular-nums"}`}
                        data-testid={c.testId}
                      >
                        {cell.get(c.key)}
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
    </>
  );
}
