/**
 * CSV exports of an event (issue #17), written by lib/csv (papaparse; formula-looking cells get a
 * leading `'`, like the standings CSV). Export only: the `csv` EventFileFormat is the full results CSV.
 *
 * - {@link resultsCsv}: one row per team in final-placing order (lib/server/read/placings
 *   eventPlacings; Swiss order while the event runs): place, team, duelist A / B with their Player
 *   IDs, Swiss points and record, dropped, then one column per round `round_N` with the team's match
 *   in it: `W vs <team> (table 3)`, `L vs …`, `D vs …`, `DL vs …` (double loss), `BYE`,
 *   `L (unopposed)` (a late entry's missed round), empty when the team did not play.
 * - {@link pairingsCsv}: one row per table of a round (default: the latest), teams and duelists,
 *   and the result when entered.
 * - {@link inviteListCsv}: EventLink's invite list for a Magic Two-Headed Giant event — one player
 *   per row, the name in column A (EventLink reads column A, Wizards Account email or display name,
 *   and ignores the other columns; no header row), the team name in column B.
 * Each returns {body, fileName, contentType}; the body starts with a UTF-8 BOM (spreadsheets then
 * read the names as UTF-8) and ends with CRLF.
 * Errors: ActionError NOT_FOUND (unknown event or round), INVITE_LIST_NOT_TWO_HEADED_GIANT (invite list of a
 * non-2HG event).
 */
import { db } from "@/lib/db";
import { ActionError } from "@/lib/errors";
import { toCsv, type CsvValue } from "@/lib/csv";
import { eventRules } from "@/lib/server/write/eventRules";
import { loadHistory, standingsView } from "@/lib/server/read/standings";
import { eventPlacings } from "@/lib/server/read/placings";
import type { EventFileFormat } from "./formats";

export interface ExportFile {
  body: string;
  fileName: string;
  contentType: string;
}

const CSV_TYPE = "text/csv; charset=utf-8";

function slug(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 40) || "event"
  );
}

const file = (body: string, fileName: string): ExportFile => ({ body: "\uFEFF" + body + "\r\n", fileName, contentType: CSV_TYPE });

/** The full results CSV of an event (see the module docstring). @throws ActionError NOT_FOUND */
export async function resultsCsv(eventId: string): Promise<ExportFile> {
  const tx = db();
  const { event } = await eventRules(tx, eventId);
  const { standings, teams } = await standingsView(eventId);
  const placings = await eventPlacings(eventId, tx, { standings });
  const rounds = await tx.round.findMany({
    where: { eventId },
    orderBy: { number: "asc" },
    include: { matches: { orderBy: { table: "asc" }, include: { teams: { select: { slot: true, teamId: true } } } } },
  });
  // Late entries' missed rounds (unopposed losses / byes) come from the Swiss history.
  const history = await loadHistory(tx, eventId, ["PAIRED", "PUBLISHED", "CLOSED"]);
  const cell = new Map<string, string>();
  const nameOf = (id: string | null) => (id ? (teams.get(id)?.name ?? "?") : "");
  for (const r of rounds)
    for (const m of r.matches) {
      const t1 = m.teams.find((t) => t.slot === 1)?.teamId ?? null;
      const t2 = m.teams.find((t) => t.slot === 2)?.teamId ?? null;
      if (!t1) continue;
      if (!t2) {
        cell.set(`${t1}:${r.number}`, m.outcome === "BYE" ? "BYE" : "");
        continue;
      }
      for (const [me, other, slot] of [
        [t1, t2, 1],
        [t2, t1, 2],
      ] as const) {
        const mark =
          m.outcome === null
            ? "vs"
            : m.outcome === "DRAW"
              ? "D vs"
              : m.outcome === "DOUBLE_LOSS"
                ? "DL vs"
                : m.winnerSlot === slot
                  ? "W vs"
                  : "L vs";
        cell.set(`${me}:${r.number}`, `${mark} ${nameOf(other)} (table ${m.table})`);
      }
    }
  for (const r of history)
    for (const m of r.matches)
      if (m.team2 === null && !cell.has(`${m.team1}:${r.number}`))
        cell.set(`${m.team1}:${r.number}`, m.result === "bye" ? "BYE" : "L (unopposed)");
  const order = placings.placings ? placings.placings.map((p) => p.teamId) : standings.map((s) => s.teamId);
  const row = new Map(standings.map((s) => [s.teamId, s]));
  const numbers = rounds.map((r) => r.number);
  const rows: CsvValue[][] = order.map((id) => {
    const t = teams.get(id);
    const s = row.get(id);
    const a = t?.duelists.find((d) => d.designation === "A");
    const b = t?.duelists.find((d) => d.designation === "B");
    return [
      placings.byTeam.get(id)?.place ?? "",
      t?.name ?? "?",
      a?.name ?? "",
      a?.playerId ?? "",
      b?.name ?? "",
      b?.playerId ?? "",
      s?.points ?? 0,
      s?.wins ?? 0,
      s?.losses ?? 0,
      s?.draws ?? 0,
      s?.byes ?? 0,
      t?.status === "DROPPED" ? "yes" : "no",
      ...numbers.map((n) => cell.get(`${id}:${n}`) ?? ""),
    ];
  });
  const body = toCsv(
    [
      "place",
      "team",
      "duelist_a",
      "player_id_a",
      "duelist_b",
      "player_id_b",
      "points",
      "wins",
      "losses",
      "draws",
      "byes",
      "dropped",
      ...numbers.map((n) => `round_${n}`),
    ],
    rows,
  );
  return file(body, `results-${slug(event.name)}.csv`);
}

/** The pairings CSV of round `number` (default: the event's latest round). @throws ActionError NOT_FOUND */
export async function pairingsCsv(eventId: string, number?: number): Promise<ExportFile> {
  const tx = db();
  const { event } = await eventRules(tx, eventId);
  const round = await tx.round.findFirst({
    where: { eventId, ...(number ? { number } : {}) },
    orderBy: { number: "desc" },
    include: {
      matches: {
        orderBy: { table: "asc" },
        include: { teams: { orderBy: { slot: "asc" }, include: { team: { include: { duelists: { orderBy: { designation: "asc" } } } } } } },
      },
    },
  });
  if (!round) throw new ActionError("NOT_FOUND", "No such round.", "round", { what: "round" });
  const result = (m: (typeof round.matches)[number]) =>
    m.outcome === null
      ? ""
      : m.outcome === "BYE"
        ? "bye"
        : m.outcome === "DRAW"
          ? "draw"
          : m.outcome === "DOUBLE_LOSS"
            ? "double loss"
            : `${m.teams.find((t) => t.slot === m.winnerSlot)?.team.name ?? "?"} wins`;
  const side = (m: (typeof round.matches)[number], slot: number) => {
    const t = m.teams.find((x) => x.slot === slot)?.team;
    return [
      t?.name ?? "",
      t?.duelists.find((d) => d.designation === "A")?.name ?? "",
      t?.duelists.find((d) => d.designation === "B")?.name ?? "",
    ];
  };
  const body = toCsv(
    ["round", "table", "team_1", "team_1_a", "team_1_b", "team_2", "team_2_a", "team_2_b", "result"],
    round.matches.map((m) => [round.number, m.table, ...side(m, 1), ...side(m, 2), result(m)]),
  );
  return file(body, `pairings-${slug(event.name)}-round-${round.number}.csv`);
}

/**
 * EventLink's invite list of a Two-Headed Giant event (see the module docstring).
 * @throws ActionError NOT_FOUND / INVITE_LIST_NOT_TWO_HEADED_GIANT
 */
export async function inviteListCsv(eventId: string): Promise<ExportFile> {
  const tx = db();
  const { event } = await eventRules(tx, eventId);
  if (event.formatPreset !== "MTG_2HG")
    throw new ActionError(
      "INVITE_LIST_NOT_TWO_HEADED_GIANT",
      "EventLink's invite list is for Magic Two-Headed Giant events.",
      undefined,
      {},
    );
  const teams = await tx.team.findMany({
    where: { eventId, status: "ACTIVE" },
    orderBy: { number: "asc" },
    include: { duelists: { orderBy: { designation: "asc" } } },
  });
  const rows = teams.flatMap((t) => t.duelists.map((d) => [d.name, t.name]));
  // No header row: EventLink reads every row's column A as a player.
  const body = toCsv(["", ""], rows).split("\r\n").slice(1).join("\r\n");
  return file(body, `eventlink-invite-list-${slug(event.name)}.csv`);
}

/** The `csv` event file format: export only (the full results CSV). */
export const csvFormat: EventFileFormat = {
  id: "csv",
  exportEvent: resultsCsv,
  detect: null,
  importEvent: null,
};
