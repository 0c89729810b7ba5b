/**
 * Issue #15: a change frame that changes what the live JSON shows (pairings, results, standings, `*`)
 * is written only after the prewarm rendered that JSON (so the phones' refetch is answered from memory),
 * never waits longer than PREWARM_MAX_MS, and the frames of one event leave in order. Frames of one
 * event are at least FRAME_BATCH_MS apart: a notice after a quiet window goes at once, notices inside
 * the window are merged into one frame at its end, and a pairings notice never waits.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

process.env.LIVE_TRANSPORT = "local";
const hub = await import("@/lib/server/live/hub");
const { framedVersion } = await import("@/lib/server/http/cache");

/** Opens a stream that logs each frame as "<version>" or "<version> <topics>" (withTopics). */
function stream(eventId: string, log: string[], withTopics = false) {
  return hub.openStream({
    eventId,
    session: null,
    write: (frame) => {
      const m = frame.match(/"version":(\d+),"topics":(\[[^\]]*\])/);
      log.push(m ? (withTopics ? `${m[1]} ${JSON.parse(m[2]).join(",")}` : m[1]) : frame);
    },
    close: () => undefined,
  });
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  hub.setPrewarm(null);
  vi.useRealTimers();
});

describe("live hub: prewarm before the frame, one frame per window (issue #15)", () => {
  it("a pairings frame waits for its prewarm; a results notice inside the window follows at its end, after its own prewarm", async () => {
    const log: string[] = [];
    const close = stream("ev-prewarm", log);
    let release!: () => void;
    const warmed: string[] = [];
    hub.setPrewarm(async (n) => {
      warmed.push(n.topics.join(","));
      if (n.topics.includes("pairings:2")) await new Promise<void>((r) => (release = r));
    });
    hub.deliver({ eventId: "ev-prewarm", version: 7, topics: ["pairings:2"] });
    hub.deliver({ eventId: "ev-prewarm", version: 8, topics: ["results:2"] });
    await vi.advanceTimersByTimeAsync(20);
    expect(warmed).toEqual(["pairings:2"]);
    expect(log).toEqual([]);
    release();
    await vi.advanceTimersByTimeAsync(1);
    expect(log).toEqual(["7"]);
    expect(framedVersion("ev-prewarm")).toBe(7);
    await vi.advanceTimersByTimeAsync(hub.FRAME_BATCH_MS);
    expect(warmed).toEqual(["pairings:2", "results:2"]);
    expect(log).toEqual(["7", "8"]);
    expect(framedVersion("ev-prewarm")).toBe(8);
    close();
  });

  it("20 results in one second: two frames (the first at once, then the rest merged) and two prewarms", async () => {
    const log: string[] = [];
    const close = stream("ev-batch", log, true);
    let warms = 0;
    hub.setPrewarm(async () => {
      warms++;
    });
    await vi.advanceTimersByTimeAsync(hub.FRAME_BATCH_MS);
    for (let v = 1; v <= 20; v++) {
      hub.deliver({ eventId: "ev-batch", version: v, topics: ["results:1", `team:t${v}`] });
      await vi.advanceTimersByTimeAsync(hub.FRAME_BATCH_MS / 25);
    }
    expect(log).toEqual(["1 results:1,team:t1"]);
    await vi.advanceTimersByTimeAsync(hub.FRAME_BATCH_MS);
    expect(log).toHaveLength(2);
    expect(log[1]).toBe(`20 results:1,${Array.from({ length: 19 }, (_, i) => `team:t${i + 2}`).join(",")}`);
    expect(warms).toBe(2);
    close();
  });

  it("a pairings notice inside the window goes at once and carries the merged notices with it", async () => {
    const log: string[] = [];
    const close = stream("ev-publish", log, true);
    hub.setPrewarm(async () => undefined);
    await vi.advanceTimersByTimeAsync(hub.FRAME_BATCH_MS);
    hub.deliver({ eventId: "ev-publish", version: 1, topics: ["event"] });
    hub.deliver({ eventId: "ev-publish", version: 2, topics: ["team:a"] });
    hub.deliver({ eventId: "ev-publish", version: 3, topics: ["pairings:4"] });
    await vi.advanceTimersByTimeAsync(1);
    expect(log).toEqual(["1 event", "3 team:a,pairings:4"]);
    await vi.advanceTimersByTimeAsync(hub.FRAME_BATCH_MS * 2);
    expect(log).toHaveLength(2);
    close();
  });

  it("after a quiet window a frame goes once its prewarm is done; a hanging prewarm holds it PREWARM_MAX_MS at most", async () => {
    const log: string[] = [];
    const close = stream("ev-hang", log);
    hub.setPrewarm(async () => undefined);
    hub.deliver({ eventId: "ev-hang", version: 3, topics: ["event"] });
    await vi.advanceTimersByTimeAsync(0);
    expect(log).toEqual(["3"]);
    hub.setPrewarm(() => new Promise<void>(() => undefined));
    hub.deliver({ eventId: "ev-hang", version: 4, topics: ["pairings:1"] });
    await vi.advanceTimersByTimeAsync(hub.PREWARM_MAX_MS - 10);
    expect(log).toEqual(["3"]);
    await vi.advanceTimersByTimeAsync(20);
    expect(log).toEqual(["3", "4"]);
    close();
  });

  it("a hanging prewarm holds a results frame CHANGE_PREWARM_MAX_MS at most (window + wait within 2 s)", async () => {
    const log: string[] = [];
    const close = stream("ev-hang-results", log);
    hub.setPrewarm(() => new Promise<void>(() => undefined));
    await vi.advanceTimersByTimeAsync(hub.FRAME_BATCH_MS);
    hub.deliver({ eventId: "ev-hang-results", version: 5, topics: ["results:1"] });
    await vi.advanceTimersByTimeAsync(hub.CHANGE_PREWARM_MAX_MS - 10);
    expect(log).toEqual([]);
    await vi.advanceTimersByTimeAsync(20);
    expect(log).toEqual(["5"]);
    expect(hub.FRAME_BATCH_MS + hub.CHANGE_PREWARM_MAX_MS).toBeLessThanOrEqual(2000);
    close();
  });

  it("one prewarm at a time: frames made during a slow one merge into one that waits, and each goes out by its deadline", async () => {
    const log: string[] = [];
    const close = stream("ev-slow", log, true);
    const releases: (() => void)[] = [];
    const warmed: string[] = [];
    hub.setPrewarm((n) => {
      warmed.push(n.topics.join(","));
      return new Promise<void>((r) => releases.push(r));
    });
    await vi.advanceTimersByTimeAsync(hub.FRAME_BATCH_MS);
    hub.deliver({ eventId: "ev-slow", version: 1, topics: ["results:1"] });
    for (let v = 2; v <= 4; v++) {
      await vi.advanceTimersByTimeAsync(hub.FRAME_BATCH_MS);
      hub.deliver({ eventId: "ev-slow", version: v, topics: ["results:1", `team:t${v}`] });
    }
    await vi.advanceTimersByTimeAsync(hub.FRAME_BATCH_MS);
    // Frame 1 went out at its deadline unwarmed; 2–4 merged into one frame waiting for the running prewarm.
    expect(warmed).toEqual(["results:1"]);
    expect(log[0]).toBe("1 results:1");
    releases[0]();
    await vi.advanceTimersByTimeAsync(1);
    expect(warmed).toHaveLength(2);
    releases[1]();
    await vi.advanceTimersByTimeAsync(1);
    expect(log.at(-1)).toBe("4 results:1,team:t2,team:t3,team:t4");
    expect(log.map((l) => Number(l.split(" ")[0]))).toEqual([...log.map((l) => Number(l.split(" ")[0]))].sort((a, b) => a - b));
    close();
  });

  it("without a registered prewarm (scripts, tests) a frame is written at once", () => {
    const log: string[] = [];
    const close = stream("ev-plain", log);
    hub.deliver({ eventId: "ev-plain", version: 9, topics: ["results:1"] });
    expect(log).toEqual(["9"]);
    close();
  });

  it("a failing prewarm still delivers the frame", async () => {
    const log: string[] = [];
    const close = stream("ev-fail", log);
    hub.setPrewarm(() => Promise.reject(new Error("database away")));
    hub.deliver({ eventId: "ev-fail", version: 5, topics: ["*"] });
    await vi.advanceTimersByTimeAsync(20);
    expect(log).toEqual(["5"]);
    close();
  });
});
