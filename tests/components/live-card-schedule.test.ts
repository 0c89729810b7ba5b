/**
 * Issue #15: when a duelist's report page refetches its team card JSON (components/useLiveCard
 * startLiveCard). A change of the team's card after a quiet window is fetched within 250 ms with
 * If-None-Match of the shown version; a second change inside 5 s waits for the window's end plus
 * jitter; a pairings change waits a random 0–3 s (1,500 phones do not fetch in the same instant);
 * changes of other teams or results alone are ignored; a stale answer is fetched again after 1 s;
 * after the page's own action the card is fetched on that action's change notice (or 2 s later
 * without one); 401/404 hand over to the server page.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LiveListener } from "@/components/liveStream";
import type { TeamCardData as CardData } from "@/lib/live/card";
import { OWN_NOTICE_WAIT_MS, PAIRINGS_SPREAD_MS, STALE_RETRY_MS, startLiveCard } from "@/components/useLiveCard";
import { COALESCE_MS, JITTER_MS } from "@/components/liveFollow";

const card = (version: number) => ({ version, team: { id: "t1" } }) as unknown as CardData;

function setup(opts: { random?: number; answer?: (n: number) => Response } = {}) {
  let listener!: LiveListener;
  let shown = 10;
  const sent: { url: string; etag: string }[] = [];
  const got: number[] = [];
  let gone = 0;
  const live = startLiveCard({
    eventId: "ev1",
    teamId: "t1",
    shown: () => shown,
    onCard: (c) => {
      got.push(c.version);
      shown = c.version;
    },
    onGone: () => gone++,
    random: () => opts.random ?? 0.5,
    subscribe: (_id, l) => {
      listener = l;
      return () => undefined;
    },
    fetch: async (url, init) => {
      sent.push({ url, etag: (init.headers as Record<string, string>)["if-none-match"] });
      return opts.answer ? opts.answer(sent.length) : Response.json(card(11));
    },
  });
  return { live, sent, got, listener: () => listener, gone: () => gone };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_000_000);
});
afterEach(() => {
  vi.useRealTimers();
});

describe("live team card refetch (issue #15)", () => {
  it("a change of the team's card after a quiet window is fetched within 250 ms, with If-None-Match of the shown version", async () => {
    const s = setup();
    s.listener().change(11, ["results:1", "team:t1", "team:t2"]);
    await vi.advanceTimersByTimeAsync(124);
    expect(s.sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1); // random 0.5 × 250 ms
    expect(s.sent).toEqual([{ url: "/api/events/ev1/data/card", etag: 'W/"v10"' }]);
    expect(s.got).toEqual([11]);
    s.live.stop();
  });

  it("a second change inside 5 s waits for the window's end plus 0–2 s jitter: one fetch", async () => {
    const s = setup({ answer: (n) => Response.json(card(10 + n)) });
    s.listener().change(11, ["team:t1"]);
    await vi.advanceTimersByTimeAsync(125);
    s.listener().change(12, ["team:t1"]);
    s.listener().change(13, ["event"]);
    const wait = COALESCE_MS + 0.5 * JITTER_MS; // from the first fetch
    await vi.advanceTimersByTimeAsync(wait - 1);
    expect(s.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(s.sent).toHaveLength(2);
    expect(s.sent[1].etag).toBe('W/"v11"');
    s.live.stop();
  });

  it("a pairings change waits random × 3 s; another team's card or a results topic alone is no fetch", async () => {
    const s = setup({ random: 0.4 });
    s.listener().change(11, ["team:t9", "results:1"]);
    s.listener().change(12, ["standings"]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(s.sent).toHaveLength(0);
    s.listener().change(13, ["pairings:2"]);
    await vi.advanceTimersByTimeAsync(0.4 * PAIRINGS_SPREAD_MS - 1);
    expect(s.sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(s.sent).toHaveLength(1);
    s.live.stop();
  });

  it("a card older than the version announced is fetched again after 1 s; a 304 changes nothing", async () => {
    const s = setup({ answer: (n) => (n === 1 ? Response.json(card(11)) : new Response(null, { status: 304 })) });
    s.listener().change(12, ["team:t1"]);
    await vi.advanceTimersByTimeAsync(125);
    expect(s.got).toEqual([11]);
    await vi.advanceTimersByTimeAsync(STALE_RETRY_MS);
    expect(s.sent.map((x) => x.etag)).toEqual(['W/"v10"', 'W/"v11"']);
    expect(s.got).toEqual([11]);
    s.live.stop();
  });

  it("after the page's own report the card is fetched on that report's notice, even inside the 5 s window; 404 hands over", async () => {
    const s = setup({ answer: (n) => (n < 3 ? Response.json(card(10 + n)) : new Response(null, { status: 404 })) });
    s.listener().change(11, ["team:t1"]);
    await vi.advanceTimersByTimeAsync(250);
    expect(s.got).toEqual([11]);
    s.live.now();
    await vi.advanceTimersByTimeAsync(500);
    expect(s.sent).toHaveLength(1); // waits for the notice
    s.listener().change(12, ["team:t1"]);
    await vi.advanceTimersByTimeAsync(125);
    expect(s.got).toEqual([11, 12]);
    s.live.now();
    await vi.advanceTimersByTimeAsync(OWN_NOTICE_WAIT_MS - 10);
    expect(s.gone()).toBe(0);
    await vi.advanceTimersByTimeAsync(20); // no notice came: fetched anyway
    expect(s.gone()).toBe(1);
    s.live.stop();
  });

  it("a tick newer than the card counts as a change; an old notice without `*` is ignored", async () => {
    const s = setup();
    s.listener().change(9, ["team:t1"]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(s.sent).toHaveLength(0);
    s.listener().tick!(11);
    await vi.advanceTimersByTimeAsync(125);
    expect(s.sent).toHaveLength(1);
    s.live.stop();
  });
});
