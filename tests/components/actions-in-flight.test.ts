/**
 * Issue #15: a live refresh waits while a server action of the tab is in flight (Next.js would
 * apply the action's older router state over it, vercel/next.js #88343), and runs once the
 * action's response body has arrived plus SETTLE_MS; other requests do not hold it.
 */
import { afterAll, describe, expect, it, vi } from "vitest";

const g = globalThis as unknown as { window?: { fetch: typeof fetch } };
let finish!: () => void;
const original = vi.fn(async (): Promise<Response> => {
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(new TextEncoder().encode("0:{}\n"));
      finish = () => c.close();
    },
  });
  return new Response(body);
});
g.window = { fetch: original as unknown as typeof fetch };
const { SETTLE_MS, trackServerActions, whenNoActionInFlight } = await import("@/components/actionsInFlight");
trackServerActions();

afterAll(() => {
  delete g.window;
});

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("live refresh and server actions in flight (issue #15)", () => {
  it("runs at once when no action is in flight; a plain GET does not count", async () => {
    const ran: string[] = [];
    await g.window!.fetch("/api/events/e/data/pairings");
    finish();
    whenNoActionInFlight(() => ran.push("now"));
    expect(ran).toEqual(["now"]);
  });

  it("waits for an action's whole response body, then SETTLE_MS, then runs once", async () => {
    const ran: string[] = [];
    const res = await g.window!.fetch("/events/e/admin", { method: "POST", headers: { "Next-Action": "abc" } });
    whenNoActionInFlight(() => ran.push("refresh"));
    await tick(SETTLE_MS * 2);
    expect(ran).toEqual([]);
    finish();
    await res.text();
    await tick(SETTLE_MS / 5);
    expect(ran).toEqual([]);
    await tick(SETTLE_MS * 2);
    expect(ran).toEqual(["refresh"]);
  });

  it("a failed action releases the wait too", async () => {
    const ran: string[] = [];
    original.mockImplementationOnce(() => Promise.reject(new TypeError("network down")));
    await expect(g.window!.fetch("/events/e/admin", { method: "POST", headers: { "next-action": "x" } })).rejects.toThrow();
    whenNoActionInFlight(() => ran.push("refresh"));
    await tick(SETTLE_MS * 2);
    expect(ran).toEqual(["refresh"]);
  });
});
