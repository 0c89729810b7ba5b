/**
 * Live round operations (issue #6 part B): per-match time extensions and the end-of-match wizard.
 *
 * - extendMatch: a judge gives one match extra time (deck check, long ruling): an append-only
 *   TimerActivation row with matchId (action ADD); the match's clock = round clock + its
 *   extensions (lib/timer matchClockAt).
 * - eompBegin / eompStep / eompCancel: the phone wizard. The pure engine lib/formats/eomp runs the
 *   preset's procedure; its JSON state is stored in Match.eompState after every step so a reload
 *   resumes. Every write checks the match version the phone saw (`expectedVersion`) and bumps it,
 *   so two judges on one match cannot interleave steps. When the engine outputs the match result,
 *   the same transaction records it like reportResult does (Match outcome/winner/reason/games,
 *   an appended ResultReport, one audit row `result.report`).
 * Engine errors (a step that cannot happen now, bad LP) come back with the engine's code and
 * English text (formats.errors.<code>); nothing is saved.
 */
import { z } from "zod";
import { ActionError } from "@/lib/errors";
import { audit, defineAction, fieldError } from "@/lib/server/action";
import { requireStaff, type Actor } from "@/lib/auth/actor";
import { eventRules } from "@/lib/server/write/eventRules";
import {
  start as eompStart,
  step as eompStep,
  procedureFor,
  PHASES,
  type EompState,
  type EompEvent,
  type Transition,
} from "@/lib/formats/eomp";
import { resultEntryRule, type MatchResult } from "@/lib/formats/results";
import { refuseEntry } from "./rounds";
import { lpOverMax } from "@/lib/formats/lpEntry";
import type { Tx } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";

const slot = z.coerce
  .number()
  .int()
  .min(1)
  .max(2)
  .transform((n) => n as 1 | 2);
/** LP ≥ 0; the upper bound is the preset's lpEntryMax, checked in `run` by {@link checkLp}. */
const lp = z.coerce.number().int().min(0);
const seatLp = z.record(z.string().min(1).max(4), lp);

/** What the judge enters when time is called with a game in progress (lib/formats/eomp GameAtTime). */
const gameAtTime = z.object({
  firstSlot: slot,
  turn: z.coerce.number().int().min(1).max(999),
  /** Asked only by phase-based procedures (Tag 2019, Konami 2018); turn-based ones (UDE, 2HG, …) finish the turn, so it may be omitted. */
  phase: z.enum(PHASES).optional(),
  lp: z.object({ slot1: lp, slot2: lp }).optional(),
  duelistLp: seatLp.optional(),
  passingTurn: z.boolean().optional(),
  sided: z.boolean().optional(),
});

/** One wizard step (lib/formats/eomp EompEvent). */
const eompEvent = z.discriminatedUnion("type", [
  z.object({ type: z.literal("TIME_CALLED"), game: gameAtTime.nullable() }),
  z.object({ type: z.literal("GAME_STARTED"), firstSlot: slot, sided: z.boolean().optional() }),
  z.object({
    type: z.literal("LP_CHANGED"),
    lp: z.object({ slot1: lp.optional(), slot2: lp.optional() }).optional(),
    duelistLp: seatLp.optional(),
  }),
  z.object({ type: z.literal("PHASE_FINISHED") }),
  z.object({ type: z.literal("TURN_ENDED") }),
  z.object({ type: z.literal("DUELIST_ELIMINATED"), seat: z.string().min(1).max(4) }),
  z.object({
    type: z.literal("GAME_ENDED"),
    winner: slot.nullable(),
    reason: z.enum(["LP_ZERO", "DECK_OUT", "SPECIAL_WIN", "CONCESSION", "GAME_LOSS_PENALTY", "DRAW"]),
  }),
]);

const games = z.object({
  slot1: z.coerce.number().int().min(0).max(9),
  slot2: z.coerce.number().int().min(0).max(9),
  drawn: z.coerce.number().int().min(0).max(9),
});

/** The match with its round and teams, the actor checked as a judge of its event, and the event's rules (one eventRules load). */
async function loadMatch(tx: Tx, actor: Actor, matchId: string) {
  const match = await tx.match.findUnique({
    where: { id: matchId },
    include: { round: true, teams: { include: { team: true } } },
  });
  if (!match) throw new ActionError("NOT_FOUND", "No such match.", "matchId", { what: "match" });
  await requireStaff(tx, actor, match.round.eventId, "JUDGE");
  if (match.outcome === "BYE" || match.teams.length < 2)
    throw new ActionError("BYE_MATCH", "A bye has no end of match.", "matchId", { what: "eomp" });
  if (match.round.status !== "PUBLISHED")
    throw new ActionError(
      "ROUND_NOT_LIVE",
      match.round.status === "CLOSED" ? `Round ${match.round.number} is already closed.` : "Publish the round first.",
      undefined,
      { what: match.round.status === "CLOSED" ? "closed" : "unpublished", number: match.round.number },
    );
  return { ...match, rules: await eventRules(tx, match.round.eventId) };
}
type LoadedMatch = Awaited<ReturnType<typeof loadMatch>>;

/** Refuses an LP value above lpEntryMax(preset) naming its field (INVALID, TOO_BIG {max}); `prefix` is the input path (e.g. "game"). */
function checkLp(
  match: LoadedMatch,
  prefix: string,
  v: { lp?: { slot1?: number; slot2?: number }; duelistLp?: Record<string, number> } | null | undefined,
): void {
  if (!v) return;
  const values: Record<string, number | undefined> = {};
  for (const [k, x] of Object.entries(v.lp ?? {})) values[`${prefix}.lp.${k}`] = x;
  for (const [k, x] of Object.entries(v.duelistLp ?? {})) values[`${prefix}.duelistLp.${k}`] = x;
  const over = lpOverMax(match.rules.preset, values);
  if (over) throw fieldError(over.field, "TOO_BIG", { max: over.max });
}

function checkVersion(match: LoadedMatch, expected: number): void {
  if (expected !== match.version)
    throw new ActionError(
      "STALE_MATCH",
      "Someone else changed this match since you opened it. Reload to continue from the current step; nothing was saved.",
      undefined,
      { what: "opened" },
    );
}

function engineError(t: Transition): ActionError {
  const o = t.output as { code: string; params?: Record<string, string | number>; text: string };
  return new ActionError(o.code, o.text, undefined, { ...(o.params ?? {}) }); // rendered from formats.errors.<code>
}

/**
 * Stores the engine's next state (and, when it gave the match result, the result itself) with a
 * version check. Writes exactly one audit row. Returns what the wizard page needs.
 */
async function persist(tx: Tx, actor: Actor, match: LoadedMatch, t: Transition, action: string, payload: unknown) {
  const state = t.state as unknown as Prisma.InputJsonValue;
  if (t.output.kind === "result") {
    const r: MatchResult = t.output.result;
    // The wizard's final result passes the same entry rule as the judge's form (no top-cut double loss, §1.8, §5.3).
    const { preset, settings } = match.rules;
    refuseEntry(resultEntryRule(preset, settings, match.round.kind === "TOP_CUT" ? "single_elimination" : "swiss"), r.outcome, preset);
    const g = t.state.game;
    const after = {
      outcome: r.outcome,
      winnerSlot: r.winner,
      endReason: r.reason,
      games1: r.games.slot1,
      games2: r.games.slot2,
      lp1: g ? g.lp.slot1 : null,
      lp2: g ? g.lp.slot2 : null,
      reportedAt: new Date(),
    };
    const updated = await tx.match.updateMany({
      where: { id: match.id, version: match.version },
      data: { ...after, eompState: state, version: { increment: 1 } },
    });
    if (updated.count !== 1)
      throw new ActionError("STALE_MATCH", "Someone else changed this match at the same time. Reload; nothing was saved.");
    await tx.resultReport.create({
      data: {
        matchId: match.id,
        userId: actor.userId!,
        source: "JUDGE",
        payload: { via: "eomp", step: payload, result: r } as unknown as Prisma.InputJsonValue,
      },
    });
    await audit(tx, {
      eventId: match.round.eventId,
      actor,
      action: match.outcome ? "result.correct" : "result.report",
      entity: "Match",
      entityId: match.id,
      before: { outcome: match.outcome, winnerSlot: match.winnerSlot, endReason: match.endReason, version: match.version },
      after: { ...after, reportedAt: after.reportedAt.toISOString(), via: "eomp" },
    });
    return { matchId: match.id, version: match.version + 1, done: true, outcome: r.outcome, winnerSlot: r.winner, reason: r.reason };
  }
  const updated = await tx.match.updateMany({
    where: { id: match.id, version: match.version },
    data: { eompState: state, version: { increment: 1 } },
  });
  if (updated.count !== 1)
    throw new ActionError("STALE_MATCH", "Someone else changed this match at the same time. Reload; nothing was saved.");
  await audit(tx, {
    eventId: match.round.eventId,
    actor,
    action,
    entity: "Match",
    entityId: match.id,
    after: { step: payload as Prisma.InputJsonValue, mode: t.state.mode.m },
  });
  return { matchId: match.id, version: match.version + 1, done: false, code: (t.output as { code: string }).code };
}

/** Judge: give one match extra time (seconds, −3600…3600, not 0), e.g. after a deck check. */
export const extendMatch = defineAction({
  name: "extendMatch",
  input: z.object({
    matchId: z.string().min(1),
    seconds: z.coerce
      .number()
      .int()
      .min(-3600)
      .max(3600)
      .refine((n) => n !== 0, "NOT_ZERO"),
    reason: z.enum(["DECK_CHECK", "RULING", "OTHER"]).optional(),
  }),
  async run({ tx, actor, input }) {
    const match = await loadMatch(tx, actor, input.matchId);
    if (match.outcome)
      throw new ActionError("MATCH_OVER", `Table ${match.table} already has a result; no time to add.`, "matchId", {
        what: "extend",
        table: match.table,
      });
    const row = await tx.timerActivation.create({
      data: { roundId: match.roundId, matchId: match.id, action: "ADD", seconds: input.seconds, byUserId: actor.userId },
    });
    await audit(tx, {
      eventId: match.round.eventId,
      actor,
      action: "clock.extend",
      entity: "Match",
      entityId: match.id,
      after: { table: match.table, seconds: input.seconds, reason: input.reason ?? null, at: row.at.toISOString() },
    });
    return { matchId: match.id, seconds: input.seconds, at: row.at.getTime() };
  },
});

/**
 * Judge: time was called — start the end-of-match procedure for a match. `game` is the game in
 * progress (null = between games); `games` the games already won/drawn. The engine may decide at
 * once (e.g. double_loss in Swiss) — then the result is recorded now.
 */
export const eompBegin = defineAction({
  name: "eompBegin",
  input: z.object({
    matchId: z.string().min(1),
    expectedVersion: z.coerce.number().int().min(0),
    game: gameAtTime.nullable(),
    games: games.optional(),
  }),
  async run({ tx, actor, input }) {
    const match = await loadMatch(tx, actor, input.matchId);
    checkVersion(match, input.expectedVersion);
    checkLp(match, "game", input.game);
    if (match.outcome)
      throw new ActionError("ALREADY_REPORTED", `Table ${match.table} already has a result; correct it on the results page.`, "matchId", {
        table: match.table,
      });
    if (match.eompState)
      throw new ActionError("EOMP_RUNNING", "The end-of-match procedure is already running for this match. Reload to continue it.");
    const { preset, settings } = match.rules;
    const stage = match.round.kind === "TOP_CUT" ? "single_elimination" : "swiss";
    // Issue #13 item 10: the phase matters only to phase-based procedures (RULES §1.8, §2.2); a
    // turn-based one (UDE §3.1, 2HG §5.3, Tag 2013, …) finishes the whole turn, so the wizard does
    // not ask and the engine gets a neutral placeholder phase (Main Phase 1 exists on every turn).
    const phaseAsked = procedureFor({ preset: preset.id, settings, stage }).family === "phase";
    if (input.game && !input.game.phase && phaseAsked) throw fieldError("game.phase", "REQUIRED");
    const game = input.game ? { ...input.game, phase: input.game.phase ?? ("MAIN1" as const) } : null;
    const t = eompStart({
      preset: preset.id,
      settings,
      stage,
      games: input.games ?? { slot1: 0, slot2: 0, drawn: 0 },
      game,
    });
    if (t.output.kind === "error") throw engineError(t);
    return persist(tx, actor, match, t, "eomp.begin", { game: input.game, games: input.games ?? null });
  },
});

/** Judge: record one step of the running procedure (the buttons of allowedSteps). */
export const eompStepAction = defineAction({
  name: "eompStep",
  input: z.object({ matchId: z.string().min(1), expectedVersion: z.coerce.number().int().min(0), event: eompEvent }),
  async run({ tx, actor, input }) {
    const match = await loadMatch(tx, actor, input.matchId);
    checkVersion(match, input.expectedVersion);
    const state = match.eompState as unknown as EompState | null;
    if (!state)
      throw new ActionError("EOMP_NOT_STARTED", "Start the end-of-match procedure first (time called).", undefined, { what: "step" });
    if (state.mode.m === "DONE" || match.outcome)
      throw new ActionError("MATCH_OVER", `Table ${match.table} already has its result.`, undefined, { what: "step", table: match.table });
    if (input.event.type === "LP_CHANGED") checkLp(match, "event", input.event);
    const t = eompStep(state, input.event as EompEvent);
    if (t.output.kind === "error") throw engineError(t);
    return persist(tx, actor, match, t, "eomp.step", input.event);
  },
});

/** Judge: abandon a running procedure (wrong start entered); the match keeps no result. */
export const eompCancel = defineAction({
  name: "eompCancel",
  input: z.object({ matchId: z.string().min(1), expectedVersion: z.coerce.number().int().min(0) }),
  async run({ tx, actor, input }) {
    const match = await loadMatch(tx, actor, input.matchId);
    checkVersion(match, input.expectedVersion);
    if (!match.eompState)
      throw new ActionError("EOMP_NOT_STARTED", "No end-of-match procedure is running for this match.", undefined, { what: "cancel" });
    if (match.outcome)
      throw new ActionError("MATCH_OVER", `Table ${match.table} already has its result; correct it on the results page.`, undefined, {
        what: "cancel",
        table: match.table,
      });
    const updated = await tx.match.updateMany({
      where: { id: match.id, version: match.version },
      data: { eompState: Prisma.DbNull, version: { increment: 1 } },
    });
    if (updated.count !== 1)
      throw new ActionError("STALE_MATCH", "Someone else changed this match at the same time. Reload; nothing was saved.");
    await audit(tx, {
      eventId: match.round.eventId,
      actor,
      action: "eomp.cancel",
      entity: "Match",
      entityId: match.id,
      before: { mode: (match.eompState as unknown as EompState).mode.m },
    });
    return { matchId: match.id, version: match.version + 1 };
  },
});
