/**
 * Issue #15 "The refetch is cheap": the live JSON client keeps each URL's answer with its ETag and
 * sends it back (a 304 costs no body), and the round view's choice of what to fetch after a change
 * (components/pairingsLoad): `?round=K` when the page was opened on round K, `?round=N` for a newer
 * `pairings:N` (the current round when N is not published yet), else the current round; and the
 * compact model it renders (one tuple per match, no ids, the viewer's table marked).
 */
import { describe, expect, it, vi } from "vitest";
import { jsonGet, type JsonGet } from "@/components/useLiveJson";
import { newestPairingsRound, nextPairings, roundModel } from "@/components/pairingsLoad";
import type { PairingsData } from "@/lib/server/read/liveData";

const URL_BASE = "/api/events/ev/data/pairings";
const round = (number: number, version: number): PairingsData => ({
  version,
  round: { number, status: "PUBLISHED", kind: "SWISS", minutes: 50, log: [], stage: null },
  matches: [],
});

describe("live JSON with ETag (issue #15)", () => {
  it("sends If-None-Match with the ETag of the URL's last answer and reuses its body on 304", async () => {
    const sent: { url: string; etag: string | null }[] = [];
    const send = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
      const etag = new Headers(init?.headers).get("if-none-match");
      sent.push({ url: String(url), etag });
      if (etag === 'W/"v7"') return new Response(null, { status: 304 });
      return Response.json(round(1, 7), { headers: { etag: 'W/"v7"' } });
    });
    const get = jsonGet(send as unknown as typeof fetch);
    const first = await get<PairingsData>(URL_BASE);
    const again = await get<PairingsData>(URL_BASE);
    const other = await get<PairingsData>(`${URL_BASE}?round=1`);
    expect(sent).toEqual([
      { url: URL_BASE, etag: null },
      { url: URL_BASE, etag: 'W/"v7"' },
      { url: `${URL_BASE}?round=1`, etag: null },
    ]);
    expect(again).toBe(first);
    expect(other.version).toBe(7);
  });

  it("an HTTP error is thrown naming the URL and status (the retry rule tries again)", async () => {
    const get = jsonGet((async () => Response.json({ error: "round: give a round number" }, { status: 400 })) as unknown as typeof fetch);
    await expect(get(`${URL_BASE}?round=x`)).rejects.toThrow(`${URL_BASE}?round=x: HTTP 400`);
  });
});

describe("what the round view fetches after a change (issue #15)", () => {
  const fake = (answers: Record<string, PairingsData>) => {
    const asked: string[] = [];
    const get = (async (url: string) => {
      asked.push(url);
      return answers[url];
    }) as JsonGet;
    return { get, asked };
  };

  it("newestPairingsRound reads the highest pairings:N (0 without one)", () => {
    expect(newestPairingsRound(["results:2", "pairings:3", "pairings:12", "team:t"])).toBe(12);
    expect(newestPairingsRound(["results:2", "*"])).toBe(0);
  });

  it("a pairings:N change for a new round switches to round N", async () => {
    const { get, asked } = fake({ [`${URL_BASE}?round=3`]: round(3, 20) });
    const next = await nextPairings(get, URL_BASE, null, ["pairings:3"], round(2, 19));
    expect(asked).toEqual([`${URL_BASE}?round=3`]);
    expect(next.round?.number).toBe(3);
  });

  it("a page opened with ?round=K stays on K, also when round N is published", async () => {
    const { get, asked } = fake({ [`${URL_BASE}?round=1`]: round(1, 20) });
    const next = await nextPairings(get, URL_BASE, 1, ["pairings:3"], round(1, 19));
    expect(asked).toEqual([`${URL_BASE}?round=1`]);
    expect(next.round?.number).toBe(1);
  });

  it("a pairings:N of a round not published yet (paired only) falls back to the current round", async () => {
    const { get, asked } = fake({ [`${URL_BASE}?round=3`]: { version: 20, round: null, matches: [] }, [URL_BASE]: round(2, 20) });
    const next = await nextPairings(get, URL_BASE, null, ["pairings:3"], round(2, 19));
    expect(asked).toEqual([`${URL_BASE}?round=3`, URL_BASE]);
    expect(next.round?.number).toBe(2);
  });

  it("a results change (or a pairings change of the shown round) fetches the current round", async () => {
    const { get, asked } = fake({ [URL_BASE]: round(2, 21) });
    await nextPairings(get, URL_BASE, null, ["results:2"], round(2, 20));
    await nextPairings(get, URL_BASE, null, ["pairings:2"], round(2, 21));
    expect(asked).toEqual([URL_BASE, URL_BASE]);
  });
});

describe("the round view's compact model (issue #15; issue #6 small page)", () => {
  const seat = (slot: number, teamId: string, name: string, a: string, b: string) => ({
    slot,
    teamId,
    name,
    duelists: [
      { designation: "A", name: a },
      { designation: "B", name: b },
    ],
  });
  const data: PairingsData = {
    version: 9,
    round: { number: 2, status: "PUBLISHED", kind: "SWISS", minutes: 50, log: [], stage: null },
    matches: [
      {
        id: "m1",
        table: 1,
        outcome: "WIN",
        winnerSlot: 2,
        games1: 0,
        games2: 1,
        // seats listed slot 2 first: the model still puts slot 1 first
        seats: [seat(2, "t2", "Dark Magicians", "Carla", "Davide"), seat(1, "t1", "فريق", "Ana", "Bruno")],
      },
      {
        id: "m2",
        table: 2,
        outcome: null,
        winnerSlot: null,
        extensions: [{ action: "ADD", at: 5, seconds: 180 }],
        seats: [seat(1, "t3", "Link Strikers", "Elena", "Fabio"), seat(2, "t4", "Spell Counters", "Giulia", "Henrique")],
      },
      { id: "m3", table: 0, outcome: "BYE", winnerSlot: 1, games1: 0, games2: 0, seats: [seat(1, "t5", "Latecomers", "Zoe", "Yuri")] },
    ],
  };

  it("one tuple per match: names, isolated duelist lines, outcome, winner, games, the viewer's table, extensions", () => {
    const m = roundModel(data, "t4");
    expect(m.version).toBe(9);
    expect(m.round).toBe(data.round);
    expect(m.rows).toEqual([
      [
        1,
        "فريق",
        "A: \u2068Ana\u2069 · B: \u2068Bruno\u2069",
        "Dark Magicians",
        "A: \u2068Carla\u2069 · B: \u2068Davide\u2069",
        "WIN",
        2,
        0,
        1,
        0,
        0,
      ],
      [
        2,
        "Link Strikers",
        "A: \u2068Elena\u2069 · B: \u2068Fabio\u2069",
        "Spell Counters",
        "A: \u2068Giulia\u2069 · B: \u2068Henrique\u2069",
        null,
        null,
        0,
        0,
        1,
        [{ action: "ADD", at: 5, seconds: 180 }],
      ],
      [0, "Latecomers", "A: \u2068Zoe\u2069 · B: \u2068Yuri\u2069", null, null, "BYE", 1, 0, 0, 0, 0],
    ]);
  });

  it("a spectator has no table marked; the model carries no match or team ids", () => {
    const m = roundModel(data, null);
    expect(m.rows.map((r) => r[9])).toEqual([0, 0, 0]);
    expect(JSON.stringify(m)).not.toMatch(/"(m1|t1|t4)"/);
  });
});
