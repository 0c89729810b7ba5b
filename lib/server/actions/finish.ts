/**
 * The end of an event and of a round (issue #14):
 * - finishEvent (organizer): lib/pairing/lifecycle finishRule — after the final's result (it closes
 *   the final's round if still open) or after the last planned Swiss round without a cut; status FINISHED;
 * - reopenEvent (organizer): reopenRule — back to RUNNING to correct a result; placings recompute
 *   (lib/server/read/placings reads them from the rounds every time);
 * - batchEndRound (judge): lib/formats/batchEnd — every open match of a published Swiss round gets the
 *   outcome of an unfinished match (double loss, or draw where the preset allows it); the plan the
 *   judge was shown (match ids) must be the plan computed now; one audit row per match; the results
 *   before the batch go into the round's BATCH snapshot;
 * - undoBatchEnd (judge): restores every match of the latest batch in one step (refused when one of
 *   them changed since), one audit row.
 * Refusal codes of the core are messages floor.refusals.<code> (lib/i18n/actionErrors falls back to them).
 */
import { z } from "zod";
import { ActionError } from "@/lib/errors";
import { audit, defineAction } from "@/lib/server/action";
import { requireStaff } from "@/lib/auth/actor";
import { finishRule, reopenRule } from "@/lib/pairing/lifecycle";
import { eventStandings } from "@/lib/server/read/standings";
import { eventPlacings, lifecycleRounds } from "@/lib/server/read/placings";
import { plannedStructure, writeEndSnapshot } from "@/lib/server/write/roundState";
import { roundBatchPlan, type BatchSnapshot } from "@/lib/server/write/batchEnd";
import type { Prisma } from "@/lib/generated/prisma/client";
import { scheduleRoundBackup } from "@/lib/server/interop/backups";

const id = z.string().min(1).max(64);

/** English text of a lifecycle refusal (the page shows floor.refusals.<code> in its language). */
const REFUSAL_TEXT: Record<string, string> = {
  EVENT_ALREADY_FINISHED: "This event is already finished.",
  EVENT_NOT_STARTED: "No round has been played yet.",
  SWISS_ROUND_OPEN: "The last Swiss round is not closed yet.",
  SWISS_ROUNDS_LEFT: "Not every planned Swiss round has been played.",
  TOP_CUT_NOT_STARTED: "This event has a top cut: play it first, or set the cut to none.",
  TOP_CUT_UNFINISHED: "The top cut is not over: a table of its latest round has no result yet.",
  TOP_CUT_NEXT_ROUND: "The top cut is not over: pair its next round first.",
  REOPEN_ORGANIZER_ONLY: "Only the organizer can reopen an event.",
  EVENT_NOT_FINISHED: "Only a finished event can be reopened.",
};

/**
 * Organizer: finish the event (finishRule). Closes the final's round when it is still open (its END
 * snapshot written as closeRound does). Refusals: FORBIDDEN; finishRule's codes (floor.refusals).
 * Returns the champion's team id (null without a winner) and the placings' first places.
 */
export const finishEvent = defineAction({
  name: "finishEvent",
  input: z.object({ eventId: id }),
  async run({ tx, actor, input }) {
    await requireStaff(tx, actor, input.eventId, "ORGANIZER");
    const event = await tx.event.findUniqueOrThrow({ where: { id: input.eventId } });
    const rounds = await lifecycleRounds(tx, event.id);
    const planned = await plannedStructure(tx, event.id);
    const swissPlayed = rounds.filter((r) => r.kind === "SWISS").length;
    const r = finishRule({ status: event.status, swissRounds: planned.swissRounds ?? swissPlayed, topCut: planned.topCut }, rounds);
    if (!r.ok) throw new ActionError(r.code, REFUSAL_TEXT[r.code] ?? r.code, undefined, r.params);
    if (r.closeRound !== null) {
      const round = await tx.round.findUniqueOrThrow({ where: { eventId_number: { eventId: event.id, number: r.closeRound } } });
      await tx.round.update({ where: { id: round.id }, data: { status: "CLOSED", closedAt: new Date() } });
      await writeEndSnapshot(tx, round.id, (await eventStandings(tx, event.id)).standings);
    }
    await tx.event.update({ where: { id: event.id }, data: { status: "FINISHED" } });
    const placed = await eventPlacings(event.id, tx);
    const podium = (placed.placings ?? []).slice(0, 4).map((p) => ({ place: p.place, teamId: p.teamId }));
    const champion = placed.overview.state === "finished" ? placed.overview.champion : r.champion;
    await audit(tx, {
      eventId: event.id,
      actor,
      action: "event.finish",
      entity: "Event",
      entityId: event.id,
      before: { status: event.status },
      after: { status: "FINISHED", champion, closedRound: r.closeRound, podium },
    });
    return { champion, podium, eventId: event.id, closedRound: r.closeRound };
  },
  // Issue #17: closing the final's round writes a backup like closeRound.
  afterCommit: (out) => {
    if (out.closedRound !== null) scheduleRoundBackup(out.eventId, out.closedRound);
  },
});

/** Organizer: reopen a finished event (reopenRule) to correct a result; it is RUNNING again. Refusals: FORBIDDEN, EVENT_NOT_FINISHED. */
export const reopenEvent = defineAction({
  name: "reopenEvent",
  input: z.object({ eventId: id, reason: z.string().trim().max(500).optional() }),
  async run({ tx, actor, input }) {
    const role = await requireStaff(tx, actor, input.eventId, "JUDGE");
    const event = await tx.event.findUniqueOrThrow({ where: { id: input.eventId } });
    const r = reopenRule(event, role);
    if (!r.ok) throw new ActionError(r.code, REFUSAL_TEXT[r.code] ?? r.code, undefined, r.params);
    await tx.event.update({ where: { id: event.id }, data: { status: "RUNNING" } });
    await audit(tx, {
      eventId: event.id,
      actor,
      action: "event.reopen",
      entity: "Event",
      entityId: event.id,
      before: { status: "FINISHED" },
      after: { status: "RUNNING", reason: input.reason ?? null },
    });
    return { eventId: event.id };
  },
});

const outcomeChoice = z.enum(["DRAW", "DOUBLE_LOSS"]);

/**
 * Judge: end every open match of a published Swiss round (batchEndPlan). `matchIds` = the matches
 * of the plan the judge was shown; when the plan now differs (a result came in meanwhile) nothing is
 * written (BATCH_PLAN_CHANGED) and the page shows the new plan. Refusals: FORBIDDEN, NOT_FOUND,
 * ROUND_NOT_LIVE, BATCH_TOP_CUT, NO_DRAWS (a chosen draw the event does not allow), NOTHING_OPEN.
 * Returns the tables ended.
 */
export const batchEndRound = defineAction({
  name: "batchEndRound",
  input: z.object({ roundId: id, matchIds: z.array(id).max(2000), choice: outcomeChoice.optional() }),
  async run({ tx, actor, input }) {
    const head = await tx.round.findUnique({ where: { id: input.roundId }, select: { eventId: true, status: true, number: true } });
    if (!head) throw new ActionError("NOT_FOUND", "No such round.", "roundId", { what: "round" });
    await requireStaff(tx, actor, head.eventId, "JUDGE");
    const { round, plan } = await roundBatchPlan(tx, input.roundId, input.choice);
    if (round.status !== "PUBLISHED")
      throw new ActionError(
        "ROUND_NOT_LIVE",
        round.status === "CLOSED" ? `Round ${round.number} is already closed.` : "Publish the round first.",
        undefined,
        { what: round.status === "CLOSED" ? "closed" : "unpublished", number: round.number },
      );
    if (plan.entries.length === 0) throw new ActionError("NOTHING_OPEN", "Every table of this round has its result already.");
    const planned = plan.entries.map((e) => e.matchId);
    const sameplan = planned.length === input.matchIds.length && [...planned].sort().join() === [...input.matchIds].sort().join();
    if (!sameplan)
      throw new ActionError("BATCH_PLAN_CHANGED", "Results came in since the list was shown: check the new list; nothing was saved.");
    const before = new Map(round.matches.map((m) => [m.id, m]));
    const snapshot: BatchSnapshot = { choice: input.choice ?? null, entries: [] };
    const reportedAt = new Date();
    for (const e of plan.entries) {
      const m = before.get(e.matchId)!;
      const data = {
        outcome: e.outcome,
        winnerSlot: null,
        endReason: e.result.reason as "DRAW" | "DOUBLE_LOSS",
        games1: e.result.games.slot1,
        games2: e.result.games.slot2,
        reportedAt,
      };
      const updated = await tx.match.updateMany({ where: { id: m.id, version: m.version }, data: { ...data, version: { increment: 1 } } });
      if (updated.count !== 1)
        throw new ActionError("BATCH_PLAN_CHANGED", "Results came in since the list was shown: check the new list; nothing was saved.");
      snapshot.entries.push({
        matchId: m.id,
        table: m.table,
        version: m.version + 1,
        before: {
          outcome: m.outcome,
          winnerSlot: m.winnerSlot,
          endReason: m.endReason,
          lp1: m.lp1,
          lp2: m.lp2,
          games1: m.games1,
          games2: m.games2,
          reportedAt: m.reportedAt?.toISOString() ?? null,
        },
      });
      await tx.resultReport.create({
        data: {
          matchId: m.id,
          userId: actor.userId!,
          source: "JUDGE",
          payload: { batch: true, outcome: e.outcome, basis: e.basis } as Prisma.InputJsonValue,
        },
      });
      await audit(tx, {
        eventId: round.eventId,
        actor,
        action: "result.batchEnd",
        entity: "Match",
        entityId: m.id,
        before: { outcome: m.outcome, version: m.version },
        after: { ...data, reportedAt: reportedAt.toISOString(), table: m.table, basis: e.basis },
      });
    }
    await tx.roundSnapshot.upsert({
      where: { roundId_phase: { roundId: round.id, phase: "BATCH" } },
      create: { roundId: round.id, phase: "BATCH", data: snapshot as unknown as Prisma.InputJsonValue },
      update: { data: snapshot as unknown as Prisma.InputJsonValue },
    });
    return { tables: plan.entries.map((e) => e.table) };
  },
});

/**
 * Judge: undo the round's latest batch end in one step: every match it ended gets its result from
 * before back (the BATCH snapshot). Refusals: NOT_FOUND, FORBIDDEN, ROUND_NOT_LIVE (the round was
 * closed meanwhile), NO_BATCH, BATCH_CHANGED {tables} (a result entered after the batch: correct it by hand).
 */
export const undoBatchEnd = defineAction({
  name: "undoBatchEnd",
  input: z.object({ roundId: id }),
  async run({ tx, actor, input }) {
    const round = await tx.round.findUnique({ where: { id: input.roundId }, include: { snapshots: { where: { phase: "BATCH" } } } });
    if (!round) throw new ActionError("NOT_FOUND", "No such round.", "roundId", { what: "round" });
    await requireStaff(tx, actor, round.eventId, "JUDGE");
    if (round.status !== "PUBLISHED")
      throw new ActionError(
        "ROUND_NOT_LIVE",
        round.status === "CLOSED" ? `Round ${round.number} is already closed.` : "Publish the round first.",
        undefined,
        { what: round.status === "CLOSED" ? "closed" : "unpublished", number: round.number },
      );
    const snap = round.snapshots[0]?.data as unknown as BatchSnapshot | undefined;
    if (!snap) throw new ActionError("NO_BATCH", "This round has no batch end to undo.");
    const current = new Map(
      (await tx.match.findMany({ where: { id: { in: snap.entries.map((e) => e.matchId) } }, select: { id: true, version: true } })).map(
        (m) => [m.id, m.version],
      ),
    );
    const changed = snap.entries.filter((e) => current.get(e.matchId) !== e.version).map((e) => e.table);
    if (changed.length)
      throw new ActionError(
        "BATCH_CHANGED",
        `Table ${changed.join(", ")} changed after the batch end: correct it by hand; nothing was undone.`,
        undefined,
        { tables: changed.join(", "), count: changed.length },
      );
    for (const e of snap.entries) {
      const b = e.before;
      await tx.match.update({
        where: { id: e.matchId },
        data: {
          outcome: b.outcome,
          winnerSlot: b.winnerSlot,
          endReason: b.endReason as Prisma.MatchUpdateInput["endReason"],
          lp1: b.lp1,
          lp2: b.lp2,
          games1: b.games1,
          games2: b.games2,
          reportedAt: b.reportedAt ? new Date(b.reportedAt) : null,
          version: { increment: 1 },
        },
      });
    }
    await tx.roundSnapshot.delete({ where: { id: round.snapshots[0].id } });
    const tables = snap.entries.map((e) => e.table);
    await audit(tx, {
      eventId: round.eventId,
      actor,
      action: "round.batchEndUndo",
      entity: "Round",
      entityId: round.id,
      after: { tables, count: tables.length },
    });
    return { tables };
  },
});
