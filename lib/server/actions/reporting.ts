/**
 * Result reporting by both teams, penalties (issue #6).
 *
 * submitTeamReport — a signed-in duelist linked to a team of the match reports their own table's
 *   result from a phone. Reports are appended (ResultReport, source TEAM). When the latest report
 *   of each team agrees (lib/formats/reports), the same transaction writes the final result to
 *   the Match; only that final write checks the match version. Disagreeing reports leave the
 *   match open: it shows in the judge queue, where a judge resolves it with reportResult.
 *
 *   Duplicate policy: a report equal to the reporting team's latest report (or to the final
 *   result it already produced) is answered ok with `status: "duplicate"` and writes NOTHING — no
 *   report row, no audit row, no version bump. Every other accepted report is one mutation with
 *   exactly one audit row: "result.team_report" (appended only) or "result.team_final" (appended
 *   and the match made final). Reports of one match are serialized by a row lock on the Match, so
 *   two copies of the same report sent at the same time store it once. A report that replaces a
 *   DIFFERENT earlier report of the same team (a teammate's or the reporter's own) says so:
 *   `replaced` {report, by, self} in the result and the audit row.
 *
 * confirmTeamReport — one-tap confirm (issue #14): a duelist agrees with the other team's latest
 *   report, named by id + version (lib/formats/reports confirmRule); the match is final at once,
 *   one audit row "result.team_confirm". A report changed in between is refused and named.
 *
 * issuePenalty — a judge records a penalty of a duelist; its team consequence comes from the
 *   preset (lib/formats/penalties): a game/match loss is written to the TEAM's match of the round
 *   while it has no final result; when that match is already final (or between rounds) it applies
 *   to the team's NEXT match (penaltyTarget; (I) MTG IPG/MTR and Konami practice — RULES.md is
 *   silent): written now if that round is paired, else pending until pairing applies it
 *   (lib/server/penalties). A disqualification makes the team lose its current match if not final
 *   (a final result stands) and drops the team; a team removed by a DQ takes no further penalty
 *   (TEAM_DISQUALIFIED). One audit row ("penalty.issue").
 */
import { z } from "zod";
import { nameText, plainText } from "@/lib/server/write/names";
import { ActionError } from "@/lib/errors";
import { audit, defineAction, fieldError, numberChoice } from "@/lib/server/action";
import { requireSignedIn, requireStaff } from "@/lib/auth/actor";
import type { Preset, PresetSettings } from "@/lib/formats/presets";
import { eventRules } from "@/lib/server/write/eventRules";
import { latestReports } from "@/lib/formats/reportRefs";
import { writeMatchResult } from "@/lib/server/write/matchResult";
import { enteredGames, resultEntryRule, resultFromReport, type MatchResult } from "@/lib/formats/results";
import { confirmRule, normalizeReport, reportState, sameReport, TEAM_RESULTS, type TeamReport } from "@/lib/formats/reports";
import { penaltyConsequence, penaltyTarget, PENALTY_KINDS } from "@/lib/formats/penalties";
import { getInfraction, parseInfractionValue } from "@/lib/formats/infractions";
import type { Game } from "@/lib/formats/presets";
import type { Tx } from "@/lib/db";
import { applyPenaltyToTeamMatch, lockMatch, teamMatchState } from "@/lib/server/write/penalties";
import { lpOverMax } from "@/lib/formats/lpEntry";
import { refuseEntry, resultAtTime } from "./rounds";
import type { Prisma } from "@/lib/generated/prisma/client";
import { teamDisqualification } from "@/lib/server/write/roundState";
import { knowMatchTopics, matchChangeTopics } from "@/lib/server/live/changeTopics";

/**
 * The MatchResult a team report describes (same conversion as the judge's entry: "time" runs the
 * preset's end-of-match procedure from the LP; otherwise lib/formats resultFromReport, PS07).
 * Throws ActionError naming the field when the result is impossible for the preset/stage.
 */
export function resultOfReport(
  preset: Preset,
  settings: PresetSettings,
  stage: "swiss" | "single_elimination",
  slots: { slot1: string; slot2: string; name1: string; name2: string },
  r: TeamReport,
): MatchResult {
  const rule = resultEntryRule(preset, settings, stage);
  if (r.result === "time") {
    if (!rule.outcomes.timeCalled)
      throw new ActionError("USE_JUDGE", "This format has life per duelist: call a judge to run the end of match.", "result");
    if (r.lp1 === undefined) throw fieldError("lp1", "LP_AT_TIME", { team: slots.name1 });
    if (r.lp2 === undefined) throw fieldError("lp2", "LP_AT_TIME", { team: slots.name2 });
    const over = lpOverMax(preset, { lp1: r.lp1, lp2: r.lp2 });
    if (over) throw fieldError(over.field, "TOO_BIG", { max: over.max });
    const res = resultAtTime(preset.id, settings, stage, r.firstSlot, r.lp1, r.lp2);
    if ("playOn" in res)
      throw new ActionError("PLAY_ON", `${res.text} Report the final result when play ends.`, "result", { ...res.params, step: res.step });
    refuseEntry(rule, res.outcome, preset);
    return res;
  }
  const outcome = r.result === "draw" ? "DRAW" : "WIN";
  refuseEntry(rule, outcome, preset);
  const winnerSlot = r.result === "team1" ? 1 : r.result === "team2" ? 2 : null;
  const winner = winnerSlot === 1 ? slots.slot1 : winnerSlot === 2 ? slots.slot2 : null;
  const games = enteredGames(rule, winnerSlot, preset.bestOf === 3 ? r : {});
  const gamesWon = { [slots.slot1]: games.slot1, [slots.slot2]: games.slot2 };
  const res = resultFromReport(
    {
      outcome,
      winnerTeamId: winner,
      loserTeamId: winner ? (winner === slots.slot1 ? slots.slot2 : slots.slot1) : null,
      gamesWon,
      gamesDrawn: outcome === "DRAW" ? 1 : 0,
    },
    { slot1TeamId: slots.slot1, slot2TeamId: slots.slot2 },
    preset,
  );
  if (!res.ok) {
    const e = res.errors[0];
    throw new ActionError(
      e.code,
      e.code === "RESULT_GAMES_IMPOSSIBLE"
        ? `games1: ${e.params.won}–${e.params.lost} is impossible in a best-of-${preset.bestOf} match.`
        : `${e.field}: ${e.code.toLowerCase().replaceAll("_", " ")}.`,
      e.field.startsWith("games") ? "games1" : "result",
      { bestOf: preset.bestOf, ...e.params },
    );
  }
  return res.result;
}

/**
 * The match a signed-in duelist reports on, with the duelist and their seat. Throws NOT_FOUND,
 * FORBIDDEN (not a duelist of the event), NOT_YOUR_TABLE (another table: names it), BYE_MATCH,
 * ROUND_NOT_PUBLISHED, ROUND_CLOSED — the same checks for a report and a one-tap confirm.
 */
export async function reporterSeat(tx: Tx, matchId: string, userId: string) {
  const match = await tx.match.findUnique({
    where: { id: matchId },
    include: { round: true, teams: { include: { team: true } } },
  });
  if (!match) throw new ActionError("NOT_FOUND", "No such match.", "matchId", { what: "match" });
  const { event, preset, settings } = await eventRules(tx, match.round.eventId);
  const me = await tx.duelist.findFirst({ where: { eventId: event.id, userId } });
  if (!me) throw new ActionError("FORBIDDEN", "Only a duelist of this match can report its result.", undefined, { what: "teamReport" });
  const mySeat = match.teams.find((s) => s.teamId === me.teamId);
  if (!mySeat) {
    const own = await tx.matchTeam.findUnique({
      where: { roundId_teamId: { roundId: match.roundId, teamId: me.teamId } },
      include: { match: true },
    });
    throw new ActionError(
      "NOT_YOUR_TABLE",
      own ? `You can only report your own table (table ${own.match.table}).` : "Your team does not play this round.",
      "matchId",
      own ? { what: "table", table: own.match.table } : { what: "none" },
    );
  }
  if (match.outcome === "BYE") throw new ActionError("BYE_MATCH", "A bye has no result to report.", "matchId", { what: "result" });
  if (match.round.status === "PAIRED")
    throw new ActionError("ROUND_NOT_PUBLISHED", "This round is not published yet.", undefined, { what: "team" });
  if (match.round.status === "CLOSED")
    throw new ActionError("ROUND_CLOSED", `Round ${match.round.number} is closed; ask a judge to correct a result.`, undefined, {
      what: "team",
      number: match.round.number,
    });
  // Issue #14: a finished event's results are final (the organizer reopens it to correct one).
  if (event.status === "FINISHED") throw new ActionError("EVENT_FINISHED", "This event is finished.");
  // A team's report or confirm changes neither the round nor the seats: its live topics are known now.
  knowMatchTopics(
    tx,
    match.id,
    match.round,
    match.teams.map((t) => t.teamId),
  );
  return { match, event, preset, settings, me, mySeat };
}

export const teamReportInput = z.object({
  matchId: z.string().min(1),
  result: z.enum(TEAM_RESULTS),
  /** Slot (1 or 2) of the team that went first. */
  firstSlot: numberChoice([1, 2]),
  /** LP at the end of the procedure; upper bound lpEntryMax(preset), checked in `run`. */
  lp1: z.coerce.number().int().min(0).optional(),
  lp2: z.coerce.number().int().min(0).optional(),
  games1: z.coerce.number().int().min(0).max(9).optional(),
  games2: z.coerce.number().int().min(0).max(9).optional(),
  /** The match version the reporter saw; checked only when this report makes the result final. */
  expectedVersion: z.coerce.number().int().min(0).optional(),
});

export type TeamReportStatus = "duplicate" | "recorded" | "final" | "conflict";

/**
 * The team's earlier report a new report replaced: its payload, who sent it (display name for
 * a teammate, the reporter's duelist name when `self`). Returned as `replaced` (null otherwise) and
 * kept in the audit row, so two teammates reporting different results at the same moment learn
 * that one report overrode the other instead of both reading "waiting for the other team".
 */
export interface ReplacedReport {
  report: TeamReport;
  by: string;
  self: boolean;
}

/** Duelist: report your own table's result (see the module docstring for the duplicate policy). */
export const submitTeamReport = defineAction({
  name: "submitTeamReport",
  input: teamReportInput,
  async run({ tx, actor, input }) {
    const userId = requireSignedIn(actor);
    const { match, event, preset, settings, me, mySeat } = await reporterSeat(tx, input.matchId, userId);
    const s1 = match.teams.find((t) => t.slot === 1)!,
      s2 = match.teams.find((t) => t.slot === 2)!;
    const stage = match.round.kind === "TOP_CUT" ? "single_elimination" : "swiss";
    const report = normalizeReport(
      {
        result: input.result,
        firstSlot: input.firstSlot as 1 | 2,
        lp1: input.lp1,
        lp2: input.lp2,
        games1: input.games1,
        games2: input.games2,
      },
      preset.bestOf,
    );
    const slots = { slot1: s1.teamId, slot2: s2.teamId, name1: s1.team.name, name2: s2.team.name };
    const result = resultOfReport(preset, settings, stage, slots, report); // refuses impossible results up front

    await lockMatch(tx, match.id);
    const fresh = await tx.match.findUniqueOrThrow({ where: { id: match.id } });
    const reports = await tx.resultReport.findMany({
      where: { matchId: match.id, source: "TEAM" },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    });
    const latest = (teamId: string) => {
      const r = reports.find((x) => x.teamId === teamId);
      return r ? (r.payload as unknown as TeamReport) : null;
    };
    const mine = latest(me.teamId);
    const mineRow = reports.find((x) => x.teamId === me.teamId);
    const otherTeam = me.teamId === s1.teamId ? s2.teamId : s1.teamId;
    const theirs = latest(otherTeam);
    if (mine && sameReport(mine, report, preset.bestOf)) {
      const state = reportState({
        final: Boolean(fresh.outcome),
        slot1: latest(s1.teamId),
        slot2: latest(s2.teamId),
        bestOf: preset.bestOf,
      });
      return { status: "duplicate" as TeamReportStatus, state, matchId: match.id, version: fresh.version };
    }
    if (fresh.outcome) {
      const final =
        fresh.outcome === "WIN"
          ? `${fresh.winnerSlot === 1 ? s1.team.name : s2.team.name} won`
          : fresh.outcome.toLowerCase().replace("_", " ");
      throw new ActionError(
        "RESULT_FINAL",
        `Table ${match.table} already has a final result (${final}). Ask a judge to correct it; nothing was saved.`,
        undefined,
        {
          table: match.table,
          outcome: fresh.outcome,
          team: fresh.winnerSlot === 1 ? s1.team.name : fresh.winnerSlot === 2 ? s2.team.name : "",
        },
      );
    }
    const agreed = theirs !== null && sameReport(theirs, report, preset.bestOf);
    // This report replaces a DIFFERENT earlier report of the same team (a teammate's or the reporter's own).
    const replaced: ReplacedReport | null =
      mine && mineRow
        ? {
            report: mine,
            self: mineRow.userId === userId,
            by:
              mineRow.userId === userId
                ? me.name
                : ((await tx.user.findUnique({ where: { id: mineRow.userId }, select: { displayName: true } }))?.displayName ?? "?"),
          }
        : null;
    await tx.resultReport.create({
      data: { matchId: match.id, userId, source: "TEAM", teamId: me.teamId, payload: report as unknown as Prisma.InputJsonValue },
    });
    const seen = {
      teamId: me.teamId,
      team: mySeat.team.name,
      duelist: me.name,
      report: report as unknown as Prisma.InputJsonObject,
      replaced: replaced as unknown as Prisma.InputJsonObject | null,
    };
    if (!agreed) {
      const state = theirs ? "CONFLICT" : "ONE_SIDED";
      await audit(tx, {
        eventId: event.id,
        actor,
        action: "result.team_report",
        entity: "Match",
        entityId: match.id,
        after: { table: match.table, ...seen, state } as Prisma.InputJsonObject,
      });
      return { status: (theirs ? "conflict" : "recorded") as TeamReportStatus, state, matchId: match.id, version: fresh.version, replaced };
    }
    // Both teams agree: the final write, the only step that checks the match version.
    const final = await writeAgreedResult(tx, {
      actor,
      eventId: event.id,
      match: { id: match.id, table: match.table, version: fresh.version },
      expectedVersion: input.expectedVersion,
      result,
      report,
      action: "result.team_final",
      seen,
    });
    return { status: "final" as TeamReportStatus, state: "FINAL", matchId: match.id, ...final, replaced };
  },
  topics: ({ tx, input }) => matchChangeTopics(tx, input.matchId),
});

/**
 * The final write when both teams' latest reports agree: the match gets the result (checked
 * against the version the reporter saw, then against the version read under the row lock) and
 * exactly one audit row `action` with what the reporter saw. Throws STALE_RESULT (nothing saved).
 */
export async function writeAgreedResult(
  tx: Tx,
  s: {
    actor: Parameters<typeof audit>[1]["actor"];
    eventId: string;
    match: { id: string; table: number; version: number };
    expectedVersion: number | undefined;
    result: MatchResult;
    report: TeamReport;
    action: string;
    seen: Prisma.InputJsonObject;
  },
) {
  const { match, result, report } = s;
  if (s.expectedVersion !== undefined && s.expectedVersion !== match.version) {
    throw new ActionError(
      "STALE_RESULT",
      "This match changed since you opened it (a judge may have entered a result). Reload to see it; nothing was saved.",
      undefined,
      { what: "opened" },
    );
  }
  const after = await writeMatchResult(tx, match, result, report, { onlyIfOpen: true });
  await audit(tx, {
    eventId: s.eventId,
    actor: s.actor,
    action: s.action,
    entity: "Match",
    entityId: match.id,
    before: { outcome: null, version: match.version },
    after: {
      table: match.table,
      ...s.seen,
      ...after,
      reportedAt: after.reportedAt.toISOString(),
      version: match.version + 1,
    } as Prisma.InputJsonObject,
  });
  return { version: match.version + 1, outcome: result.outcome, winnerSlot: result.winner };
}

export const confirmInput = z.object({
  matchId: z.string().min(1),
  /** The other team's report the duelist agrees with, as shown: its id and version (lib/formats/reports ReportRef). */
  reportId: z.string().min(1).max(64),
  /** A team's report count (lib/formats/reportRefs); a team sends a handful, 1,000 bounds a crafted value. */
  reportVersion: z.coerce.number().int().min(1).max(1000),
});

/**
 * Duelist: one-tap confirm of the other team's report (issue #14; lib/formats/reports confirmRule).
 * The confirming team gets a report row equal to the named one, and the match is final in the same
 * transaction, with exactly one audit row ("result.team_confirm"). Refused (nothing written):
 * CONFIRM_REPORT_CHANGED when the named report is no longer the other team's latest (params: the
 * latest report's id and version, so the page shows it), CONFIRM_NOTHING, CONFIRM_OWN_REPORT,
 * RESULT_FINAL, and the result-entry refusals of the preset (RULES §1.8, §8.20) through
 * resultOfReport. The same seat checks as submitTeamReport.
 */
export const confirmTeamReport = defineAction({
  name: "confirmTeamReport",
  input: confirmInput,
  async run({ tx, actor, input }) {
    const userId = requireSignedIn(actor);
    const { match, event, preset, settings, me, mySeat } = await reporterSeat(tx, input.matchId, userId);
    const s1 = match.teams.find((t) => t.slot === 1)!,
      s2 = match.teams.find((t) => t.slot === 2)!;
    await lockMatch(tx, match.id);
    const fresh = await tx.match.findUniqueOrThrow({ where: { id: match.id } });
    const rows = await tx.resultReport.findMany({
      where: { matchId: match.id, source: "TEAM" },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    });
    const decision = confirmRule({
      final: Boolean(fresh.outcome),
      bestOf: preset.bestOf,
      confirmingSlot: mySeat.slot as 1 | 2,
      latest: latestReports(
        rows.map((r) => ({ id: r.id, teamId: r.teamId, at: r.createdAt.getTime(), payload: r.payload as unknown as TeamReport })),
        { slot1: s1.teamId, slot2: s2.teamId },
      ),
      named: { id: input.reportId, version: input.reportVersion },
    });
    if (!decision.ok) {
      if (decision.code === "RESULT_FINAL")
        throw new ActionError("RESULT_FINAL", `Table ${match.table} already has a final result; nothing was saved.`, undefined, {
          table: match.table,
          outcome: fresh.outcome ?? "",
          team: fresh.winnerSlot === 1 ? s1.team.name : fresh.winnerSlot === 2 ? s2.team.name : "",
        });
      const current: Record<string, string | number> = decision.current
        ? { reportId: decision.current.id, reportVersion: decision.current.version }
        : {};
      if (decision.code === "REPORT_CHANGED")
        throw new ActionError(
          "CONFIRM_REPORT_CHANGED",
          "That report changed in the meantime: check the new one; nothing was saved.",
          undefined,
          current,
        );
      if (decision.code === "OWN_REPORT")
        throw new ActionError("CONFIRM_OWN_REPORT", "This is your own team's report: the other team confirms it.", "reportId");
      throw new ActionError("CONFIRM_NOTHING", "There is no report of the other team to confirm yet.", "reportId");
    }
    const stage = match.round.kind === "TOP_CUT" ? "single_elimination" : "swiss";
    const slots = { slot1: s1.teamId, slot2: s2.teamId, name1: s1.team.name, name2: s2.team.name };
    const report = decision.report;
    const result = resultOfReport(preset, settings, stage, slots, report); // settings may have changed since it was sent
    await tx.resultReport.create({
      data: { matchId: match.id, userId, source: "TEAM", teamId: me.teamId, payload: report as unknown as Prisma.InputJsonValue },
    });
    const final = await writeAgreedResult(tx, {
      actor,
      eventId: event.id,
      match: { id: match.id, table: match.table, version: fresh.version },
      expectedVersion: undefined,
      result,
      report,
      action: "result.team_confirm",
      seen: {
        teamId: me.teamId,
        team: mySeat.team.name,
        duelist: me.name,
        report: report as unknown as Prisma.InputJsonObject,
        confirms: { id: decision.confirms.id, version: decision.confirms.version },
      },
    });
    return { status: "final" as TeamReportStatus, state: "FINAL", matchId: match.id, ...final };
  },
  topics: ({ tx, input }) => matchChangeTopics(tx, input.matchId),
});

const penaltyInput = z.object({
  duelistId: z.string().min(1),
  /** The picked catalogue or local entry ("cat:<id>" / "local:<id>", lib/formats/infractions); "" = none. */
  infractionId: z.string().trim().max(80).optional(),
  /** Free text: required only when no entry is picked (then it names the infraction). */
  infraction: plainText(200).optional(),
  penalty: z.enum(PENALTY_KINDS),
  /** Round of the infraction; default: the event's open (published) round, if any. */
  roundNumber: z.coerce.number().int().min(1).max(99).optional(),
  notes: plainText(1000).optional(),
});

/**
 * The infraction of a penalty: the picked catalogue entry of the event's game (stored as its
 * English source term + its id) or the event's local entry ("local:<id>"), else the free text.
 * Free text is required only when nothing is picked (at least 2 characters); with a picked entry
 * it is kept after the entry's name ("Slow Play: kept thinking after a warning"). Throws a field error
 * naming `infractionId` (unknown / another game's / another event's entry) or `infraction`.
 */
async function resolveInfraction(
  tx: Tx,
  eventId: string,
  game: Game,
  picked: string | undefined,
  text: string | undefined,
): Promise<{ text: string; code: string | null }> {
  const free = text?.trim() ?? "";
  if (!picked) {
    if (free.length < 2) throw fieldError("infraction", free ? "TOO_SHORT" : "REQUIRED", free ? { min: 2 } : {});
    return { text: free, code: null };
  }
  const v = parseInfractionValue(picked);
  if (v?.kind === "cat") {
    const e = getInfraction(v.id);
    if (e && e.game === game) return { text: free ? `${e.name}: ${free}` : e.name, code: e.id };
  } else if (v?.kind === "local") {
    const row = await tx.localInfraction.findUnique({ where: { id: v.id } });
    if (row && row.eventId === eventId) return { text: free ? `${row.name}: ${free}` : row.name, code: `local:${row.id}` };
  }
  throw new ActionError("NOT_FOUND", "infractionId: no such infraction in this event's list.", "infractionId", { what: "infraction" });
}

/** Judge: record a penalty; the preset decides what it does to the team (lib/formats/penalties). */
export const issuePenalty = defineAction({
  name: "issuePenalty",
  input: penaltyInput,
  async run({ tx, actor, input }) {
    const duelist = await tx.duelist.findUnique({ where: { id: input.duelistId }, include: { team: true } });
    if (!duelist) throw new ActionError("NOT_FOUND", "No such duelist.", "duelistId", { what: "duelist" });
    await requireStaff(tx, actor, duelist.eventId, "JUDGE");
    const { event, preset } = await eventRules(tx, duelist.eventId);
    const picked = await resolveInfraction(tx, event.id, preset.game, input.infractionId, input.infraction);
    const consequence = penaltyConsequence(preset, input.penalty);
    const round = input.roundNumber
      ? await tx.round.findUnique({ where: { eventId_number: { eventId: event.id, number: input.roundNumber } } })
      : await tx.round.findFirst({ where: { eventId: event.id, status: "PUBLISHED" }, orderBy: { number: "desc" } });
    if (input.roundNumber && !round)
      throw new ActionError("NOT_FOUND", `There is no round ${input.roundNumber}.`, "roundNumber", {
        what: "roundNumber",
        number: input.roundNumber,
      });
    if (consequence.teamDropped && duelist.team.status === "DROPPED" && consequence.match === "none")
      throw new ActionError("ALREADY_DROPPED", "That team has already dropped.");

    // Nothing more can be recorded against a team that a disqualification removed.
    if (duelist.team.status === "DROPPED") {
      const dq = await teamDisqualification(tx, event.id, duelist.teamId);
      if (dq)
        throw new ActionError(
          "TEAM_DISQUALIFIED",
          `${duelist.team.name} was disqualified${dq.roundNumber ? ` in round ${dq.roundNumber}` : ""}: ` +
            "no further penalty can be recorded for its duelists.",
          "duelistId",
          { team: duelist.team.name, round: dq.roundNumber ?? 0 },
        );
    }

    // Where the match effect lands (lib/formats penaltyTarget): the team's open match of the round;
    // else, for game/match losses, its next match — applied now if that round is already paired,
    // otherwise pending (Penalty.roundNumber = the next round number) until pairing applies it.
    let matchChange: Record<string, unknown> | null = null;
    let matchBefore: Record<string, unknown> | null = null;
    let matchNote =
      consequence.match === "none" ? "none" : !round ? "no round" : round.status !== "PUBLISHED" ? "round not open" : "no match";
    let penaltyRound: number | null = round?.number ?? null;
    if (consequence.match !== "none") {
      const current =
        round && round.status === "PUBLISHED"
          ? await teamMatchState(tx, round.id, duelist.teamId)
          : { state: "none" as const, matchId: null };
      if (current.state === "final") matchNote = "already final";
      const target = penaltyTarget(consequence, current.state);
      const apply = async (r: { id: string; number: number }) => {
        const a = await applyPenaltyToTeamMatch(tx, {
          eventId: event.id,
          preset,
          round: r,
          teamId: duelist.teamId,
          userId: actor.userId!,
          penalty: { kind: input.penalty, duelistId: duelist.id },
          effect: consequence.match,
        });
        matchBefore = a.before;
        matchChange = a.change;
        return a.note;
      };
      if (target === "current") matchNote = await apply(round!);
      else if (target === "next") {
        const later = await tx.round.findMany({
          where: { eventId: event.id, number: { gt: round?.number ?? 0 }, status: { in: ["PAIRED", "PUBLISHED"] } },
          orderBy: { number: "asc" },
        });
        let next: { id: string; number: number } | null = null;
        for (const r of later)
          if ((await teamMatchState(tx, r.id, duelist.teamId)).state === "open") {
            next = r;
            break;
          }
        if (next) {
          const note = await apply(next);
          matchNote = note === "match final" ? "next match final" : note === "game recorded" ? "next game recorded" : note;
          penaltyRound = next.number;
        } else {
          const last = await tx.round.findFirst({ where: { eventId: event.id }, orderBy: { number: "desc" } });
          penaltyRound = (last?.number ?? 0) + 1;
          matchNote = "pending next";
        }
      }
    }
    let teamStatus = duelist.team.status as string;
    let droppedAfter: number | null = duelist.team.droppedAfter;
    if (consequence.teamDropped && duelist.team.status !== "DROPPED") {
      const lastClosed = await tx.round.findFirst({ where: { eventId: event.id, status: "CLOSED" }, orderBy: { number: "desc" } });
      droppedAfter = round && round.status === "PUBLISHED" ? round.number : (lastClosed?.number ?? 0);
      teamStatus = "DROPPED";
      await tx.team.update({ where: { id: duelist.teamId }, data: { status: "DROPPED", droppedAfter } });
    }
    const row = await tx.penalty.create({
      data: {
        eventId: event.id,
        teamId: duelist.teamId,
        duelistId: duelist.id,
        roundNumber: penaltyRound,
        infraction: picked.text,
        infractionCode: picked.code,
        penalty: input.penalty,
        judgeId: actor.userId,
        notes: input.notes || null,
      },
    });
    await audit(tx, {
      eventId: event.id,
      actor,
      action: "penalty.issue",
      entity: "Penalty",
      entityId: row.id,
      before: {
        team: duelist.team.name,
        teamStatus: duelist.team.status,
        match: matchBefore as Prisma.InputJsonValue | null,
      } as Prisma.InputJsonValue,
      after: {
        duelist: duelist.name,
        team: duelist.team.name,
        penalty: input.penalty,
        infraction: picked.text,
        round: round?.number ?? null,
        appliesToRound: penaltyRound,
        consequence: consequence.match,
        matchEffect: matchNote,
        match: matchChange as Prisma.InputJsonValue | null,
        teamStatus,
        droppedAfter,
        rule: consequence.ruleKey,
      } as Prisma.InputJsonValue,
    });
    return {
      penaltyId: row.id,
      matchEffect: matchNote,
      roundNumber: penaltyRound,
      teamDropped: teamStatus === "DROPPED" && duelist.team.status !== "DROPPED",
    };
  },
});

/**
 * Organizer: add an event's own infraction to the penalty picker (shown after the catalogue), with
 * an optional default penalty. Names are unique per event (DUPLICATE_INFRACTION). One audit row.
 */
export const addLocalInfraction = defineAction({
  name: "addLocalInfraction",
  input: z.object({
    eventId: z.string().min(1),
    name: nameText({ min: 2, max: 120 }),
    defaultPenalty: z.union([z.literal(""), z.enum(PENALTY_KINDS)]).optional(),
  }),
  onConflict: () =>
    new ActionError("DUPLICATE_INFRACTION", "This event already has an infraction with that name.", "name", { what: "infraction" }),
  async run({ tx, actor, input }) {
    await requireStaff(tx, actor, input.eventId, "ORGANIZER");
    const row = await tx.localInfraction.create({
      data: { eventId: input.eventId, name: input.name, defaultPenalty: input.defaultPenalty || null },
    });
    await audit(tx, {
      eventId: input.eventId,
      actor,
      action: "infraction.add",
      entity: "LocalInfraction",
      entityId: row.id,
      after: { name: row.name, penalty: row.defaultPenalty },
    });
    return { id: row.id, name: row.name };
  },
});

/** Organizer: remove an event's own infraction (penalties already given keep their text). One audit row. */
export const removeLocalInfraction = defineAction({
  name: "removeLocalInfraction",
  input: z.object({ id: z.string().min(1) }),
  async run({ tx, actor, input }) {
    const row = await tx.localInfraction.findUnique({ where: { id: input.id } });
    if (!row) throw new ActionError("NOT_FOUND", "No such infraction.", "id", { what: "infraction" });
    await requireStaff(tx, actor, row.eventId, "ORGANIZER");
    await tx.localInfraction.delete({ where: { id: row.id } });
    await audit(tx, {
      eventId: row.eventId,
      actor,
      action: "infraction.remove",
      entity: "LocalInfraction",
      entityId: row.id,
      before: { name: row.name, penalty: row.defaultPenalty },
    });
    return { id: row.id };
  },
});
