/**
 * The phone's offline queue (issue #15, lib/offline/queue): keys from getRandomValues, oldest
 * first, network failures keep items waiting, answers settle them, other accounts' items are never
 * sent, settled items expire after a day, a second tab never sends an item this tab settled.
 */
import { describe, expect, it } from "vitest";
import {
  dismiss,
  enqueue,
  flush,
  newIdempotencyKey,
  parseQueue,
  SETTLED_KEEP_MS,
  type QueueStore,
  type QueuedItem,
  type SendOutcome,
} from "@/lib/offline/queue";
import { IDEMPOTENCY_KEY } from "@/lib/offline/change";

function memoryStore(): QueueStore & { raw: () => string } {
  let raw: string | null = null;
  return { read: () => parseQueue(raw), write: (items) => (raw = JSON.stringify(items)), raw: () => raw ?? "" };
}
let counter = 0;
const rand = (b: Uint8Array) => b.map(() => counter++ % 256);
const item = (userId: string, table: number) => ({
  kind: "report" as const,
  userId,
  eventId: "e1",
  matchId: `m${table}`,
  input: { matchId: `m${table}`, result: "team1", firstSlot: 1 },
  seen: { matchVersion: 0, theirs: null, round: 1, table },
});

describe("offline queue (issue #15)", () => {
  it("keys are 32 hex characters from getRandomValues (no crypto.randomUUID) and differ per item", () => {
    const k = newIdempotencyKey((b) => b.fill(0xab));
    expect(k).toBe("ab".repeat(16));
    expect(newIdempotencyKey((b) => crypto.getRandomValues(b))).toMatch(IDEMPOTENCY_KEY);
    const s = memoryStore();
    const a = enqueue(s, item("u1", 1), { getRandomValues: rand, now: 1 });
    const b = enqueue(s, item("u1", 2), { getRandomValues: rand, now: 2 });
    expect(a.key).not.toBe(b.key);
    expect(s.read().map((i) => [i.status, i.at])).toEqual([
      ["waiting", 1],
      ["waiting", 2],
    ]);
  });

  it("a network failure keeps the item waiting and stops the flush; the next flush sends oldest first", async () => {
    const s = memoryStore();
    enqueue(s, item("u1", 1), { getRandomValues: rand, now: 1 });
    enqueue(s, item("u1", 2), { getRandomValues: rand, now: 2 });
    const calls: number[] = [];
    const offline = async (i: QueuedItem): Promise<SendOutcome> => (calls.push(i.seen.table), { network: true });
    expect(await flush(s, offline, { userId: "u1", now: () => 10 })).toBe(0);
    expect(calls).toEqual([1]);
    expect(s.read().every((i) => i.status === "waiting")).toBe(true);
    // a thrown fetch ("Failed to fetch") is a network failure too
    expect(await flush(s, () => Promise.reject(new TypeError("Failed to fetch")), { userId: "u1", now: () => 10 })).toBe(0);

    const online = async (i: QueuedItem): Promise<SendOutcome> => (
      calls.push(i.seen.table),
      i.seen.table === 1 ? { ok: true, status: "recorded" } : { ok: false, message: "A judge entered …" }
    );
    expect(await flush(s, online, { userId: "u1", now: () => 20 })).toBe(2);
    expect(calls).toEqual([1, 1, 2]);
    expect(s.read().map((i) => [i.status, i.message ?? null, i.settledAt])).toEqual([
      ["sent", null, 20],
      ["refused", "A judge entered …", 20],
    ]);
  });

  it("a duplicate answer (already stored) is shown as such", async () => {
    const s = memoryStore();
    enqueue(s, item("u1", 1), { getRandomValues: rand, now: 1 });
    await flush(s, async () => ({ ok: true, status: "duplicate" }), { userId: "u1", now: () => 5 });
    expect(s.read()[0].status).toBe("duplicate");
  });

  it("another account's items are never sent by this session", async () => {
    const s = memoryStore();
    enqueue(s, item("u2", 1), { getRandomValues: rand, now: 1 });
    let sent = 0;
    await flush(s, async () => (sent++, { ok: true, status: "recorded" }), { userId: "u1", now: () => 5 });
    expect(sent).toBe(0);
    expect(s.read()[0].status).toBe("waiting");
  });

  it("an item another tab settled while this one was busy is not sent again", async () => {
    const s = memoryStore();
    enqueue(s, item("u1", 1), { getRandomValues: rand, now: 1 });
    const second = enqueue(s, item("u1", 2), { getRandomValues: rand, now: 2 });
    const sent: number[] = [];
    await flush(
      s,
      async (i) => {
        sent.push(i.seen.table);
        // the other tab settles item 2 meanwhile
        if (i.seen.table === 1) s.write(s.read().map((x) => (x.key === second.key ? { ...x, status: "sent" as const } : x)));
        return { ok: true, status: "recorded" };
      },
      { userId: "u1", now: () => 5 },
    );
    expect(sent).toEqual([1]);
  });

  it("settled items are dropped after a day; waiting ones stay; dismiss removes one", async () => {
    const s = memoryStore();
    const a = enqueue(s, item("u1", 1), { getRandomValues: rand, now: 0 });
    await flush(s, async () => ({ ok: true, status: "recorded" }), { userId: "u1", now: () => 1 });
    enqueue(s, item("u1", 2), { getRandomValues: rand, now: 2 });
    await flush(s, async () => ({ network: true }), { userId: "u1", now: () => 1 + SETTLED_KEEP_MS });
    expect(s.read().map((i) => i.seen.table)).toEqual([2]);
    dismiss(s, s.read()[0].key);
    expect(s.read()).toEqual([]);
    expect(a.key).toMatch(IDEMPOTENCY_KEY);
  });

  it("stored garbage reads as an empty queue", () => {
    expect(parseQueue("{not json")).toEqual([]);
    expect(parseQueue('{"a":1}')).toEqual([]);
    expect(parseQueue('[{"key":1}]')).toEqual([]);
  });
});
