/**
 * Rounds (issue #2 skeleton of #5/#6): pair the next Swiss round (lib/pairing, seed recorded),
 * publish, run the clock (append-only activations), report results (PS07 validation in
 * lib/formats), close the round (PS08: byes and matches of two dropped teams never block).
 */
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { ActionError } from "@/lib/errors";
import { audit, defineAction, fieldError } from "@/lib/server/action";
import { requireStaff, type Actor } from "@/lib/auth/actor";
import type { Tx } from "@/lib/db";
import { pairRound, PairingError } from "@/lib/pairing";
import { pairingReadiness } from "@/lib/pairing/readiness";
import { configFromPreset } from "@/lib/standings";
import type { Preset } from "@/lib/formats/presets";
import { eventRules } from "@/lib/server/write/eventRules";
import { closeBlockers } from "@/lib/formats/reports";
import {
  byeMatchRow,
  checkEntryOutcome,
  enteredGames,
  entryRefusalText,
  resultEntryRule,
  resultFromReport,
  END_REASONS,
  type EndReason,
  type MatchOutcome,
  type MatchResult,
  type ResultEntryRule,
} from "@/lib/formats/results";
import { resultAtTime } from "@/lib/formats/eomp";
import { lpOverMax } from "@/lib/formats/lpEntry";
import { clockAt } from "@/lib/timer";
import { applyPendingPenalties } from "@/lib/server/write/penalties";
import { eventStandings, loadHistory } from "@/lib/server/read/standings";
import { afterPairing, pairingInput, plannedStructure, roundNumbers, writeEndSnapshot } from "@/lib/server/write/roundState";
import type { Prisma } from "@/lib/generated/prisma/client";
import { matchChangeTopics, roundClosedTopics, roundPairingTopics } from "@/lib/server/live/changeTopics";
import { scheduleRoundBackup } from "@/lib/server/interop/backups";
import { writeMatchResult } from "@/lib/server/write/matchResult";

const pairNextRoundInput = z.object({
  eventId: z.string().min(1),
  seed: z.string().trim().min(1).max(64).optional(),
  /** Explicit confirmation to pair a Swiss round beyond the organizer's planned count when a top cut is planned. */
  beyondPlan: z.boolean().optional(),
});

/** Organizer: pair the next Swiss round. A second concurrent call is told it is already paired. */
export const pairNextRound = defineAction({
  name: "pairNextRound",
  input: pairNextRoundInput,
  onConflict: () => new ActionError("ALREADY_PAIRED", "That round has already been paired (by another request). Reload the page."),
  async run(ctx) {
    await requireStaff(ctx.tx, ctx.actor, ctx.input.eventId, "ORGANIZER");
    return pairNextRoundWork.run(ctx);
  },
  topics: ({ output }) => [`pairings:${output.number}`],
});

/**
 * The pairing of pairNextRound without its authorization, for callers that authorized already in
 * the same transaction (a flight fired by a check-in, lib/server/write/flights.ts). Writes the
 * round, its matches, snapshots and the `round.pair` audit row of the event.
 */
export const pairNextRoundWork = {
  async run({ tx, actor, input }: { tx: Tx; actor: Actor; input: z.infer<typeof pairNextRoundInput> }) {
    const rules = await eventRules(tx, input.eventId);
    const { event, preset, settings } = rules;
    if (event.status === "FINISHED") throw new ActionError("EVENT_FINISHED", "This event is finished.");
    // A flight series (issue #16) is not played itself: its flights are.
    if (event.flightSize !== null)
      throw new ActionError("SERIES_NOT_PAIRED", "This event is a flight series: its flights are paired, not the series.");
    const last = await tx.round.findFirst({ where: { eventId: event.id }, orderBy: { number: "desc" } });
    if (last && last.status !== "CLOSED")
      throw new ActionError("ROUND_OPEN", `Round ${last.number} is not closed yet: enter every result and close it first.`, undefined, {
        number: last.number,
      });
    if (event.swissRounds !== null && !input.beyondPlan && !(await tx.round.count({ where: { eventId: event.id, kind: "TOP_CUT" } }))) {
      const swissDone = await tx.round.count({ where: { eventId: event.id, kind: "SWISS" } });
      const cut = (await plannedStructure(tx, event.id, rules)).topCut;
      if (swissDone >= event.swissRounds && cut >= 2)
        throw new ActionError(
          "BEYOND_PLAN",
          `This event was planned for ${event.swissRounds} Swiss rounds and a top ${cut}: ` +
            `start the top cut, or confirm pairing Swiss round ${swissDone + 1}.`,
          "beyondPlan",
          { planned: event.swissRounds, cut, number: swissDone + 1 },
        );
    }
    const number = (last?.number ?? 0) + 1;
    // Issue #5: checked-in, entered teams with fixed tables; keep-apart pairs (lib/server/operations).
    const op = await pairingInput(tx, event, number);
    const teams = await tx.team.findMany({
      where: { id: { in: op.teams.map((t) => t.id) } },
      orderBy: { number: "asc" },
      include: { duelists: { include: { decklist: true } } },
    });
    if (teams.length === 0)
      throw new ActionError("NO_ACTIVE_TEAMS", "No active team is left to pair (every team dropped or none checked in).");
    if (teams.length < 2) throw new ActionError("TOO_FEW_TEAMS", "At least two active teams are needed to pair a round.");
    // Issue #13 item 9: decklist problems only warn (admin page), unless the event blocks on them.
    const readiness = pairingReadiness(
      teams.map((t) => ({
        id: t.id,
        checkedIn: true,
        decklists: t.duelists.map((d) => (!d.decklist ? "missing" : d.decklist.isLegal ? "legal" : "illegal")),
      })),
      { checkInOpen: false, blockOnDecklists: settings.requireLegalDecklists },
    );
    if (readiness.blocks) {
      const badIds = new Set([...readiness.teams.illegal, ...readiness.teams.missing]);
      const bad = teams.filter((t) => badIds.has(t.id)).map((t) => t.name);
      if (bad.length)
        throw new ActionError(
          "ILLEGAL_DECKLISTS",
          `This event requires legal decklists; missing or illegal for: ${bad.slice(0, 10).join(", ")}${bad.length > 10 ? "…" : ""}.`,
          undefined,
          { teams: `${bad.slice(0, 10).join(", ")}${bad.length > 10 ? "…" : ""}` },
        );
    }
    const history = await loadHistory(tx, event.id);
    const seed = input.seed ?? randomBytes(6).toString("hex");
    // Bye holders (RULES §2.3): their byes were awarded before round 1; the others are paired.
    const holders = new Set(op.byeHolders);
    const toPair = op.teams.filter((t) => !holders.has(t.id));
    let result: Pick<ReturnType<typeof pairRound>, "pairings" | "byeTeam">;
    try {
      result = toPair.length
        ? pairRound({
            teams: toPair,
            avoidPairs: op.avoidPairs.filter(([a, b]) => !holders.has(a) && !holders.has(b)),
            history,
            config: configFromPreset(preset, settings),
            seed,
          })
        : { pairings: [], byeTeam: null };
    } catch (e) {
      if (e instanceof PairingError)
        throw new ActionError("PAIRING_FAILED", `Pairing failed: ${e.message}`, undefined, { what: e.code, ...e.params });
      throw e;
    }
    if (holders.size) {
      const rounds = new Map(teams.map((t) => [t.id, t.byeRounds]));
      result = {
        byeTeam: result.byeTeam,
        pairings: [
          ...result.pairings,
          ...op.byeHolders.map((id) => ({
            table: null,
            team1: id,
            team2: null,
            reasons: [{ code: "byeAwarded" as const, params: { team: id, rounds: rounds.get(id) ?? 1 } }],
          })),
        ],
      };
    }
    const round = await tx.round.create({ data: { eventId: event.id, number, seed, minutes: event.roundMinutes } });
    // Table 0 = the round's bye; bye holders' byes take −1, −2, … (tables are unique per round).
    let holderTable = 0;
    for (const p of result.pairings) {
      const bye = p.team2 === null;
      const table = p.table ?? (holders.has(p.team1) ? --holderTable : 0);
      await tx.match.create({
        data: {
          roundId: round.id,
          table,
          reasons: p.reasons as unknown as Prisma.InputJsonValue,
          ...(bye ? { ...byeMatchRow(preset), reportedAt: new Date() } : {}),
          teams: {
            create: [
              { roundId: round.id, teamId: p.team1, slot: 1 },
              ...(p.team2 ? [{ roundId: round.id, teamId: p.team2, slot: 2 }] : []),
            ],
          },
        },
      });
    }
    // Game/match losses waiting for this round (issued when the team's match was already final) apply now.
    const pendingPenalties = await applyPendingPenalties(tx, {
      eventId: event.id,
      preset,
      round: { id: round.id, number },
      userId: actor.userId!,
    });
    if (event.status === "REGISTRATION") await tx.event.update({ where: { id: event.id }, data: { status: "RUNNING" } });
    const { noShows } = await afterPairing(tx, event, {
      roundId: round.id,
      number,
      kind: "SWISS",
      seed,
      inputs: {
        teams: op.teams,
        avoidPairs: op.avoidPairs,
        noShows: op.noShows,
        historyRounds: roundNumbers(history),
        checkInWasOpen: event.checkInOpen,
      },
      pairings: result.pairings.map((p) => ({ table: p.table, team1: p.team1, team2: p.team2 })),
    });
    await audit(tx, {
      eventId: event.id,
      actor,
      action: "round.pair",
      entity: "Round",
      entityId: round.id,
      after: {
        number,
        seed,
        matches: result.pairings.length,
        bye: result.byeTeam,
        noShows,
        ...(pendingPenalties.length ? { pendingPenalties } : {}),
      },
    });
    return { roundId: round.id, number, seed };
  },
};

/** Organizer: publish a paired round (everyone sees the pairings). */
export const publishRound = defineAction({
  name: "publishRound",
  input: z.object({ roundId: z.string().min(1) }),
  async run({ tx, actor, input }) {
    const round = await tx.round.findUnique({ where: { id: input.roundId } });
    if (!round) throw new ActionError("NOT_FOUND", "No such round.", "roundId", { what: "round" });
    await requireStaff(tx, actor, round.eventId, "ORGANIZER");
    if (round.status !== "PAIRED")
      throw new ActionError("ALREADY_PUBLISHED", `Round ${round.number} is already published.`, undefined, { number: round.number });
    await tx.round.update({ where: { id: round.id }, data: { status: "PUBLISHED", publishedAt: new Date() } });
    await audit(tx, {
      eventId: round.eventId,
      actor,
      action: "round.publish",
      entity: "Round",
      entityId: round.id,
      before: { status: "PAIRED" },
      after: { status: "PUBLISHED" },
    });
    return { roundId: round.id };
  },
  topics: ({ tx, input }) => roundPairingTopics(tx, input.roundId),
});

/** Judge: start, pause, resume the round clock or add time (seconds, may be negative). */
export const roundClock = defineAction({
  name: "roundClock",
  input: z.object({
    roundId: z.string().min(1),
    action: z.enum(["START", "PAUSE", "RESUME", "ADD"]),
    seconds: z.coerce.number().int().min(-3600).max(3600).optional(),
  }),
  async run({ tx, actor, input }) {
    const round = await tx.round.findUnique({ where: { id: input.roundId }, include: { timer: { orderBy: { at: "asc" } } } });
    if (!round) throw new ActionError("NOT_FOUND", "No such round.", "roundId", { what: "round" });
    await requireStaff(tx, actor, round.eventId, "JUDGE");
    if (round.status !== "PUBLISHED")
      throw new ActionError("ROUND_NOT_LIVE", "The clock runs only for a published, open round.", undefined, { what: "clock" });
    const started = round.timer.some((a) => a.action === "START");
    if (input.action === "START" && started) throw new ActionError("CLOCK_STARTED", "The clock has already started.");
    if (input.action !== "START" && input.action !== "ADD" && !started)
      throw new ActionError("CLOCK_NOT_STARTED", "Start the clock first.");
    if (input.action === "PAUSE" || input.action === "RESUME") {
      // The clock's state comes from lib/timer (the same replay the pages show); pause only a running clock, resume only a paused one.
      const now = Math.max(Date.now(), ...round.timer.map((a) => a.at.getTime()));
      const status = clockAt(
        round.minutes,
        round.timer.filter((a) => a.matchId === null).map((a) => ({ action: a.action, at: a.at.getTime(), seconds: a.seconds })),
        now,
      ).status;
      if (input.action === "PAUSE" && status !== "RUNNING")
        throw new ActionError(
          "CLOCK_NOT_RUNNING",
          status === "PAUSED" ? "The clock is already paused." : "The clock has run out: there is nothing to pause.",
          "action",
          { what: status === "PAUSED" ? "paused" : "expired" },
        );
      if (input.action === "RESUME" && status !== "PAUSED")
        throw new ActionError(
          "CLOCK_NOT_PAUSED",
          status === "RUNNING" ? "The clock is already running." : "The clock has run out: add time to continue.",
          "action",
          { what: status === "RUNNING" ? "running" : "expired" },
        );
    }
    if (input.action === "ADD" && !input.seconds) throw fieldError("seconds", "NOT_ZERO");
    const row = await tx.timerActivation.create({
      data: { roundId: round.id, action: input.action, seconds: input.seconds ?? 0, byUserId: actor.userId },
    });
    await audit(tx, {
      eventId: round.eventId,
      actor,
      action: `clock.${input.action.toLowerCase()}`,
      entity: "Round",
      entityId: round.id,
      after: { action: input.action, seconds: input.seconds ?? 0, at: row.at.toISOString() },
    });
    return { at: row.at.getTime() };
  },
});

const reportInput = z.object({
  roundId: z.string().min(1),
  matchId: z.string().min(1),
  /** "team1"/"team2" = that slot won; "time" = time was called and team LP decide (end-of-match procedure). */
  result: z.enum(["team1", "team2", "draw", "doubleLoss", "time"]),
  reason: z.enum(END_REASONS).optional(),
  /** Team LP; upper bound lpEntryMax(preset), checked in `run`. */
  lp1: z.coerce.number().int().min(0).optional(),
  lp2: z.coerce.number().int().min(0).optional(),
  games1: z.coerce.number().int().min(0).max(9).optional(),
  games2: z.coerce.number().int().min(0).max(9).optional(),
  firstSlot: z.coerce.number().int().min(1).max(2).optional(),
  /** The match version the judge saw; a stale write is refused. */
  expectedVersion: z.coerce.number().int().min(0).optional(),
  /** Organizer override to correct a closed round. */
  override: z.boolean().optional(),
});

// The time-called rule lives in the core (lib/formats/eomp resultAtTime); re-exported for the team report.
export { resultAtTime, type PlayOn } from "@/lib/formats/eomp";

/**
 * Refuses an outcome the stage or event does not allow (lib/formats resultEntryRule: no top-cut
 * draw or double loss, no Swiss draw when draws are off). Throws ActionError with the core's code.
 */
export function refuseEntry(rule: ResultEntryRule, outcome: MatchOutcome, preset: Preset): void {
  const c = checkEntryOutcome(rule, outcome, preset.game);
  if (!c.ok) throw new ActionError(c.code, entryRefusalText(c), c.field, c.params);
}

/** Judge: enter or correct a match result (appends a report row; the match holds the final one). */
export const reportResult = defineAction({
  name: "reportResult",
  input: reportInput,
  async run({ tx, actor, input }) {
    const match = await tx.match.findUnique({
      where: { id: input.matchId },
      include: { round: true, teams: { include: { team: true } } },
    });
    if (!match) throw new ActionError("NOT_FOUND", "No such match.", "matchId", { what: "match" });
    const role = await requireStaff(tx, actor, match.round.eventId, "JUDGE");
    if (match.roundId !== input.roundId)
      throw new ActionError("MATCH_NOT_IN_ROUND", `That match is not in this round (it is in round ${match.round.number}).`, "matchId", {
        what: "elsewhere",
        number: match.round.number,
      });
    if (match.outcome === "BYE") throw new ActionError("BYE_MATCH", "A bye has no result to report.", "matchId", { what: "result" });
    if (match.round.status === "PAIRED")
      throw new ActionError("ROUND_NOT_PUBLISHED", "Publish the round before reporting results.", undefined, { what: "judge" });
    if (match.round.status === "CLOSED" && !(input.override && role === "ORGANIZER")) {
      throw new ActionError(
        "ROUND_CLOSED",
        role === "ORGANIZER"
          ? `Round ${match.round.number} is closed. To correct it, tick “Correct a closed round”.`
          : `Round ${match.round.number} is closed; only the organizer can correct it.`,
        "override",
        { what: role === "ORGANIZER" ? "organizer" : "judge", number: match.round.number },
      );
    }
    if (input.expectedVersion !== undefined && input.expectedVersion !== match.version) {
      throw new ActionError(
        "STALE_RESULT",
        "This match's result changed since you opened it. Reload to see the current result; nothing was saved.",
        undefined,
        { what: "opened" },
      );
    }
    const { event, preset, settings } = await eventRules(tx, match.round.eventId);
    // Issue #14: a finished event's results are final; the organizer reopens it (reopenEvent) to correct one.
    if (event.status === "FINISHED") throw new ActionError("EVENT_FINISHED", "This event is finished.");
    const slot1 = match.teams.find((t) => t.slot === 1)!,
      slot2 = match.teams.find((t) => t.slot === 2)!;
    const stage = match.round.kind === "TOP_CUT" ? "single_elimination" : "swiss";
    const over = lpOverMax(preset, { lp1: input.lp1, lp2: input.lp2 });
    if (over) throw fieldError(over.field, "TOO_BIG", { max: over.max });
    const rule = resultEntryRule(preset, settings, stage);
    let result: MatchResult;
    if (input.result === "time") {
      if (!rule.outcomes.timeCalled)
        throw new ActionError("USE_WIZARD", "This format has life per duelist: use the end-of-match wizard.", "result");
      if (input.lp1 === undefined) throw fieldError("lp1", "LP_AT_TIME", { team: slot1.team.name });
      if (input.lp2 === undefined) throw fieldError("lp2", "LP_AT_TIME", { team: slot2.team.name });
      const r = resultAtTime(preset.id, settings, stage, (input.firstSlot ?? 1) as 1 | 2, input.lp1, input.lp2);
      if ("playOn" in r)
        throw new ActionError("PLAY_ON", `${r.text} Report the final result when play ends.`, "result", { ...r.params, step: r.step });
      result = r;
    } else {
      const outcome = input.result === "draw" ? "DRAW" : input.result === "doubleLoss" ? "DOUBLE_LOSS" : "WIN";
      refuseEntry(rule, outcome, preset);
      const winnerSlot = input.result === "team1" ? 1 : input.result === "team2" ? 2 : null;
      const winner = winnerSlot === 1 ? slot1.teamId : winnerSlot === 2 ? slot2.teamId : null;
      const games = enteredGames(rule, winnerSlot, input);
      const gamesWon = { [slot1.teamId]: games.slot1, [slot2.teamId]: games.slot2 };
      const r = resultFromReport(
        {
          outcome,
          winnerTeamId: winner,
          loserTeamId: winner ? (winner === slot1.teamId ? slot2.teamId : slot1.teamId) : null,
          gamesWon,
          gamesDrawn: outcome === "DRAW" ? 1 : 0,
          reason: input.reason as EndReason | undefined,
        },
        { slot1TeamId: slot1.teamId, slot2TeamId: slot2.teamId },
        preset,
      );
      if (!r.ok) {
        const e = r.errors[0];
        const why =
          e.code === "RESULT_GAMES_IMPOSSIBLE"
            ? `${e.params.won}–${e.params.lost} is impossible in a best-of-${preset.bestOf} match`
            : e.code.toLowerCase().replaceAll("_", " ");
        throw new ActionError(e.code, `${e.field}: ${why}.`, e.field.startsWith("games") ? "games1" : "result", {
          bestOf: preset.bestOf,
          ...e.params,
        });
      }
      result = r.result;
    }
    refuseEntry(rule, result.outcome, preset); // a time-called result too
    const before = {
      outcome: match.outcome,
      winnerSlot: match.winnerSlot,
      endReason: match.endReason,
      lp1: match.lp1,
      lp2: match.lp2,
      version: match.version,
    };
    const after = await writeMatchResult(tx, match, result, {
      lp1: input.lp1,
      lp2: input.lp2,
      firstSlot: input.firstSlot ?? match.firstSlot,
    });
    await tx.resultReport.create({
      data: { matchId: match.id, userId: actor.userId!, source: "JUDGE", payload: input as unknown as Prisma.InputJsonValue },
    });
    await audit(tx, {
      eventId: event.id,
      actor,
      action: match.outcome ? "result.correct" : "result.report",
      entity: "Match",
      entityId: match.id,
      before,
      after: { ...after, reportedAt: after.reportedAt.toISOString() },
    });
    return { matchId: match.id, outcome: result.outcome, winnerSlot: result.winner, reason: result.reason, version: match.version + 1 };
  },
  topics: ({ tx, input }) => matchChangeTopics(tx, input.matchId),
});

/** Organizer: close a round once every match has a result (byes and both-dropped matches don't block — PS08). */
export const closeRound = defineAction({
  name: "closeRound",
  input: z.object({ roundId: z.string().min(1) }),
  async run({ tx, actor, input }) {
    const round = await tx.round.findUnique({
      where: { id: input.roundId },
      include: { matches: { include: { teams: { include: { team: true } } } } },
    });
    if (!round) throw new ActionError("NOT_FOUND", "No such round.", "roundId", { what: "round" });
    await requireStaff(tx, actor, round.eventId, "ORGANIZER");
    if (round.status !== "PUBLISHED")
      throw new ActionError(
        "ROUND_NOT_LIVE",
        round.status === "CLOSED" ? `Round ${round.number} is already closed.` : "Publish the round first.",
        undefined,
        { what: round.status === "CLOSED" ? "closed" : "unpublished", number: round.number },
      );
    const bothDropped = (m: (typeof round.matches)[number]) => m.teams.every((t) => t.team.status === "DROPPED");
    // PS08
    const open = closeBlockers(round.matches.map((m) => ({ table: m.table, final: Boolean(m.outcome), bothDropped: bothDropped(m) })));
    if (open.length)
      throw new ActionError(
        "RESULTS_MISSING",
        `Results are missing for table${open.length > 1 ? "s" : ""} ${open.join(", ")}.`,
        undefined,
        { count: open.length, tables: open.join(", ") },
      );
    const ghost = round.matches.filter((m) => !m.outcome && bothDropped(m));
    for (const m of ghost)
      await tx.match.update({
        where: { id: m.id },
        data: { outcome: "DOUBLE_LOSS", endReason: "DOUBLE_LOSS", reportedAt: new Date(), version: { increment: 1 } },
      });
    await tx.round.update({ where: { id: round.id }, data: { status: "CLOSED", closedAt: new Date() } });
    await writeEndSnapshot(tx, round.id, (await eventStandings(tx, round.eventId)).standings);
    await audit(tx, {
      eventId: round.eventId,
      actor,
      action: "round.close",
      entity: "Round",
      entityId: round.id,
      before: { status: "PUBLISHED" },
      after: { status: "CLOSED", bothDropped: ghost.length },
    });
    return { roundId: round.id, number: round.number, eventId: round.eventId };
  },
  topics: ({ tx, input }) => roundClosedTopics(tx, input.roundId),
  // Issue #17: the event's archive is written to the backup folder once the close committed.
  afterCommit: (out) => scheduleRoundBackup(out.eventId, out.number),
});
