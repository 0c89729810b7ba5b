/**
 * The offline queue's sends (issue #15, flaky Wi-Fi): a team report or a one-tap confirm made on a
 * phone without a connection, sent later with an idempotency key and the match state the phone saw.
 *
 * sendQueuedReport / sendQueuedConfirm — in ONE transaction:
 *   1. the key is looked up for the signed-in account (IdempotencyKey, unique per account + key):
 *      a key already stored answers the first send's result again (`replayed: true`) and writes
 *      nothing — no report row, no audit row, no version bump;
 *   2. the sender's seat is checked as for submitTeamReport (reporting.ts reporterSeat), the match
 *      row is locked and the key looked up again (a send of the same key that held the lock first);
 *   3. lib/offline/change queuedDecision: the same report already stored for the team is a
 *      duplicate (stored once, status "duplicate", no audit row); a match changed since the phone
 *      saw it is refused naming the change (OFFLINE_REPAIRED, OFFLINE_JUDGE_RESULT, OFFLINE_FINAL,
 *      OFFLINE_OTHER_REPORTED, OFFLINE_MATCH_CHANGED; nothing saved, the key not kept, so the phone
 *      shows the refusal);
 *   4. otherwise the ordinary submitTeamReport / confirmTeamReport body runs in this transaction
 *      (its own rules and its exactly one audit row) and the key is stored with its result.
 * Keys are kept at least 7 days; a store purges the account's keys older than 14 days.
 */
import { z } from "zod";
import { ActionError } from "@/lib/errors";
import { defineAction, type ActionContext } from "@/lib/server/action";
import { requireSignedIn } from "@/lib/auth/actor";
import type { Tx } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { lockMatch } from "@/lib/server/write/penalties";
import { eventRules } from "@/lib/server/write/eventRules";
import { latestReports } from "@/lib/formats/reportRefs";
import { normalizeReport, type TeamReport } from "@/lib/formats/reports";
import { IDEMPOTENCY_KEEP_MS, IDEMPOTENCY_KEY, queuedDecision, type CurrentState, type QueuedChange } from "@/lib/offline/change";
import { confirmInput, confirmTeamReport, reporterSeat, submitTeamReport, teamReportInput, type TeamReportStatus } from "./reporting";

const seenInput = z.object({
  matchVersion: z.coerce.number().int().min(0).max(1_000_000),
  theirs: z.object({ id: z.string().min(1).max(64), version: z.coerce.number().int().min(1).max(1000) }).nullable(),
  round: z.coerce.number().int().min(1).max(99),
  table: z.coerce.number().int().min(-1000).max(100_000),
});
const queued = {
  key: z.string().regex(IDEMPOTENCY_KEY, "32 hex characters"),
  eventId: z.string().min(1).max(64),
  seen: seenInput,
};

/** What a queued send answers (the first send's answer again when `replayed`). */
export interface QueuedSendResult {
  status: TeamReportStatus;
  state: string;
  matchId: string;
  replayed: boolean;
}

type Kind = "sendQueuedReport" | "sendQueuedConfirm";

async function storedKey(tx: Tx, userId: string, key: string, kind: Kind, matchId: string): Promise<QueuedSendResult | null> {
  const row = await tx.idempotencyKey.findUnique({ where: { userId_key: { userId, key } } });
  if (!row) return null;
  if (row.action !== kind || row.matchId !== matchId)
    throw new ActionError("IDEMPOTENCY_KEY_REUSED", "This queued item's key was already used for another send; nothing was saved.", "key");
  return { ...(row.result as unknown as QueuedSendResult), replayed: true };
}

/** "14:32" in the event's time zone (24-hour, as on the venue's clock). */
function clockTime(at: number, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone }).format(at);
  } catch {
    return new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "UTC" }).format(at);
  }
}

/** The refusal naming the change (messages actionErrors.OFFLINE_*; English here). */
function changeError(c: QueuedChange, names: [string, string], timeZone: string): ActionError {
  const winner = (slot: number | null) => (slot === 1 ? names[0] : slot === 2 ? names[1] : "");
  switch (c.code) {
    case "OFFLINE_REPAIRED":
      return new ActionError(
        "OFFLINE_REPAIRED",
        `Round ${c.round} was re-paired while your report waited` +
          (c.tableNow === null ? "" : `: your team now plays at table ${c.tableNow}`) +
          "; nothing was sent.",
        undefined,
        { round: c.round, table: c.table, tableNow: c.tableNow ?? 0, paired: c.tableNow === null ? "no" : "yes" },
      );
    case "OFFLINE_JUDGE_RESULT":
    case "OFFLINE_FINAL": {
      const time = clockTime(c.at, timeZone);
      const result = c.outcome === "WIN" ? `${winner(c.winnerSlot)} won ${c.score}` : c.outcome === "DRAW" ? "a draw" : "a double loss";
      const params = { table: c.table, outcome: c.outcome, team: winner(c.winnerSlot), score: c.score, time };
      return c.code === "OFFLINE_JUDGE_RESULT"
        ? new ActionError(
            "OFFLINE_JUDGE_RESULT",
            `A judge entered ${result} for table ${c.table} at ${time}; your queued report was not sent.`,
            undefined,
            params,
          )
        : new ActionError(
            "OFFLINE_FINAL",
            `Table ${c.table} got its final result (${result}) at ${time}; your queued report was not sent.`,
            undefined,
            params,
          );
    }
    case "OFFLINE_OTHER_REPORTED": {
      const time = clockTime(c.at, timeZone);
      const r = c.report;
      const other =
        r.result === "team1"
          ? `${names[0]} won`
          : r.result === "team2"
            ? `${names[1]} won`
            : r.result === "draw"
              ? "a draw"
              : "time called";
      return new ActionError(
        "OFFLINE_OTHER_REPORTED",
        `The other team reported ${other} for table ${c.table} at ${time} while yours waited; check it and send again.`,
        undefined,
        { table: c.table, result: r.result, team: r.result === "team1" ? names[0] : r.result === "team2" ? names[1] : "", time },
      );
    }
    case "OFFLINE_MATCH_CHANGED":
      return new ActionError(
        "OFFLINE_MATCH_CHANGED",
        `A judge changed table ${c.table} while your report waited (a ruling, an extension or a penalty); check it and send again.`,
        undefined,
        { table: c.table },
      );
  }
}

/**
 * Steps 1–4 of the module docstring for one queued send. `report(bestOf, rows)` is what the
 * sender's team would store (null when it cannot be told: the ordinary rules then refuse).
 */
async function sendQueued<I extends { key: string; eventId: string; matchId: string; seen: z.infer<typeof seenInput> }>(
  ctx: ActionContext<I>,
  kind: Kind,
  report: (bestOf: 1 | 3, rows: { id: string; payload: TeamReport }[]) => TeamReport | null,
  body: () => Promise<{ status: TeamReportStatus; state: string; matchId: string }>,
): Promise<QueuedSendResult> {
  const { tx, actor, input } = ctx;
  const userId = requireSignedIn(actor);
  const earlier = await storedKey(tx, userId, input.key, kind, input.matchId);
  if (earlier) return earlier;

  const exists = await tx.match.findUnique({ where: { id: input.matchId }, select: { id: true } });
  if (!exists) {
    // The round was re-paired (or undone): the match the phone saw is gone. Name the team's table now.
    const me = await tx.duelist.findFirst({ where: { eventId: input.eventId, userId } });
    if (!me) throw new ActionError("FORBIDDEN", "Only a duelist of this match can report its result.", undefined, { what: "teamReport" });
    const { event } = await eventRules(tx, input.eventId);
    const seat = await tx.matchTeam.findFirst({
      where: { teamId: me.teamId, match: { round: { eventId: input.eventId, number: input.seen.round } } },
      include: { match: true },
    });
    const change: QueuedChange = {
      code: "OFFLINE_REPAIRED",
      round: input.seen.round,
      table: input.seen.table,
      tableNow: seat?.match.table ?? null,
    };
    throw changeError(change, ["", ""], event.timeZone);
  }
  const { match, event, preset, me } = await reporterSeat(tx, input.matchId, userId);
  await lockMatch(tx, match.id);
  const raced = await storedKey(tx, userId, input.key, kind, input.matchId);
  if (raced) return raced;

  const fresh = await tx.match.findUniqueOrThrow({ where: { id: match.id } });
  const rows = await tx.resultReport.findMany({ where: { matchId: match.id }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  const team = rows.filter((r) => r.source === "TEAM");
  const s1 = match.teams.find((t) => t.slot === 1)!,
    s2 = match.teams.find((t) => t.slot === 2)!;
  const latest = latestReports(
    team.map((r) => ({ id: r.id, teamId: r.teamId, at: r.createdAt.getTime(), payload: r.payload as unknown as TeamReport })),
    { slot1: s1.teamId, slot2: s2.teamId },
  );
  const mySlot = me.teamId === s1.teamId ? 1 : 2;
  const theirs = mySlot === 1 ? latest.slot2 : latest.slot1;
  const mine = mySlot === 1 ? latest.slot1 : latest.slot2;
  const newest = rows[0];
  const reportedAt = fresh.reportedAt?.getTime() ?? newest?.createdAt.getTime() ?? 0;
  // A final result with no row of its own (batch end, a penalty) or a judge's row last: staff decided it.
  const byJudge = !newest || newest.source === "JUDGE" || reportedAt - newest.createdAt.getTime() > 2000;
  const now: CurrentState = {
    present: true,
    tableNow: match.table,
    matchVersion: fresh.version,
    final:
      fresh.outcome && fresh.outcome !== "BYE"
        ? {
            outcome: fresh.outcome,
            winnerSlot: fresh.winnerSlot,
            games1: fresh.games1,
            games2: fresh.games2,
            by: byJudge ? "JUDGE" : "TEAMS",
            at: reportedAt,
          }
        : null,
    theirs: theirs
      ? { id: theirs.id, version: theirs.version, report: theirs.report, at: team.find((r) => r.id === theirs.id)!.createdAt.getTime() }
      : null,
    mine: mine?.report ?? null,
  };
  const sent = report(
    preset.bestOf,
    team.map((r) => ({ id: r.id, payload: r.payload as unknown as TeamReport })),
  );
  const decision = sent ? queuedDecision(input.seen, now, sent, preset.bestOf) : { kind: "send" as const };
  if (decision.kind === "refuse") throw changeError(decision.change, [s1.team.name, s2.team.name], event.timeZone);
  const out =
    decision.kind === "duplicate"
      ? { status: "duplicate" as TeamReportStatus, state: fresh.outcome ? "FINAL" : "ONE_SIDED", matchId: match.id }
      : await body();
  const result = { status: out.status, state: out.state, matchId: out.matchId };
  await tx.idempotencyKey.deleteMany({ where: { userId, createdAt: { lt: new Date(Date.now() - 2 * IDEMPOTENCY_KEEP_MS) } } });
  await tx.idempotencyKey.create({
    data: { userId, key: input.key, action: kind, matchId: match.id, result: result as unknown as Prisma.InputJsonObject },
  });
  return { ...result, replayed: false };
}

/** Duelist: send a team report made offline (see the module docstring). */
export const sendQueuedReport = defineAction({
  name: "sendQueuedReport",
  input: teamReportInput.extend(queued),
  run: (ctx) =>
    sendQueued(
      ctx,
      "sendQueuedReport",
      (bestOf) =>
        normalizeReport(
          {
            result: ctx.input.result,
            firstSlot: ctx.input.firstSlot as 1 | 2,
            lp1: ctx.input.lp1,
            lp2: ctx.input.lp2,
            games1: ctx.input.games1,
            games2: ctx.input.games2,
          },
          bestOf,
        ),
      () => submitTeamReport.run({ ...ctx, input: { ...ctx.input, expectedVersion: ctx.input.seen.matchVersion } }),
    ),
});

/** Duelist: send a one-tap confirm made offline (see the module docstring). */
export const sendQueuedConfirm = defineAction({
  name: "sendQueuedConfirm",
  input: confirmInput.extend(queued),
  run: (ctx) =>
    sendQueued(
      ctx,
      "sendQueuedConfirm",
      (_bestOf, rows) => rows.find((r) => r.id === ctx.input.reportId)?.payload ?? null,
      () => confirmTeamReport.run(ctx),
    ),
});
