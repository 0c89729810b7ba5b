/**
 * Standings benchmark: computeStandings on 1,024 teams × 11 rounds (random results with draws
 * and byes). Reference: a naive recompute that rescans every match of every round for each
 * team, each opponent and each opponent's opponent (what a hand-written page reduce does).
 */
import { computeStandings, mtr1v1Bo3Config, configFromPreset, type RoundRecord, type MatchRecord } from "../lib/standings";
import { getPreset, resolveSettings } from "../lib/formats/presets";
import { makeRng } from "../lib/pairing/rng";
import os from "node:os";
import type { BenchResult } from "./run";

function simulate(n: number, rounds: number): RoundRecord[] {
  const rng = makeRng("standings-bench");
  const ids = Array.from({ length: n }, (_, i) => `T${i}`);
  const out: RoundRecord[] = [];
  for (let r = 1; r <= rounds; r++) {
    const order = rng.shuffle([...ids]);
    const matches: MatchRecord[] = [];
    for (let i = 0; i + 1 < order.length; i += 2) {
      const x = rng.int(0, 99);
      matches.push({ team1: order[i], team2: order[i + 1], result: x < 46 ? "team1" : x < 92 ? "team2" : "draw" });
    }
    if (order.length % 2) matches.push({ team1: order.at(-1)!, team2: null, result: "bye" });
    out.push({ number: r, matches });
  }
  return out;
}

/** Naive reference: per team, rescan all matches for its record, its opponents' and theirs. */
function naive(ids: string[], rounds: RoundRecord[]): number {
  const all = rounds.flatMap((r) => r.matches);
  const rec = (id: string) => {
    let pts = 0,
      played = 0;
    const opps: string[] = [];
    for (const m of all) {
      if (m.team1 !== id && m.team2 !== id) continue;
      played++;
      if (m.team2 === null) {
        pts += 3;
        continue;
      }
      const me1 = m.team1 === id;
      opps.push(me1 ? m.team2 : m.team1);
      if (m.result === "draw") pts += 1;
      else if ((m.result === "team1") === me1) pts += 3;
    }
    return { pts, played, opps };
  };
  const mw = (id: string) => {
    const r = rec(id);
    return Math.max(0.33, r.pts / (3 * r.played));
  };
  let check = 0;
  for (const id of ids.slice(0, 64)) {
    // 64 teams only: the full naive pass takes minutes
    const r = rec(id);
    check += r.opps.reduce((s, o) => s + mw(o), 0) / Math.max(1, r.opps.length);
  }
  return check;
}

export async function run(): Promise<BenchResult[]> {
  const n = 1024,
    R = 11;
  const rounds = simulate(n, R);
  const teams = Array.from({ length: n }, (_, i) => ({ id: `T${i}` }));
  const cfg = mtr1v1Bo3Config();
  const tag = getPreset("KONAMI_TAG_2019");
  const kcfg = configFromPreset(tag, resolveSettings(tag, null));
  for (let i = 0; i < 5; i++) computeStandings({ teams, rounds, config: cfg }); // warm-up
  const times: number[] = [];
  for (let i = 0; i < 21; i++) {
    const t0 = performance.now();
    computeStandings({ teams, rounds, config: i % 2 ? kcfg : cfg });
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const median = times[10];
  const t0 = performance.now();
  naive(
    teams.map((t) => t.id),
    rounds,
  );
  const naive64 = performance.now() - t0;
  const naiveFull = (naive64 * n) / 64; // linear extrapolation to all 1,024 teams
  const r2 = (x: number) => Math.round(x * 100) / 100;
  return [
    {
      name: "standings.teams1024.rounds11.ms",
      value: r2(median),
      unit: "ms",
      reference: "naive per-team rescan (extrapolated from 64 teams)",
      referenceValue: r2(naiveFull),
      ratio: Math.round((median / naiveFull) * 1e5) / 1e5,
      notes:
        `median of 21 runs (MTR and Konami configs alternating), target ≤ 20 ms; naive reference measured on 64 of 1,024 teams in ` +
        `${r2(naive64)} ms; machine load ${os.loadavg()[0].toFixed(1)} (1-min average, ${os.cpus().length} cores)`,
    },
  ];
}
