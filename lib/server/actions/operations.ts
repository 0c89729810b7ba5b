/**
 * Event operations (issue #5): check-in before round 1, late entries (PS09), re-entry of a dropped
 * team (keeps its history, PS09), fixed tables and keep-apart pairs (passed to lib/pairing by
 * pairNextRound), undo of the latest round (restoring event state; the undone BEGIN snapshot is
 * kept in the audit row for the re-pair diff), manual edits of a PAIRED round (swap, move, bye —
 * each with a required reason, audited), planned structure (lib/formats recommendedStructure,
 * overridable) and the top cut (lib/pairing topCutFirstRound / advanceBracket, seeded from the
 * frozen Swiss standings, PS05).
 */
import { z } from "zod";
import { plainText } from "@/lib/server/write/names";
import { ActionError } from "@/lib/errors";
import { audit, defineAction } from "@/lib/server/action";
import { applyPendingPenalties } from "@/lib/server/write/penalties";
import { requireStaff } from "@/lib/auth/actor";
import { randomBytes } from "node:crypto";
import { advanceBracket, drawCut, topCutFirstRound, type BracketMatch, type CutDraw } from "@/lib/pairing";
import type { ManualPairingWarning } from "@/lib/pairing/warnings";
import { cutTop } from "@/lib/standings";
import { eventRules } from "@/lib/server/write/eventRules";
import { byeMatchRow } from "@/lib/formats/results";
import { eventStandings } from "@/lib/server/read/standings";
import {
  beginSnapshot,
  writeUndoneSnapshot,
  disqualifiedTeamIds,
  frozenSwissStandings,
  plannedStructure,
  teamDisqualification,
  type BeginSnapshot,
} from "@/lib/server/write/roundState";
import type { Tx } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { EntryPolicy } from "@/lib/generated/prisma/enums";

const id = z.string().min(1);
/** A manual change needs a reason (shown to staff, kept in the audit log). */
const reason = plainText(300).min(3, "give a reason (at least 3 characters)");

async function teamOf(tx: Tx, teamId: string, field = "teamId") {
  const team = await tx.team.findUnique({ where: { id: teamId } });
  if (!team) throw new ActionError("NOT_FOUND", "No such team.", field, { what: "team" });
  return team;
}

async function lastRound(tx: Tx, eventId: string) {
  return tx.round.findFirst({ where: { eventId }, orderBy: { number: "desc" } });
}

// ---------------------------------------------------------------- check-in

/**
 * Organizer: open or close check-in (before round 1 only). Opening marks every active team as not
 * checked in; judges then check teams in. Teams still not checked in when round 1 is paired are
 * not paired and are dropped as no-shows (droppedAfter 0).
 */
export const setCheckIn = defineAction({
  name: "setCheckIn",
  input: z.object({ eventId: id, open: z.boolean() }),
  async run({ tx, actor, input }) {
    await requireStaff(tx, actor, input.eventId, "ORGANIZER");
    const { event } = await eventRules(tx, input.eventId);
    if (await lastRound(tx, event.id))
      throw new ActionError("CHECKIN_AFTER_START", "Check-in happens before round 1; round 1 has already been paired.");
    if (event.checkInOpen === input.open)
      throw new ActionError("NO_CHANGE", input.open ? "Check-in is already open." : "Check-in is already closed.", undefined, {
        what: input.open ? "checkInOpen" : "checkInClosed",
      });
    if (input.open) await tx.team.updateMany({ where: { eventId: event.id, status: "ACTIVE" }, data: { checkedIn: false } });
    // Issue #16: self check-in starts over with check-in (lib/server/actions/checkin.ts).
    if (input.open) await tx.duelist.updateMany({ where: { eventId: event.id }, data: { checkedInAt: null } });
    await tx.event.update({ where: { id: event.id }, data: { checkInOpen: input.open } });
    const waiting = await tx.team.count({ where: { eventId: event.id, status: "ACTIVE", checkedIn: false } });
    await audit(tx, {
      eventId: event.id,
      actor,
      action: input.open ? "checkin.open" : "checkin.close",
      entity: "Event",
      entityId: event.id,
      before: { checkInOpen: event.checkInOpen },
      after: { checkInOpen: input.open, notCheckedIn: waiting },
    });
    return { open: input.open, notCheckedIn: waiting };
  },
});

/** Judge: mark a team present (or not) while check-in is open. */
export const checkInTeam = defineAction({
  name: "checkInTeam",
  input: z.object({ teamId: id, checkedIn: z.boolean() }),
  async run({ tx, actor, input }) {
    const team = await teamOf(tx, input.teamId);
    await requireStaff(tx, actor, team.eventId, "JUDGE");
    const { event } = await eventRules(tx, team.eventId);
    if (!event.checkInOpen) throw new ActionError("CHECKIN_CLOSED", "Check-in is not open.");
    if (team.status !== "ACTIVE")
      throw new ActionError("TEAM_DROPPED", `${team.name} has dropped; re-enter it first.`, "teamId", { team: team.name });
    await tx.team.update({ where: { id: team.id }, data: { checkedIn: input.checkedIn } });
    await audit(tx, {
      eventId: team.eventId,
      actor,
      action: "checkin.team",
      entity: "Team",
      entityId: team.id,
      before: { checkedIn: team.checkedIn },
      after: { checkedIn: input.checkedIn },
    });
    return { teamId: team.id, checkedIn: input.checkedIn };
  },
});

// ---------------------------------------------------------------- late entries, re-entry

/** Organizer: how a late entry's missed rounds count — "losses" or "byes" (shown in standings, PS09). */
export const setEntryPolicy = defineAction({
  name: "setEntryPolicy",
  input: z.object({ teamId: id, policy: z.enum(EntryPolicy) }),
  async run({ tx, actor, input }) {
    const team = await teamOf(tx, input.teamId);
    await requireStaff(tx, actor, team.eventId, "ORGANIZER");
    if (team.entryRound === null)
      throw new ActionError("NOT_LATE", `${team.name} is not a late entry (it was registered before round 1).`, "teamId", {
        team: team.name,
      });
    await tx.team.update({ where: { id: team.id }, data: { entryPolicy: input.policy } });
    await audit(tx, {
      eventId: team.eventId,
      actor,
      action: "team.entryPolicy",
      entity: "Team",
      entityId: team.id,
      before: { entryRound: team.entryRound, entryPolicy: team.entryPolicy },
      after: { entryRound: team.entryRound, entryPolicy: input.policy },
    });
    return { teamId: team.id, entryRound: team.entryRound, policy: input.policy };
  },
});

/**
 * Organizer: make a team a bye holder (RULES §2.3 Tier 3–4) — byes for rounds 1…rounds (0–3;
 * 0 = none), awarded before round 1, so only before round 1 is paired (BYES_AFTER_START). The
 * holders count in the Tier 3–4 size (lib/pairing effectiveEntrants, RULES §2.3); pairNextRound gives
 * them their byes instead of pairing them.
 */
export const setByeRounds = defineAction({
  name: "setByeRounds",
  input: z.object({ teamId: id, rounds: z.coerce.number().int().min(0).max(3) }),
  async run({ tx, actor, input }) {
    const team = await teamOf(tx, input.teamId);
    await requireStaff(tx, actor, team.eventId, "ORGANIZER");
    if (await tx.round.count({ where: { eventId: team.eventId } }))
      throw new ActionError("BYES_AFTER_START", "Bye holders are set before round 1 is paired.", "rounds");
    await tx.team.update({ where: { id: team.id }, data: { byeRounds: input.rounds } });
    await audit(tx, {
      eventId: team.eventId,
      actor,
      action: "team.byeRounds",
      entity: "Team",
      entityId: team.id,
      before: { byeRounds: team.byeRounds },
      after: { byeRounds: input.rounds },
    });
    return { teamId: team.id, byeRounds: input.rounds };
  },
});

/**
 * Judge: re-enter a dropped team. Its whole history stays (opponents, byes — PS09: no second bye
 * or rematch through re-entry); it is paired again from the next round. A no-show that never
 * played becomes a late entry (missed rounds count as losses until the organizer picks byes).
 */
export const reenterTeam = defineAction({
  name: "reenterTeam",
  input: z.object({ teamId: id }),
  async run({ tx, actor, input }) {
    const team = await teamOf(tx, input.teamId);
    await requireStaff(tx, actor, team.eventId, "JUDGE");
    if (team.status !== "DROPPED") throw new ActionError("NOT_DROPPED", `${team.name} has not dropped.`, "teamId", { team: team.name });
    // A disqualified team left for good (MTR 8.2; lib/formats teamCondition): no re-entry.
    const dq = await teamDisqualification(tx, team.eventId, team.id);
    if (dq)
      throw new ActionError(
        "DISQUALIFIED_NO_REENTRY",
        `${team.name} was disqualified${dq.roundNumber ? ` in round ${dq.roundNumber}` : ""}: a disqualified team cannot re-enter.`,
        "teamId",
        { team: team.name, round: dq.roundNumber ?? 0 },
      );
    if (await tx.round.count({ where: { eventId: team.eventId, kind: "TOP_CUT" } }))
      throw new ActionError("TOP_CUT_STARTED", "The top cut has started: teams cannot re-enter the Swiss rounds.", undefined, {
        what: "reenter",
      });
    const last = await lastRound(tx, team.eventId);
    const played = await tx.matchTeam.count({ where: { teamId: team.id } });
    const late = last && played === 0 && team.entryRound === null ? { entryRound: last.number + 1, entryPolicy: "losses" as const } : {};
    await tx.team.update({ where: { id: team.id }, data: { status: "ACTIVE", droppedAfter: null, checkedIn: true, ...late } });
    await audit(tx, {
      eventId: team.eventId,
      actor,
      action: "team.reenter",
      entity: "Team",
      entityId: team.id,
      before: { status: "DROPPED", droppedAfter: team.droppedAfter },
      after: { status: "ACTIVE", matchesKept: played, ...late },
    });
    return { teamId: team.id, matchesKept: played, ...late };
  },
});

// ---------------------------------------------------------------- fixed tables, keep apart

/** Organizer: give a team a fixed table (accessibility), or clear it (table null). */
export const setFixedTable = defineAction({
  name: "setFixedTable",
  input: z.object({
    teamId: id,
    table: z
      .union([z.null(), z.literal(""), z.coerce.number().int().min(1, "table numbers start at 1").max(999)])
      .optional()
      .transform((v) => (v === "" || v === undefined ? null : v)),
  }),
  async run({ tx, actor, input }) {
    const team = await teamOf(tx, input.teamId);
    await requireStaff(tx, actor, team.eventId, "ORGANIZER");
    if (input.table !== null) {
      const other = await tx.team.findFirst({
        where: { eventId: team.eventId, fixedTable: input.table, id: { not: team.id }, status: "ACTIVE" },
      });
      if (other)
        throw new ActionError("TABLE_TAKEN", `Table ${input.table} is already fixed for ${other.name}.`, "table", {
          table: input.table,
          team: other.name,
        });
    }
    await tx.team.update({ where: { id: team.id }, data: { fixedTable: input.table } });
    await audit(tx, {
      eventId: team.eventId,
      actor,
      action: "team.fixedTable",
      entity: "Team",
      entityId: team.id,
      before: { fixedTable: team.fixedTable },
      after: { fixedTable: input.table },
    });
    return { teamId: team.id, table: input.table };
  },
});

/** Organizer: keep two teams apart (e.g. family members); the pairing engine avoids the pairing. */
export const addAvoidPair = defineAction({
  name: "addAvoidPair",
  input: z.object({ eventId: id, teamAId: id, teamBId: id, reason: plainText(200).optional() }),
  onConflict: () => new ActionError("ALREADY_APART", "Those two teams are already kept apart.", "teamBId", { what: "pair" }),
  async run({ tx, actor, input }) {
    await requireStaff(tx, actor, input.eventId, "ORGANIZER");
    if (input.teamAId === input.teamBId) throw new ActionError("SAME_TEAM", "Pick two different teams.", "teamBId");
    const a = await teamOf(tx, input.teamAId, "teamAId");
    const b = await teamOf(tx, input.teamBId, "teamBId");
    if (a.eventId !== input.eventId)
      throw new ActionError("NOT_FOUND", "That team is not in this event.", "teamAId", { what: "teamInEvent" });
    if (b.eventId !== input.eventId)
      throw new ActionError("NOT_FOUND", "That team is not in this event.", "teamBId", { what: "teamInEvent" });
    const [x, y] = [a.id, b.id].sort();
    if (await tx.avoidPair.findUnique({ where: { eventId_teamAId_teamBId: { eventId: input.eventId, teamAId: x, teamBId: y } } })) {
      throw new ActionError("ALREADY_APART", `${a.name} and ${b.name} are already kept apart.`, "teamBId", {
        what: "named",
        a: a.name,
        b: b.name,
      });
    }
    const row = await tx.avoidPair.create({ data: { eventId: input.eventId, teamAId: x, teamBId: y, reason: input.reason || null } });
    await audit(tx, {
      eventId: input.eventId,
      actor,
      action: "avoid.add",
      entity: "AvoidPair",
      entityId: row.id,
      after: { teams: [a.name, b.name], reason: row.reason },
    });
    return { avoidPairId: row.id };
  },
});

/** Organizer: remove a keep-apart pair. */
export const removeAvoidPair = defineAction({
  name: "removeAvoidPair",
  input: z.object({ avoidPairId: id }),
  async run({ tx, actor, input }) {
    const row = await tx.avoidPair.findUnique({ where: { id: input.avoidPairId } });
    if (!row) throw new ActionError("NOT_FOUND", "No such keep-apart pair.", "avoidPairId", { what: "avoidPair" });
    await requireStaff(tx, actor, row.eventId, "ORGANIZER");
    await tx.avoidPair.delete({ where: { id: row.id } });
    await audit(tx, {
      eventId: row.eventId,
      actor,
      action: "avoid.remove",
      entity: "AvoidPair",
      entityId: row.id,
      before: { teamAId: row.teamAId, teamBId: row.teamBId, reason: row.reason },
    });
    return { removed: true };
  },
});

// ---------------------------------------------------------------- undo

/**
 * Organizer: undo the latest round (any status) in one transaction: the round, its matches,
 * results, clock and snapshots are deleted and the event state is restored — no-shows dropped
 * at its pairing are active again (and check-in reopens if it was open), drops recorded after it
 * move back one round, late entries registered during it may play it, and an event with no round
 * left is back in registration. Then pair it again (same seed = same pairing); the round page
 * shows the diff against the undone pairing, whose BEGIN snapshot is kept in this audit row.
 */
export const undoRound = defineAction({
  name: "undoRound",
  input: z.object({ roundId: id }),
  async run({ tx, actor, input }) {
    const round = await tx.round.findUnique({ where: { id: input.roundId }, include: { _count: { select: { matches: true } } } });
    if (!round) throw new ActionError("NOT_FOUND", "No such round.", "roundId", { what: "round" });
    await requireStaff(tx, actor, round.eventId, "ORGANIZER");
    const last = await lastRound(tx, round.eventId);
    if (last!.id !== round.id)
      throw new ActionError("NOT_LATEST", `Only the latest round (round ${last!.number}) can be undone.`, "roundId", {
        number: last!.number,
      });
    const begin = await beginSnapshot(tx, round.id);
    const reported = await tx.match.count({ where: { roundId: round.id, outcome: { not: null }, NOT: { outcome: "BYE" } } });
    await tx.round.delete({ where: { id: round.id } });
    const noShows = begin?.inputs.noShows ?? [];
    if (noShows.length)
      await tx.team.updateMany({
        where: { id: { in: noShows }, status: "DROPPED", droppedAfter: 0 },
        data: { status: "ACTIVE", droppedAfter: null, checkedIn: false },
      });
    const prev = round.number - 1;
    await tx.team.updateMany({
      where: { eventId: round.eventId, status: "DROPPED", droppedAfter: { gt: prev } },
      data: { droppedAfter: prev },
    });
    await tx.team.updateMany({
      where: { eventId: round.eventId, entryRound: round.number + 1 },
      data: prev === 0 ? { entryRound: null, entryPolicy: null } : { entryRound: round.number },
    });
    const { event } = await eventRules(tx, round.eventId);
    const data: Prisma.EventUpdateInput = {};
    if (begin?.inputs.checkInWasOpen) data.checkInOpen = true;
    if (prev === 0) data.status = "REGISTRATION";
    else if (event.status === "FINISHED") data.status = "RUNNING";
    if (Object.keys(data).length) await tx.event.update({ where: { id: event.id }, data });
    // The undone pairing stays as an UNDONE snapshot: the round page diffs the re-pair against it.
    if (begin) await writeUndoneSnapshot(tx, round.eventId, begin);
    await audit(tx, {
      eventId: round.eventId,
      actor,
      action: "round.undo",
      entity: "Round",
      entityId: round.id,
      before: {
        number: round.number,
        kind: round.kind,
        status: round.status,
        seed: round.seed,
        matches: round._count.matches,
        resultsReported: reported,
        begin: (begin ?? null) as unknown as Prisma.InputJsonValue,
      },
      after: { deleted: true, restoredNoShows: noShows.length, checkInOpen: data.checkInOpen ?? event.checkInOpen },
    });
    return { number: round.number, seed: round.seed, kind: round.kind };
  },
});

// ---------------------------------------------------------------- manual edits (round PAIRED)

async function pairedRound(tx: Tx, roundId: string) {
  const round = await tx.round.findUnique({
    where: { id: roundId },
    include: { matches: { include: { teams: { include: { team: true } } } } },
  });
  if (!round) throw new ActionError("NOT_FOUND", "No such round.", "roundId", { what: "round" });
  return round;
}

function requireEditable(round: { status: string; number: number; kind: string }) {
  if (round.status !== "PAIRED")
    throw new ActionError(
      "ROUND_PUBLISHED",
      `Round ${round.number} is already published: manual edits are only possible before publishing (undo the round instead).`,
      undefined,
      { number: round.number },
    );
  if (round.kind !== "SWISS") throw new ActionError("TOP_CUT_SEEDED", "Top-cut pairings follow the seeding and cannot be edited by hand.");
}

type RoundWithSeats = Awaited<ReturnType<typeof pairedRound>>;
const seatOf = (round: RoundWithSeats, teamId: string, field: string) => {
  for (const m of round.matches) for (const s of m.teams) if (s.teamId === teamId) return { match: m, seat: s };
  throw new ActionError("NOT_IN_ROUND", "That team is not paired in this round.", field);
};

/** Warnings for a manual pairing: rematches and keep-apart pairs (the organizer decides); structured, see lib/pairing/warnings. */
async function pairingWarnings(tx: Tx, round: RoundWithSeats, pairs: [string, string][]): Promise<ManualPairingWarning[]> {
  const out: ManualPairingWarning[] = [];
  const names = new Map(round.matches.flatMap((m) => m.teams.map((s) => [s.teamId, s.team.name] as const)));
  for (const [x, y] of pairs) {
    const met = await tx.match.findFirst({
      where: {
        roundId: { not: round.id },
        round: { eventId: round.eventId },
        AND: [{ teams: { some: { teamId: x } } }, { teams: { some: { teamId: y } } }],
      },
      include: { round: true },
    });
    if (met) out.push({ code: "REMATCH", a: names.get(x) ?? "?", b: names.get(y) ?? "?", round: met.round.number });
    const [a, b] = [x, y].sort();
    if (await tx.avoidPair.findUnique({ where: { eventId_teamAId_teamBId: { eventId: round.eventId, teamAId: a, teamBId: b } } }))
      out.push({ code: "KEEP_APART", a: names.get(x) ?? "?", b: names.get(y) ?? "?" });
  }
  return out;
}

/**
 * A match of a paired round that already carries a pending penalty's result (applied at
 * pairing) cannot be re-seated by hand — the result belongs to the team it was given to. Throws
 * PENALTY_RESULT {table}; undo the round and pair it again instead.
 */
function requireNoPenaltyResult(m: { table: number; outcome: string | null; games1: number; games2: number }) {
  if ((m.outcome && m.outcome !== "BYE") || (!m.outcome && m.games1 + m.games2 > 0))
    throw new ActionError(
      "PENALTY_RESULT",
      `Table ${m.table} already has a result from a penalty: undo the round and pair it again to change its teams.`,
      undefined,
      { table: m.table },
    );
}

/** Swaps two teams' seats (used by swap and by a bye given while another team holds the bye). */
async function swapSeats(tx: Tx, round: RoundWithSeats, a: ReturnType<typeof seatOf>, b: ReturnType<typeof seatOf>) {
  requireNoPenaltyResult(a.match);
  requireNoPenaltyResult(b.match);
  await tx.matchTeam.deleteMany({
    where: {
      OR: [
        { matchId: a.match.id, slot: a.seat.slot },
        { matchId: b.match.id, slot: b.seat.slot },
      ],
    },
  });
  await tx.matchTeam.create({ data: { matchId: a.match.id, slot: a.seat.slot, roundId: round.id, teamId: b.seat.teamId } });
  await tx.matchTeam.create({ data: { matchId: b.match.id, slot: b.seat.slot, roundId: round.id, teamId: a.seat.teamId } });
  const opp = (m: RoundWithSeats["matches"][number], slot: number) => m.teams.find((s) => s.slot !== slot)?.teamId;
  const pairs: [string, string][] = [];
  const oa = opp(a.match, a.seat.slot),
    ob = opp(b.match, b.seat.slot);
  if (oa) pairs.push([b.seat.teamId, oa]);
  if (ob) pairs.push([a.seat.teamId, ob]);
  return pairingWarnings(tx, round, pairs);
}

/** Organizer: swap two teams between tables before publishing (reason required, audited). */
export const swapTeams = defineAction({
  name: "swapTeams",
  input: z.object({ roundId: id, teamAId: id, teamBId: id, reason }),
  async run({ tx, actor, input }) {
    const round = await pairedRound(tx, input.roundId);
    await requireStaff(tx, actor, round.eventId, "ORGANIZER");
    requireEditable(round);
    if (input.teamAId === input.teamBId) throw new ActionError("SAME_TEAM", "Pick two different teams.", "teamBId");
    const a = seatOf(round, input.teamAId, "teamAId"),
      b = seatOf(round, input.teamBId, "teamBId");
    if (a.match.id === b.match.id)
      throw new ActionError(
        "SAME_MATCH",
        `${a.seat.team.name} and ${b.seat.team.name} already play each other: swapping them changes nothing.`,
        "teamBId",
        { a: a.seat.team.name, b: b.seat.team.name },
      );
    const warnings = await swapSeats(tx, round, a, b);
    await tx.pairingEdit.create({
      data: {
        roundId: round.id,
        kind: "SWAP",
        reason: input.reason,
        warnings: warnings as unknown as Prisma.InputJsonValue,
        userId: actor.userId,
        team: a.seat.team.name,
        fromTable: a.match.table,
        toTable: b.match.table,
        otherTeam: b.seat.team.name,
        otherFromTable: b.match.table,
        otherToTable: a.match.table,
      },
    });
    await audit(tx, {
      eventId: round.eventId,
      actor,
      action: "round.swap",
      entity: "Round",
      entityId: round.id,
      before: { [a.seat.team.name]: a.match.table, [b.seat.team.name]: b.match.table },
      after: { [a.seat.team.name]: b.match.table, [b.seat.team.name]: a.match.table, reason: input.reason, warnings },
    });
    return { warnings };
  },
});

/** Organizer: move a pairing to another table (a pairing already there takes the old table). */
export const moveMatch = defineAction({
  name: "moveMatch",
  input: z.object({ roundId: id, matchId: id, table: z.coerce.number().int().min(1, "table numbers start at 1").max(999), reason }),
  async run({ tx, actor, input }) {
    const round = await pairedRound(tx, input.roundId);
    await requireStaff(tx, actor, round.eventId, "ORGANIZER");
    requireEditable(round);
    const m = round.matches.find((x) => x.id === input.matchId);
    if (!m) throw new ActionError("MATCH_NOT_IN_ROUND", "That match is not in this round.", "matchId", { what: "move" });
    if (m.outcome === "BYE") throw new ActionError("BYE_MATCH", "A bye has no table to move.", "matchId", { what: "move" });
    if (m.table === input.table)
      throw new ActionError("NO_CHANGE", `That pairing is already at table ${input.table}.`, "table", {
        what: "table",
        table: input.table,
      });
    const other = round.matches.find((x) => x.table === input.table);
    if (other) {
      await tx.match.update({ where: { id: m.id }, data: { table: -1 } });
      await tx.match.update({ where: { id: other.id }, data: { table: m.table } });
    }
    await tx.match.update({ where: { id: m.id }, data: { table: input.table } });
    const names = m.teams.map((s) => s.team.name).join(" – ");
    await tx.pairingEdit.create({
      data: {
        roundId: round.id,
        kind: "MOVE",
        team: names,
        fromTable: m.table,
        toTable: input.table,
        reason: input.reason,
        userId: actor.userId,
      },
    });
    await audit(tx, {
      eventId: round.eventId,
      actor,
      action: "round.move",
      entity: "Round",
      entityId: round.id,
      before: { pairing: names, table: m.table },
      after: {
        pairing: names,
        table: input.table,
        swappedWith: other ? other.teams.map((s) => s.team.name).join(" – ") : null,
        reason: input.reason,
      },
    });
    return { table: input.table, swappedTable: other ? m.table : null };
  },
});

/**
 * Organizer: give a team a bye before publishing. If another team holds this round's bye, the
 * two swap (that team plays the opponent). Otherwise the opponent gets a bye too (nobody is left
 * without a match). Reason required, audited.
 */
export const manualBye = defineAction({
  name: "manualBye",
  input: z.object({ roundId: id, teamId: id, reason }),
  async run({ tx, actor, input }) {
    const round = await pairedRound(tx, input.roundId);
    await requireStaff(tx, actor, round.eventId, "ORGANIZER");
    requireEditable(round);
    const x = seatOf(round, input.teamId, "teamId");
    if (x.match.outcome === "BYE")
      throw new ActionError("ALREADY_BYE", `${x.seat.team.name} already has the bye.`, "teamId", { team: x.seat.team.name });
    requireNoPenaltyResult(x.match);
    const { preset } = await eventRules(tx, round.eventId);
    const byeRow = byeMatchRow(preset); // §6.2
    const opponent = x.match.teams.find((s) => s.slot !== x.seat.slot)!;
    const holder = round.matches.find((m) => m.outcome === "BYE");
    let warnings: ManualPairingWarning[] = [];
    let mode: "swappedWithBye" | "opponentByeToo";
    if (holder) {
      mode = "swappedWithBye";
      warnings = await swapSeats(tx, round, x, { match: holder, seat: holder.teams[0] });
    } else {
      mode = "opponentByeToo";
      const bye = { ...byeRow, reportedAt: new Date() };
      await tx.matchTeam.deleteMany({ where: { matchId: x.match.id } });
      await tx.match.update({
        where: { id: x.match.id },
        data: { ...bye, table: 0, teams: { create: [{ roundId: round.id, teamId: x.seat.teamId, slot: 1 }] } },
      });
      await tx.match.create({
        data: {
          roundId: round.id,
          table: x.match.table,
          ...bye,
          teams: { create: [{ roundId: round.id, teamId: opponent.teamId, slot: 1 }] },
        },
      });
    }
    const had = await tx.match.count({
      where: { outcome: "BYE", roundId: { not: round.id }, round: { eventId: round.eventId }, teams: { some: { teamId: x.seat.teamId } } },
    });
    if (had) warnings.push({ code: "HAD_BYE", team: x.seat.team.name });
    await tx.pairingEdit.create({
      data: {
        roundId: round.id,
        kind: "BYE",
        team: x.seat.team.name,
        fromTable: x.match.table,
        reason: input.reason,
        warnings: warnings as unknown as Prisma.InputJsonValue,
        userId: actor.userId,
      },
    });
    await audit(tx, {
      eventId: round.eventId,
      actor,
      action: "round.bye",
      entity: "Round",
      entityId: round.id,
      before: { team: x.seat.team.name, table: x.match.table, opponent: opponent.team.name, byeHolder: holder?.teams[0].team.name ?? null },
      after: { bye: x.seat.team.name, mode, reason: input.reason, warnings },
    });
    return { mode, warnings };
  },
});

// ---------------------------------------------------------------- structure and top cut

/** Organizer: planned Swiss rounds and top-cut size (null = the recommendation for the entrant count). */
export const setStructure = defineAction({
  name: "setStructure",
  input: z.object({
    eventId: id,
    /** Omitted, "" or null = the recommendation. */
    swissRounds: z
      .union([z.null(), z.literal(""), z.coerce.number().int().min(1).max(20)])
      .optional()
      .transform((v) => (v === "" || v === undefined ? null : v)),
    topCut: z
      .union([z.null(), z.literal(""), z.coerce.number().int().min(0).max(256)])
      .optional()
      .transform((v) => (v === "" || v === undefined ? null : v))
      .refine((v) => v !== 1, "TOP_CUT_SIZE"),
  }),
  async run({ tx, actor, input }) {
    await requireStaff(tx, actor, input.eventId, "ORGANIZER");
    const before = await tx.event.findUniqueOrThrow({ where: { id: input.eventId } });
    await tx.event.update({ where: { id: input.eventId }, data: { swissRounds: input.swissRounds, topCut: input.topCut } });
    await audit(tx, {
      eventId: input.eventId,
      actor,
      action: "event.structure",
      entity: "Event",
      entityId: input.eventId,
      before: { swissRounds: before.swissRounds, topCut: before.topCut },
      after: { swissRounds: input.swissRounds, topCut: input.topCut },
    });
    return { swissRounds: input.swissRounds, topCut: input.topCut };
  },
});

/**
 * Organizer: pair the next top-cut round. The first one seeds the cut (1v8, 4v5, 2v7, 3v6 …)
 * from the frozen final Swiss standings (dropped teams skipped; PS05); later ones pair the
 * winners (lib/pairing advanceBracket: a team whose opponent left the cut — dropped, disqualified,
 * or both teams of a table gone — gets a bye). Table = bracket slot. The BEGIN snapshot keeps the
 * bracket. Refused while a round is open, before any Swiss round, and after the final.
 * An exact tie at the cut line (shown to the TO beforehand, lib/server/rounds cutTieView) is
 * broken by a seeded random draw (lib/pairing drawCut): `drawSeed` if given, else a random one;
 * the seed, the tied teams and the drawn order are recorded in the snapshot and the audit row.
 */
export const pairTopCutRound = defineAction({
  name: "pairTopCutRound",
  input: z.object({ eventId: id, drawSeed: plainText(64).min(1).optional() }),
  onConflict: () => new ActionError("ALREADY_PAIRED", "That round has already been paired (by another request). Reload the page."),
  async run({ tx, actor, input }) {
    await requireStaff(tx, actor, input.eventId, "ORGANIZER");
    const rules = await eventRules(tx, input.eventId);
    const { event, preset } = rules;
    if (event.status === "FINISHED") throw new ActionError("EVENT_FINISHED", "This event is finished.");
    const last = await lastRound(tx, event.id);
    if (!last) throw new ActionError("NO_SWISS", "Play the Swiss rounds first.");
    if (last.status !== "CLOSED")
      throw new ActionError("ROUND_OPEN", `Round ${last.number} is not closed yet: enter every result and close it first.`, undefined, {
        number: last.number,
      });
    const byeRow = byeMatchRow(preset); // §6.2
    let bracket: BracketMatch[];
    let stage: "first" | "next";
    let cutDraw: CutDraw | null = null;
    if (last.kind === "SWISS") {
      stage = "first";
      const size = (await plannedStructure(tx, event.id, rules)).topCut;
      if (size < 2)
        throw new ActionError("NO_TOP_CUT", "This event has no top cut (set a cut size of at least 2 first).", undefined, {
          what: "noCut",
        });
      const standings = (await frozenSwissStandings(tx, event.id)) ?? (await eventStandings(tx, event.id, { rules }));
      // Defence in depth: a disqualified team is never seeded, whatever its stored status.
      const dq = await disqualifiedTeamIds(tx, event.id);
      const eligible = new Set(
        cutTop(
          standings.standings.filter((s) => !dq.has(s.teamId)),
          standings.standings.length,
        ).map((s) => s.teamId),
      );
      const drawn = drawCut(standings.standings, size, input.drawSeed ?? randomBytes(6).toString("hex"), (t) => eligible.has(t));
      cutDraw = drawn.draw;
      if (drawn.cut.length < 2)
        throw new ActionError("NO_TOP_CUT", "Fewer than two active teams are left for the top cut.", undefined, { what: "fewTeams" });
      bracket = topCutFirstRound(drawn.cut);
    } else {
      stage = "next";
      const prev = await beginSnapshot(tx, last.id);
      if (!prev?.bracket)
        throw new ActionError("NO_BRACKET", "The previous top-cut round has no bracket snapshot; undo it and pair it again.");
      const matches = await tx.match.findMany({ where: { roundId: last.id }, include: { teams: true } });
      // Per table: the winner, or null when both teams left (closed as a double loss) — RULES §6.2, §5.2.
      const results = new Map<number, string | null>();
      for (const m of matches) {
        const w = m.outcome === "BYE" ? 1 : m.outcome === "WIN" ? m.winnerSlot : null;
        const team = m.teams.find((s) => s.slot === w)?.teamId;
        if (team) results.set(m.table, team);
        else if (m.outcome === "DOUBLE_LOSS") results.set(m.table, null);
      }
      const left = await tx.team.findMany({ where: { eventId: event.id, status: { not: "ACTIVE" } }, select: { id: true } });
      const out = new Set([...left.map((t) => t.id), ...(await disqualifiedTeamIds(tx, event.id))]);
      const advanced = advanceBracket(prev.bracket, results, out);
      if (!advanced.ok) {
        const missing = advanced.slots;
        throw new ActionError(
          "NO_WINNER",
          `Top-cut table${missing.length > 1 ? "s" : ""} ${missing.join(", ")} ha${missing.length > 1 ? "ve" : "s"} no winner ` +
            "(no draws or double losses in single elimination).",
          undefined,
          { count: missing.length, tables: missing.join(", ") },
        );
      }
      bracket = advanced.next;
      if (bracket.length === 0) {
        if (!advanced.champion)
          throw new ActionError("TOP_CUT_DONE", "The top cut is finished: no team is left in it.", undefined, { team: "—" });
        const champion = await tx.team.findUniqueOrThrow({ where: { id: advanced.champion } });
        throw new ActionError("TOP_CUT_DONE", `The top cut is finished: ${champion.name} won.`, undefined, { team: champion.name });
      }
    }
    const number = last.number + 1;
    const round = await tx.round.create({
      data: { eventId: event.id, number, kind: "TOP_CUT", seed: "bracket", minutes: event.roundMinutes },
    });
    for (const b of bracket) {
      await tx.match.create({
        data: {
          roundId: round.id,
          table: b.slot,
          ...(b.team2 === null ? { ...byeRow, reportedAt: new Date() } : {}),
          teams: {
            create: [
              { roundId: round.id, teamId: b.team1, slot: 1 },
              ...(b.team2 ? [{ roundId: round.id, teamId: b.team2, slot: 2 }] : []),
            ],
          },
        },
      });
    }
    // Game/match losses waiting for this round apply now (same path as pairNextRound).
    const pendingPenalties = await applyPendingPenalties(tx, {
      eventId: event.id,
      preset,
      round: { id: round.id, number },
      userId: actor.userId!,
    });
    const snap: BeginSnapshot = {
      number,
      kind: "TOP_CUT",
      seed: "bracket",
      inputs: {
        teams: bracket.flatMap((b) => (b.team2 ? [{ id: b.team1 }, { id: b.team2 }] : [{ id: b.team1 }])),
        avoidPairs: [],
        noShows: [],
        historyRounds: [],
        checkInWasOpen: false,
      },
      pairings: bracket.map((b) => ({ table: b.slot, team1: b.team1, team2: b.team2 })),
      bracket,
      ...(cutDraw ? { cutDraw } : {}),
    };
    await tx.roundSnapshot.create({ data: { roundId: round.id, phase: "BEGIN", data: snap as unknown as Prisma.InputJsonValue } });
    await audit(tx, {
      eventId: event.id,
      actor,
      action: stage === "first" ? "topcut.start" : "topcut.pair",
      entity: "Round",
      entityId: round.id,
      after: {
        number,
        bracket: bracket.map((b) => `${b.seed1}v${b.seed2 ?? "bye"}`),
        ...(cutDraw ? { cutDraw: { ...cutDraw } as Record<string, string | number | string[]> } : {}),
        ...(pendingPenalties.length ? { pendingPenalties } : {}),
      },
    });
    return { roundId: round.id, number, bracket, cutDraw };
  },
});
