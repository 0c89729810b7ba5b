/**
 * Pairing benchmark: simulated Swiss events (seeded random results with draws and drops) of 64,
 * 256, 1,024 and 4,096 teams; Tandem's pairRound timed on every round; the npm package
 * `tournament-pairings` (Swiss, weighted blossom) timed on the same inputs at 64 and 256 (every
 * round) and 1,024 (three sampled rounds). Also counts avoidable rematches and bye violations.
 * Two 4,096-team worst cases first (median of 3 calls, process peak RSS in the notes): one score
 * group (round 1 all drawn, then pairRound) and a forced rematch (a team that met all 4,095 others).
 */
import { Swiss } from "tournament-pairings";
import { pairRound, pairSwiss, makeRng, maxWeightMatching, type SwissEntrant } from "../lib/pairing";
import { mtr1v1Bo3Config, type MatchRecord, type RoundRecord } from "../lib/standings";
import os from "node:os";
import type { BenchResult } from "./run";

const ROUNDS: Record<number, number> = { 64: 6, 256: 8, 1024: 10, 4096: 12 }; // RULES §2.3 table
const TP_ROUNDS: Record<number, number[] | "all"> = { 64: "all", 256: "all", 1024: [2, 5, 9] };

interface Quality {
  rematches: number;
  avoidable: number;
  byeViolations: number;
}

/** Is there a perfect matching with no rematch and the bye only to a fewest-byes team? */
function rematchFreeExists(es: SwissEntrant[]): boolean {
  const n = es.length,
    odd = n % 2 === 1;
  const u: number[] = [],
    v: number[] = [],
    w: number[] = [];
  const minB = Math.min(...es.map((e) => e.byes));
  for (let i = 0; i < n; i++) {
    const o = new Set(es[i].opponents);
    for (let j = i + 1; j < n; j++)
      if (!o.has(es[j].id)) {
        u.push(i);
        v.push(j);
        w.push(1);
      }
    if (odd && es[i].byes === minB) {
      u.push(i);
      v.push(n);
      w.push(1);
    }
  }
  const mate = maxWeightMatching(n + (odd ? 1 : 0), { u, v, w });
  return [...mate].every((x) => x >= 0);
}

function judge(es: SwissEntrant[], pairs: [string, string | null][]): Quality {
  const byId = new Map(es.map((e) => [e.id, e]));
  const minB = Math.min(...es.map((e) => e.byes));
  let rematches = 0,
    byeViolations = 0;
  const byes = pairs.filter((p) => p[1] === null);
  byeViolations += Math.abs(byes.length - (es.length % 2));
  for (const [a, b] of pairs) {
    if (b === null) {
      if (byId.get(a)!.byes > minB) byeViolations++;
      continue;
    }
    if (byId.get(a)!.opponents.includes(b)) rematches++;
  }
  const avoidable = rematches > 0 && rematchFreeExists(es) ? rematches : 0;
  return { rematches, avoidable, byeViolations };
}

const median3 = (f: () => void): number => {
  const t: number[] = [];
  for (let k = 0; k < 3; k++) {
    const t0 = performance.now();
    f();
    t.push((performance.now() - t0) / 1000);
  }
  return t.sort((a, b) => a - b)[1];
};
const peakMb = () => Math.round(process.resourceUsage().maxRSS / 1024);

/** 4,096 teams, all on 1 point after an all-drawn round 1: pairRound (standings included). */
function oneScoreGroup(): { seconds: number; rss: number; rematches: number } {
  const config = mtr1v1Bo3Config();
  const ids = Array.from({ length: 4096 }, (_, i) => `S${String(i).padStart(4, "0")}`);
  const history: RoundRecord[] = [
    { number: 1, matches: Array.from({ length: 2048 }, (_, i) => ({ team1: ids[2 * i], team2: ids[2 * i + 1], result: "draw" as const })) },
  ];
  let rematches = -1;
  const seconds = median3(() => {
    rematches = pairRound({ teams: ids.map((id) => ({ id })), history, config, seed: "one-group" }).cost.rematches;
  });
  return { seconds, rss: peakMb(), rematches };
}

/** 4,096 teams on one score; S0000 has met all 4,095 others (the rest one opponent each): one rematch is forced. */
function forcedRematch(): { seconds: number; rss: number; rematches: number } {
  const ids = Array.from({ length: 4096 }, (_, i) => `S${String(i).padStart(4, "0")}`);
  const es: SwissEntrant[] = ids.map((id, i) => ({
    id,
    points: 3,
    opponents: i === 0 ? ids.slice(1) : [ids[0], ids[i % 2 ? Math.min(i + 1, 4095) : i - 1]],
    byes: 0,
    lastFloat: null,
  }));
  let rematches = -1;
  const seconds = median3(() => {
    rematches = pairSwiss(es, { seed: "forced" }).cost.rematches;
  });
  return { seconds, rss: peakMb(), rematches };
}

export async function run(): Promise<BenchResult[]> {
  const config = mtr1v1Bo3Config();
  const out: BenchResult[] = [];
  // 1-minute load average when the run started (2 cores shared: above 2, timings are inflated)
  const load = `; machine load ${os.loadavg()[0].toFixed(1)} (1-min average, ${os.cpus().length} cores) at the start`;
  const one = oneScoreGroup();
  const forced = forcedRematch();
  console.error(
    `[pairing] 4096 one score group ${one.seconds.toFixed(3)} s (peak RSS ${one.rss} MB); forced rematch ` +
      `${forced.seconds.toFixed(3)} s (peak RSS ${forced.rss} MB, ${forced.rematches} rematch)`,
  );
  const maxRound: Record<number, number> = {};
  const tandemOnTp: Record<number, number> = {},
    tpTime: Record<number, number> = {};
  const q = { tandem: { avoidable: 0, bye: 0, rounds: 0 }, tp: { avoidable: 0, bye: 0, rematches: 0, rounds: 0 } };
  for (const size of [64, 256, 1024, 4096]) {
    const rng = makeRng(`bench-${size}`);
    let active = Array.from({ length: size }, (_, i) => `T${String(i).padStart(4, "0")}`);
    const history: RoundRecord[] = [];
    maxRound[size] = 0;
    tandemOnTp[size] = 0;
    tpTime[size] = 0;
    for (let r = 1; r <= ROUNDS[size]; r++) {
      const t0 = performance.now();
      const res = pairRound({ teams: active.map((id) => ({ id })), history, config, seed: `bench-${size}-r${r}` });
      const dt = (performance.now() - t0) / 1000;
      maxRound[size] = Math.max(maxRound[size], dt);
      const qual = judge(
        res.entrants,
        res.pairings.map((p) => [p.team1, p.team2]),
      );
      q.tandem.avoidable += qual.avoidable;
      q.tandem.bye += qual.byeViolations;
      q.tandem.rounds++;
      const sample = TP_ROUNDS[size];
      if (sample && (sample === "all" || sample.includes(r)) && r > 1) {
        const players = res.entrants.map((e) => ({
          id: e.id,
          score: e.points,
          avoid: [...e.opponents],
          receivedBye: e.byes > 0,
          pairedUpDown: !!e.lastFloat,
        }));
        const t1 = performance.now();
        const tp = Swiss(players, r);
        tpTime[size] += (performance.now() - t1) / 1000;
        tandemOnTp[size] += dt;
        const tq = judge(
          res.entrants,
          tp.map((m) => [String(m.player1), m.player2 === null ? null : String(m.player2)]),
        );
        q.tp.avoidable += tq.avoidable;
        q.tp.rematches += tq.rematches;
        q.tp.bye += tq.byeViolations;
        q.tp.rounds++;
      }
      const matches: MatchRecord[] = res.pairings.map((p) => {
        if (p.team2 === null) return { team1: p.team1, team2: null, result: "bye" };
        const x = rng.int(0, 99);
        return { team1: p.team1, team2: p.team2, result: x < 46 ? "team1" : x < 92 ? "team2" : "draw" };
      });
      history.push({ number: r, matches });
      active = active.filter(() => rng.int(0, 49) !== 0); // ~2 % drop per round
    }
    console.error(
      `[pairing] ${size} teams: max round ${maxRound[size].toFixed(3)} s; on TP rounds tandem ${tandemOnTp[size].toFixed(3)} s ` +
        `vs tournament-pairings ${tpTime[size].toFixed(3)} s`,
    );
  }
  const r3 = (x: number) => Math.round(x * 1000) / 1000;
  out.push({
    name: "pairing.teams4096.oneScoreGroupSeconds",
    value: r3(one.seconds),
    unit: "s",
    reference: "target (issue #13)",
    referenceValue: 1,
    ratio: r3(one.seconds / 1),
    notes:
      `median of 3 pairRound calls, 4,096 teams all on 1 point after an all-drawn round 1 (standings included), ${one.rematches} ` +
      `rematches; process peak RSS ${one.rss} MB after it (target ≤ 300 MB)`,
  });
  out.push({
    name: "pairing.teams4096.forcedRematchSeconds",
    value: r3(forced.seconds),
    unit: "s",
    reference: "target (issue #13)",
    referenceValue: 1,
    ratio: r3(forced.seconds / 1),
    notes:
      `median of 3 pairSwiss calls, 4,096 teams on one score, one team has met all 4,095 others: ${forced.rematches} rematch (the ` +
      `fewest); process peak RSS ${forced.rss} MB after both 4,096 cases (target ≤ 300 MB)`,
  });
  out.push({
    name: "pairing.teams1024.maxRoundSeconds",
    value: r3(maxRound[1024]),
    unit: "s",
    reference: "target (issue #5)",
    referenceValue: 0.5,
    ratio: r3(maxRound[1024] / 0.5),
    notes:
      `slowest of ${ROUNDS[1024]} rounds, 1,024 teams, random results (~8 % draws), ~2 %/round drops; includes computeStandings on ` +
      `the history`,
  });
  out.push({
    name: "pairing.teams1024.speedup",
    value: r3(tpTime[1024] / tandemOnTp[1024]),
    unit: "x",
    reference: "tournament-pairings 2.0.1 Swiss(), same inputs, rounds 2, 5, 9",
    referenceValue: r3(tpTime[1024]),
    ratio: r3(tpTime[1024] / tandemOnTp[1024]),
    notes:
      `tandem ${r3(tandemOnTp[1024])} s vs reference ${r3(tpTime[1024])} s on the three sampled rounds; at 256 teams: ` +
      `${r3(tpTime[256] / tandemOnTp[256])}x, at 64: ${r3(tpTime[64] / tandemOnTp[64])}x`,
  });
  out.push({
    name: "pairing.teams4096.maxRoundSeconds",
    value: r3(maxRound[4096]),
    unit: "s",
    reference: "target (issue #5)",
    referenceValue: 5,
    ratio: r3(maxRound[4096] / 5),
    notes: `slowest of ${ROUNDS[4096]} rounds, 4,096 teams`,
  });
  out.push({
    name: "pairing.avoidableRematches",
    value: q.tandem.avoidable,
    unit: "rematches",
    reference: "tournament-pairings 2.0.1 on its sampled rounds",
    referenceValue: q.tp.avoidable,
    ratio: null,
    notes:
      `rematches made although a rematch-free pairing existed, over ${q.tandem.rounds} Tandem rounds (all sizes); reference over ` +
      `${q.tp.rounds} rounds (it made ${q.tp.rematches} rematches in total)`,
  });
  out.push({
    name: "pairing.byeViolations",
    value: q.tandem.bye,
    unit: "violations",
    reference: "tournament-pairings 2.0.1 on its sampled rounds",
    referenceValue: q.tp.bye,
    ratio: null,
    notes: "wrong number of byes in a round, or a bye to a team with more byes than the fewest any active team has",
  });
  for (const r of out) r.notes += load;
  return out;
}
