/**
 * Issue #15: a `pairings:` change renders the pairings JSON before any stream hears of it (so the
 * phones' refetch at a publish is answered from memory), never waits longer than PREWARM_MAX_MS, and
 * the frames of one event leave in notice order; other changes go out at once.
 */
import { afterEach, describe, expect, it, vi } from "vitest";

process.env.LIVE_TRANSPORT = "local";
const hub = await import("@/lib/server/live/hub");

function stream(eventId: string, log: string[]) {
  return hub.openStream({
    eventId,
    session: null,
    write: (frame) => log.push(frame.match(/"version":(\d+)/)?.[1] ?? frame),
    close: () => undefined,
  });
}

afterEach(() => {
  hub.setPrewarm(null);
  vi.useRealTimers();
});

describe("live hub prewarm before a pairings change (issue #15)", () => {
  it("writes a pairings frame only after the prewarm finished; a results frame after it keeps its order", async () => {
    const log: string[] = [];
    const close = stream("ev-prewarm", log);
    let release!: () => void;
    const warmed: string[] = [];
    hub.setPrewarm(async (n) => {
      warmed.push(n.topics.join(","));
      await new Promise<void>((r) => (release = r));
    });
    hub.deliver({ eventId: "ev-prewarm", version: 7, topics: ["pairings:2"] });
    hub.deliver({ eventId: "ev-prewarm", version: 8, topics: ["results:2"] });
    await new Promise((r) => setTimeout(r, 20));
    expect(warmed).toEqual(["pairings:2"]);
    expect(log).toEqual([]);
    release();
    await new Promise((r) => setTimeout(r, 20));
    expect(log).toEqual(["7", "8"]);
    close();
  });

  it("a change without pairings topics is written at once; a prewarm that hangs holds the frame PREWARM_MAX_MS at most", async () => {
    const log: string[] = [];
    const close = stream("ev-hang", log);
    hub.setPrewarm(() => new Promise<void>(() => undefined));
    hub.deliver({ eventId: "ev-hang", version: 3, topics: ["standings"] });
    expect(log).toEqual(["3"]);
    vi.useFakeTimers();
    hub.deliver({ eventId: "ev-hang", version: 4, topics: ["pairings:1"] });
    await vi.advanceTimersByTimeAsync(hub.PREWARM_MAX_MS - 10);
    expect(log).toEqual(["3"]);
    await vi.advanceTimersByTimeAsync(20);
    expect(log).toEqual(["3", "4"]);
    close();
  });

  it("a failing prewarm still delivers the frame", async () => {
    const log: string[] = [];
    const close = stream("ev-fail", log);
    hub.setPrewarm(() => Promise.reject(new Error("database away")));
    hub.deliver({ eventId: "ev-fail", version: 5, topics: ["*"] });
    await new Promise((r) => setTimeout(r, 20));
    expect(log).toEqual(["5"]);
    close();
  });
});
