/**
 * The offline queue's sends (issue #15, lib/server/actions/offline.ts): a queued report sent twice
 * with its idempotency key is stored once (one report row, one audit row; the replay answers the
 * first result and writes nothing); the same report queued twice with two keys is stored once; a
 * report whose match changed meanwhile is refused naming the change (a judge's result, the other
 * team's report, a re-paired round), nothing written; keys are per account.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { rowCounts, useTestDatabase } from "./db";
import { must, reportingWorld, type ReportingWorld } from "./fixtures";
import { ACTIONS } from "@/lib/server/actions";
import { db } from "@/lib/db";
import { localizeFailure } from "@/lib/i18n/actionErrors";
import { loadMessages } from "@/lib/i18n/messages";

await useTestDatabase();

const key = (n: number) => n.toString(16).padStart(32, "0");
const send = (userId: string, input: Record<string, unknown>) => ACTIONS.sendQueuedReport.handle(userId, input);

describe("offline queue sends (issue #15)", () => {
  let w: ReportingWorld;
  const seen = (table: number, theirs: { id: string; version: number } | null = null) => ({
    matchVersion: 0,
    theirs,
    round: 1,
    table,
  });
  beforeAll(async () => {
    w = await reportingWorld("oq", "KONAMI_TAG_2019", 8);
    // 14:32 at the venue (Europe/Rome, UTC+1 in December) is how the refusal names the time.
    await db().event.update({ where: { id: w.eventId }, data: { timeZone: "Europe/Rome" } });
  });

  it("the same queued report sent twice with one key is stored once; the replay answers the first result", async () => {
    const m = w.matches[0];
    const a = w.user.get(`${m.t1}:A`)!;
    const input = { key: key(1), eventId: w.eventId, matchId: m.id, result: "team1", firstSlot: 1, seen: seen(m.table) };
    const audits = await db().auditLog.count({ where: { eventId: w.eventId } });
    const first = await send(a, input);
    expect(first.ok && first.data).toEqual({ status: "recorded", state: "ONE_SIDED", matchId: m.id, replayed: false });
    const before = await rowCounts();
    const again = await send(a, input);
    expect(again.ok && again.data).toEqual({ status: "recorded", state: "ONE_SIDED", matchId: m.id, replayed: true });
    expect(await rowCounts()).toEqual(before);
    expect(await db().resultReport.count({ where: { matchId: m.id } })).toBe(1);
    expect(await db().auditLog.count({ where: { eventId: w.eventId } })).toBe(audits + 1);
    // The same report queued in a second tab (another key): stored once, no audit row.
    const tab2 = await send(a, { ...input, key: key(2) });
    expect(tab2.ok && tab2.data).toMatchObject({ status: "duplicate", replayed: false });
    expect(await db().resultReport.count({ where: { matchId: m.id } })).toBe(1);
    expect(await db().auditLog.count({ where: { eventId: w.eventId } })).toBe(audits + 1);
  });

  it("a key reused for another match is refused; another account's same key is its own", async () => {
    const m = w.matches[0],
      other = w.matches[1];
    const a = w.user.get(`${m.t1}:A`)!;
    const res = await send(a, {
      key: key(1),
      eventId: w.eventId,
      matchId: other.id,
      result: "team1",
      firstSlot: 1,
      seen: seen(other.table),
    });
    expect(!res.ok && res.error.code).toBe("IDEMPOTENCY_KEY_REUSED");
    const b = w.user.get(`${other.t1}:A`)!;
    const own = await send(b, {
      key: key(1),
      eventId: w.eventId,
      matchId: other.id,
      result: "team2",
      firstSlot: 1,
      seen: seen(other.table),
    });
    expect(own.ok && own.data).toMatchObject({ status: "recorded", replayed: false });
  });

  it("a report queued for a match a judge changed meanwhile is refused naming the change; nothing written", async () => {
    const m = w.matches[2];
    await must("reportResult", w.judge, { roundId: w.roundId, matchId: m.id, result: "team1", expectedVersion: 0 });
    const at = new Date(Date.UTC(2026, 11, 1, 13, 32));
    await db().match.update({ where: { id: m.id }, data: { reportedAt: at } });
    await db().resultReport.updateMany({ where: { matchId: m.id }, data: { createdAt: at } });
    const before = await rowCounts();
    const res = await send(w.user.get(`${m.t2}:A`)!, {
      key: key(3),
      eventId: w.eventId,
      matchId: m.id,
      result: "team2",
      firstSlot: 1,
      seen: seen(m.table),
    });
    expect(res.ok).toBe(false);
    if (res.ok) return;
    expect(res.error.code).toBe("OFFLINE_JUDGE_RESULT");
    expect(res.error.message).toBe(
      `A judge entered oq${nameOf(m.t1)} won 1–0 for table ${m.table} at 14:32; your queued report was not sent.`,
    );
    expect(localizeFailure(res.error, loadMessages("it"), "it").message).toBe(
      `Un giudice ha inserito vittoria di oq${nameOf(m.t1)} per 1–0 al tavolo ${m.table} alle 14:32; ` +
        "il tuo risultato in coda non è stato inviato.",
    );
    expect(await rowCounts()).toEqual(before);
  });

  it("the other team's report made after the phone looked is named; the one it saw is no change", async () => {
    const m = w.matches[3];
    const theirUser = w.user.get(`${m.t1}:B`)!;
    await must("submitTeamReport", theirUser, { matchId: m.id, result: "team1", firstSlot: 2 });
    const theirs = await db().resultReport.findFirstOrThrow({ where: { matchId: m.id } });
    const mine = w.user.get(`${m.t2}:A`)!;
    const base = { eventId: w.eventId, matchId: m.id, result: "team2", firstSlot: 2 };
    const before = await rowCounts();
    const stale = await send(mine, { ...base, key: key(4), seen: seen(m.table) });
    expect(!stale.ok && stale.error.code).toBe("OFFLINE_OTHER_REPORTED");
    expect(!stale.ok && stale.error.params).toMatchObject({ table: m.table, result: "team1", team: `oq${nameOf(m.t1)}` });
    expect(await rowCounts()).toEqual(before);
    // Made against the report it saw: goes through (a conflict for the judge queue).
    const ok = await send(mine, { ...base, key: key(5), seen: seen(m.table, { id: theirs.id, version: 1 }) });
    expect(ok.ok && ok.data).toMatchObject({ status: "conflict", replayed: false });
  });

  it("a queued confirm of the report the phone saw makes the match final once", async () => {
    const m = w.matches[1];
    const theirs = await db().resultReport.findFirstOrThrow({ where: { matchId: m.id } });
    const u = w.user.get(`${m.t2}:B`)!;
    const input = {
      key: key(6),
      eventId: w.eventId,
      matchId: m.id,
      reportId: theirs.id,
      reportVersion: 1,
      seen: seen(m.table, { id: theirs.id, version: 1 }),
    };
    const res = await ACTIONS.sendQueuedConfirm.handle(u, input);
    expect(res.ok && res.data).toEqual({ status: "final", state: "FINAL", matchId: m.id, replayed: false });
    const replay = await ACTIONS.sendQueuedConfirm.handle(u, input);
    expect(replay.ok && replay.data).toMatchObject({ status: "final", replayed: true });
    expect(await db().auditLog.count({ where: { entityId: m.id, action: "result.team_confirm" } })).toBe(1);
  });

  it("a report queued before the round was re-paired is refused naming the round and the table now", async () => {
    const m = w.matches[3];
    const u = w.user.get(`${m.t2}:B`)!;
    await must("undoRound", w.organizer, { roundId: w.roundId });
    const { roundId } = await must<{ roundId: string }>("pairNextRound", w.organizer, { eventId: w.eventId, seed: "oq-again" });
    await must("publishRound", w.organizer, { roundId });
    const now = await db().matchTeam.findFirstOrThrow({ where: { teamId: m.t2, match: { roundId } }, include: { match: true } });
    const res = await send(u, { key: key(7), eventId: w.eventId, matchId: m.id, result: "team1", firstSlot: 1, seen: seen(m.table) });
    expect(!res.ok && res.error.code).toBe("OFFLINE_REPAIRED");
    expect(!res.ok && res.error.message).toBe(
      `Round 1 was re-paired while your report waited: your team now plays at table ${now.match.table}; nothing was sent.`,
    );
  });

  function nameOf(teamId: string) {
    return String(w.teams.indexOf(teamId) + 1);
  }
});
