/**
 * Issue #15 contract (lib/server/live/topics.ts): topic matching of a page's subscription, the
 * Last-Event-ID resume from the per-process ring, NOTIFY payload size and the SSE frames.
 */
import { describe, expect, it } from "vitest";
import {
  RING_SIZE,
  changeFrame,
  matchTopics,
  noticePayload,
  parseNotice,
  resumeId,
  resumeTopics,
  ringPush,
  tickFrame,
  topicsMatch,
  type Ring,
} from "@/lib/server/live/topics";

describe("topicsMatch: which changes a page refetches for", () => {
  it("the pairings page (pairings:*) refetches for a published round 3 but not for a team's card", () => {
    expect(topicsMatch(["pairings:*"], ["pairings:3"])).toBe(true);
    expect(topicsMatch(["pairings:*"], ["team:t1"])).toBe(false);
  });
  it("a team card listens to its own team only", () => {
    expect(topicsMatch(["team:t1"], ["results:2", "team:t1", "team:t2"])).toBe(true);
    expect(topicsMatch(["team:t1"], ["results:2", "team:t3", "team:t4"])).toBe(false);
  });
  it("`event` and `*` reach every page; a page on `*` gets everything", () => {
    expect(topicsMatch(["standings"], ["event"])).toBe(true);
    expect(topicsMatch(["standings"], ["*"])).toBe(true);
    expect(topicsMatch(["*"], ["team:x"])).toBe(true);
  });
});

describe("resume from Last-Event-ID (per-process ring)", () => {
  const ring = [5, 6, 7].reduce<Ring | undefined>(
    (r, v) => ringPush(r, { eventId: "e", version: v, topics: v === 6 ? ["pairings:2"] : [`team:t${v}`] }),
    undefined,
  )!;
  it("a new ring starts just below its first notice", () => expect(ring.since).toBe(4));
  it("from 5 at version 7: one change covering the topics of 6 and 7", () => {
    expect(resumeTopics(ring, 5, 7)).toEqual(["pairings:2", "team:t7"]);
  });
  it("nothing after 7 at version 7: no change", () => expect(resumeTopics(ring, 7, 7)).toBeNull());
  it("older than the ring (3): everything", () => expect(resumeTopics(ring, 3, 7)).toEqual(["*"]));
  it("no ring in this process: everything", () => expect(resumeTopics(undefined, 3, 7)).toEqual(["*"]));
  it(`the ring keeps ${RING_SIZE} notices and moves its floor past the dropped ones`, () => {
    let r: Ring | undefined;
    for (let v = 1; v <= RING_SIZE + 10; v++) r = ringPush(r, { eventId: "e", version: v, topics: ["event"] });
    expect(r!.notices).toHaveLength(RING_SIZE);
    expect(r!.since).toBe(10);
    expect(resumeTopics(r, 9, RING_SIZE + 10)).toEqual(["*"]);
    expect(resumeTopics(r, 10, RING_SIZE + 10)).toEqual(["event"]);
  });
  it("Last-Event-ID wins over ?lastEventId; anything but a whole number is no resume", () => {
    expect(resumeId("12", "9")).toBe(12);
    expect(resumeId(null, "9")).toBe(9);
    expect(resumeId("1e3", null)).toBeNull();
    expect(resumeId("-1", null)).toBeNull();
  });
});

describe("payload and frames", () => {
  it("a 750-team change would pass Postgres's 8,000-byte NOTIFY limit: it collapses to `*`", () => {
    const topics = Array.from({ length: 750 }, (_, i) => `team:c${String(i).padStart(24, "0")}`);
    const p = noticePayload({ eventId: "e", version: 9, topics });
    expect(p).toBe('{"eventId":"e","version":9,"topics":["*"]}');
    expect(parseNotice(p)).toEqual({ eventId: "e", version: 9, topics: ["*"] });
  });
  it("a result's topics: its round and both teams, standings when the round is closed", () => {
    expect(matchTopics(2, ["a", "b"])).toEqual(["results:2", "team:a", "team:b"]);
    expect(matchTopics(2, ["a", "b"], true)).toEqual(["results:2", "team:a", "team:b", "standings"]);
  });
  it("frames are the contract's SSE text", () => {
    expect(tickFrame(1000, 3)).toBe('event: tick\ndata: {"now":1000,"version":3}\n\n');
    expect(changeFrame(4, ["team:a", "team:a"])).toBe('id: 4\nevent: change\ndata: {"version":4,"topics":["team:a"]}\n\n');
  });
  it("a payload that is not a notice is ignored", () => {
    expect(parseNotice("not json")).toBeNull();
    expect(parseNotice('{"eventId":1}')).toBeNull();
  });
});
