/**
 * Issue #17 upload bounds: a `.Tournament` upload is parsed in a worker thread
 * (lib/server/interop/ktsWorker.ts) with the same result and the same refusals as the pure parser
 * (lib/interop/kts parseKts), and the request thread keeps answering meanwhile.
 */
import { describe, expect, it } from "vitest";
import { parseKts, serializeKts, KtsFileError, type KtsTournament } from "@/lib/interop/kts";
import { parseKtsInWorker } from "@/lib/server/interop/ktsWorker";

/** A 1v1 event of `n` players in file order and one round of matches (a bye for an odd count). */
function bigEvent(n: number): KtsTournament {
  const players = Array.from({ length: n }, (_, i) => ({
    id: String(1_000_000_000 + i).padStart(10, "0"),
    firstName: `First${i}`,
    lastName: `Last${i}`,
    teamPosition: 0 as const,
    dropRound: 1,
    dropReason: "Active" as const,
    rank: i + 1,
    wins: i % 2 ? 0 : 3,
    points: 1000 + i,
    notes: "",
  }));
  const matches = Array.from({ length: Math.ceil(n / 2) }, (_, t) => ({
    player1: players[2 * t].id,
    player2: players[2 * t + 1]?.id ?? null,
    round: 1,
    status: "Winner" as const,
    table: t + 1,
    winner: players[2 * t].id,
    playoff: false,
  }));
  return { name: "Worker Open", id: "W-1", date: "2026-12-02", currentRound: 1, playoffRound: 0, finalized: true, players, matches };
}

/** Runs `work` while a timer asks every 10 ms; returns the result and the longest gap between two timer runs (ms). */
async function withGaps<T>(work: () => Promise<T>): Promise<{ result: T; maxGapMs: number }> {
  let last = performance.now(),
    maxGapMs = 0;
  const t = setInterval(() => {
    const now = performance.now();
    maxGapMs = Math.max(maxGapMs, now - last);
    last = now;
  }, 10);
  try {
    return { result: await work(), maxGapMs };
  } finally {
    clearInterval(t);
  }
}

describe("KTS files parsed in a worker thread (issue #17)", () => {
  it("a 9,000-player file: the same event as parseKts; the request thread is blocked for much less than parseKts blocks it", async () => {
    const file = serializeKts(bigEvent(9_000));
    expect(file.length).toBeGreaterThan(3_000_000);
    const t0 = performance.now();
    const direct = parseKts(file);
    const blockingMs = performance.now() - t0; // the reference: the same parse on this thread, same run
    const { result, maxGapMs } = await withGaps(() => parseKtsInWorker(file));
    expect(result).toEqual(direct);
    expect(result.players).toHaveLength(9_000);
    // What stays on this thread: the cheap pre-checks, receiving the parsed document, and the mapping.
    expect(maxGapMs, `longest gap ${maxGapMs.toFixed(0)} ms; parseKts blocked ${blockingMs.toFixed(0)} ms`).toBeLessThan(blockingMs / 2);
  });

  it("refuses what parseKts refuses, with the same message: malformed XML, too deep, a DOCTYPE, a bad field", async () => {
    const files = [
      "<Tournament><Name>x</Nam></Tournament>",
      `<Tournament>${"<a>".repeat(20_000)}${"</a>".repeat(20_000)}</Tournament>`,
      `<!DOCTYPE Tournament><Tournament/>`,
      serializeKts(bigEvent(3)).replace("<ID>1000000001</ID>", "<ID>x1</ID>"),
    ];
    for (const f of files) {
      const direct = (() => {
        try {
          parseKts(f);
        } catch (e) {
          return e;
        }
      })();
      expect(direct).toBeInstanceOf(KtsFileError);
      await expect(parseKtsInWorker(f)).rejects.toThrow(new KtsFileError((direct as Error).message));
    }
  });
});
