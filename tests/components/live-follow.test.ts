/**
 * Issue #15 client rule of a live page (components/liveFollow, used by LiveRefresh and
 * useLiveJson): which notices refetch, when (pairings at once, others coalesced to one per 5 s +
 * 0–2 s jitter, 0–250 ms after a quiet window), newer ticks, the 3 s retry of a stale answer,
 * offline waiting for `online`, and waiting for a server action in flight. Fake timers; the
 * stream and the action counter are replaced by stand-ins that record what the rule does.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LiveListener } from "@/components/liveStream";

const stream = vi.hoisted(() => ({ listener: null as LiveListener | null, subscribed: 0 }));
const actions = vi.hoisted(() => ({ busy: false, waiting: [] as (() => void)[] }));

vi.mock("@/components/liveStream", () => ({
  subscribeLive(_eventId: string, l: LiveListener) {
    stream.listener = l;
    stream.subscribed++;
    return () => {
      stream.listener = null;
    };
  },
}));
vi.mock("@/components/actionsInFlight", () => ({
  trackServerActions() {},
  whenNoActionInFlight(run: () => void) {
    if (actions.busy) actions.waiting.push(run);
    else run();
  },
}));

const { followLive, wants, COALESCE_MS, JITTER_MS, QUIET_JITTER_MS, RETRY_MS } = await import("@/components/liveFollow");

let shown = 10;
let calls: { at: number; changed: string[] }[] = [];
let stop: () => void = () => {};
const start = (topics: string[]) => {
  stop = followLive("ev", { shown: () => shown, topics: () => topics, refetch: (changed) => calls.push({ at: Date.now(), changed }) });
};
const change = (version: number, topics: string[]) => stream.listener!.change(version, topics);

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
  vi.stubGlobal("window", new EventTarget());
  vi.stubGlobal("navigator", { onLine: true });
  vi.spyOn(Math, "random").mockReturnValue(0.5);
  shown = 10;
  calls = [];
  actions.busy = false;
  actions.waiting = [];
});
afterEach(() => {
  stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("live page client rule (issue #15)", () => {
  it("a pairings:N change refetches at once, with the change's topics", () => {
    start(["pairings:*", "results:*"]);
    change(11, ["pairings:2"]);
    expect(calls).toEqual([{ at: 1_000_000, changed: ["pairings:2"] }]);
  });

  it("a results change after a quiet window refetches within 0–250 ms (here 125 ms with jitter 0.5)", () => {
    start(["pairings:*", "results:*"]);
    change(11, ["results:1", "team:t1"]);
    vi.advanceTimersByTime(QUIET_JITTER_MS / 2 - 1);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual([{ at: 1_000_125, changed: ["results:1", "team:t1"] }]);
  });

  it("changes inside the 5 s window are coalesced into one refetch at its end plus 0–2 s jitter", () => {
    start(["results:*"]);
    change(11, ["results:1"]);
    vi.advanceTimersByTime(QUIET_JITTER_MS);
    expect(calls).toHaveLength(1);
    shown = 11;
    vi.advanceTimersByTime(1000);
    change(12, ["results:1"]);
    change(13, ["results:2"]);
    // due at the first refetch + 5 s + 0.5 × 2 s of jitter; the 3 s retry of the first refetch (its
    // version 11 is shown) does not run it earlier
    const first = calls[0].at;
    vi.advanceTimersByTime(first + COALESCE_MS - Date.now() + JITTER_MS / 2 - 1);
    expect(calls).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(calls).toHaveLength(2);
    expect(calls[1].changed).toEqual(["results:1", "results:2"]);
    expect(calls[1].at - first).toBe(COALESCE_MS + JITTER_MS / 2);
  });

  it("a change of another page's topic is ignored; `event` and `*` reach every page", () => {
    start(["standings"]);
    change(11, ["results:1", "team:t1"]);
    vi.advanceTimersByTime(10_000);
    expect(calls).toEqual([]);
    change(12, ["event"]);
    vi.advanceTimersByTime(QUIET_JITTER_MS);
    expect(calls.map((c) => c.changed)).toEqual([["event"]]);
    expect(wants(["standings"], ["*"])).toBe(true);
    expect(wants(["pairings:*"], ["pairings:3"])).toBe(true);
    expect(wants(["pairings:*"], ["results:3"])).toBe(false);
  });

  it("a change at or below the shown version is ignored unless it is `*` (a reconnect)", () => {
    start(["results:*"]);
    change(10, ["results:1"]);
    vi.advanceTimersByTime(10_000);
    expect(calls).toEqual([]);
    change(10, ["*"]);
    vi.advanceTimersByTime(QUIET_JITTER_MS);
    expect(calls.map((c) => c.changed)).toEqual([["*"]]);
  });

  it("a tick newer than the shown version (a missed change) counts as `*`; an equal one does nothing", () => {
    start(["standings"]);
    stream.listener!.tick!(10);
    vi.advanceTimersByTime(10_000);
    expect(calls).toEqual([]);
    stream.listener!.tick!(14);
    vi.advanceTimersByTime(QUIET_JITTER_MS);
    expect(calls.map((c) => c.changed)).toEqual([["*"]]);
  });

  it("a refetch that left the page older than the notified version is retried after 3 s, then stops once caught up", () => {
    start(["pairings:*"]);
    change(12, ["pairings:2"]);
    expect(calls).toHaveLength(1);
    vi.advanceTimersByTime(RETRY_MS - 1);
    expect(calls).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(calls).toHaveLength(2);
    expect(calls[1].changed).toEqual(["*"]);
    shown = 12;
    vi.advanceTimersByTime(RETRY_MS * 3);
    expect(calls).toHaveLength(2);
  });

  it("offline a refetch waits for the `online` event, then goes at once", () => {
    start(["results:*"]);
    vi.stubGlobal("navigator", { onLine: false });
    change(11, ["results:1"]);
    vi.advanceTimersByTime(60_000);
    expect(calls).toEqual([]);
    vi.stubGlobal("navigator", { onLine: true });
    window.dispatchEvent(new Event("online"));
    expect(calls.map((c) => c.changed)).toEqual([["results:1"]]);
  });

  it("waits while a server action of the tab is in flight, then refetches once", () => {
    start(["pairings:*"]);
    actions.busy = true;
    change(11, ["pairings:1"]);
    expect(calls).toEqual([]);
    actions.busy = false;
    for (const run of actions.waiting.splice(0)) run();
    expect(calls.map((c) => c.changed)).toEqual([["pairings:1"]]);
  });

  it("stopping unsubscribes and clears the pending refetch", () => {
    start(["results:*"]);
    change(11, ["results:1"]);
    stop();
    vi.advanceTimersByTime(10_000);
    expect(calls).toEqual([]);
    expect(stream.listener).toBeNull();
  });
});
