/**
 * Issue #15 "The refetch is cheap": the live JSON client keeps each URL's answer with its ETag and
 * sends it back (a 304 costs no body), and the round view's choice of what to fetch after a change
 * (components/pairingsLoad): `?round=K` when the page was opened on round K, `?round=N` for a newer
 * `pairings:N` (the current round when N is not published yet), else the current round.
 */
import { describe, expect, it, vi } from "vitest";
import { jsonGet, type JsonGet } from "@/components/useLiveJson";
import { newestPairingsRound, nextPairings } from "@/components/pairingsLoad";
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
