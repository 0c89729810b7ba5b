/**
 * Swiss pairing engine: a pure function of (active entrants in standing order, history, settings,
 * seed) → pairings plus typed reasons. DESIGN.md "Ideas worth taking"; PS01, PS02, PS04, PS08, PS09.
 *
 * Round 1 (nobody has points, opponents or byes): seeded shuffle, consecutive pairs, the last
 * shuffled team gets the bye.
 * Later rounds: ONE maximum-weight perfect matching (lib/pairing/matching.ts) on a graph that
 * leaves out what is forbidden (self-pairs, rematches, a bye for a team that has more byes than
 * the fewest any active team has) and encodes the rest as one integer cost per edge, compared
 * lexicographically in exactly this order (DESIGN.md "Pairing objective"):
 *   R  rematches (only when no rematch-free perfect matching exists: the fallback graph adds the
 *      rematch edges, so the fewest rematches are used)
 *   B  bye rank: number of bye-eligible teams ranked below the bye recipient (0 = lowest)
 *   K  organizer-marked "keep apart" pairs that are paired (so a marked pair is paired only when
 *      every pairing with no more rematches and no worse bye pairs as many marked pairs)
 *   F  Σ |match-point difference| over the pairs (points, not score-group steps)
 *   Q  repeat floats: a team that floated down (up) last round floats down (up) again
 *   L  which team floats: the down-floater's distance from the bottom of its group plus the
 *      up-floater's distance from the top of its group (the lowest float down, the highest up)
 * Multipliers are computed from bounds on the optimum's lower-level costs so the lexicographic
 * order is exact while every weight stays below 2^49 (no BigInt): when the worst-case bound does
 * not fit, a first matching on (R, B, K, F) only gives the optimum's point gap F*, which bounds
 * the number of float edges (each costs ≥ 1 point); if L still does not fit, L is coarsened
 * (divided) — reported in `stats`.
 * Graph: complete up to `completeGraphUpTo` teams (default 128); above, each team is joined to the
 * next `window` teams in standing order (score group and the neighbouring groups' edges) and the
 * window widens ×4 until a perfect matching exists, then to the complete graph, then rematches.
 * Within a score group the matching starts from a seeded random greedy pairing, so equal-cost
 * choices depend on the seed only (PS04: same inputs + same seed → same pairings).
 */
import { maxWeightMatching } from "./matching";
import { makeRng, type Seed } from "./rng";
import type { PairingReason } from "./reasons";

export interface SwissEntrant {
  id: string;
  /** Match points before this round. */
  points: number;
  /** Every earlier opponent (byes excluded), including rounds before a drop/re-entry (PS09). */
  opponents: readonly string[];
  /** Byes received so far. */
  byes: number;
  /** Float direction in the previous round, if the team floated. */
  lastFloat?: "down" | "up" | null;
}

export interface SwissOptions {
  seed: Seed;
  /** Organizer-marked pairs to keep apart when possible (soft, level K). */
  avoidPairs?: readonly (readonly [string, string])[];
  /** Use the complete graph up to this many teams (default 128). */
  completeGraphUpTo?: number;
  /** Initial standing-order window for larger events (default 12). */
  window?: number;
  /** Force round-1 style random pairing (default: when nobody has history). */
  random?: boolean;
  /** "always" runs the (R, B, F) pre-matching even when not needed (tests/diagnostics). */
  twoPhase?: "auto" | "always";
}

export interface SwissPairing {
  team1: string;
  /** null = bye */
  team2: string | null;
  reasons: PairingReason[];
}

/** The chosen pairing's cost per level (order R, B, K, F, Q, L; see the module doc). */
export interface PairingCost {
  rematches: number;
  byeRank: number;
  /** F: Σ |match-point difference| over the pairs, in match points. */
  floatSize: number;
  /** Pairs across score groups. */
  floats: number;
  repeatFloats: number;
  keepApart: number;
  floatRank: number;
}

export interface SwissResult {
  /** In standing order of the better-placed team; the bye (if any) last. */
  pairings: SwissPairing[];
  byeTeam: string | null;
  cost: PairingCost;
  stats: { edges: number; widenings: number; twoPhase: boolean; floatRankScale: number; matchings: number };
}

/** Thrown when pairing is refused (PS08): `code` is a message key. */
export class PairingError extends Error {
  constructor(
    public code: "noActiveTeams" | "duplicateTeam",
    public params: Record<string, string | number> = {},
  ) {
    super(`pairing refused: ${code}`);
  }
}

const LIMIT = 2 ** 49;

/**
 * Pair one Swiss round. `entrants` = ACTIVE teams in standing order (index 0 = first place);
 * dropped / not-checked-in teams must not be passed. Throws PairingError("noActiveTeams") for an
 * empty list and PairingError("duplicateTeam") when an id repeats.
 */
export function pairSwiss(entrants: readonly SwissEntrant[], options: SwissOptions): SwissResult {
  const n = entrants.length;
  if (n === 0) throw new PairingError("noActiveTeams");
  const idx = new Map<string, number>();
  entrants.forEach((e, i) => {
    if (idx.has(e.id)) throw new PairingError("duplicateTeam", { team: e.id });
    idx.set(e.id, i);
  });
  const rng = makeRng(options.seed);
  const fresh = entrants.every((e) => e.points === 0 && e.opponents.length === 0 && e.byes === 0);
  if (options.random ?? fresh) {
    const r1 = randomRound(entrants, rng, options.avoidPairs ?? []);
    if (r1.cost.keepApart === 0) return r1;
    // The swap repair left a marked pair together: ask the matching (level K is exact there) on
    // the seeded shuffle, so the reason "no pairing keeps them apart" is true.
    const order = new Map(r1.pairings.flatMap((p) => (p.team2 ? [p.team1, p.team2] : [p.team1])).map((id, i) => [id, i]));
    const shuffled = [...entrants].sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    const exact = pairSwiss(shuffled, { ...options, random: false });
    for (const p of exact.pairings) p.reasons = [{ code: "round1Random", params: {} }, ...p.reasons.filter((x) => x.code !== "scoreGroup")];
    return exact;
  }

  // score groups
  const group = new Int32Array(n),
    gpos = new Int32Array(n),
    gsize: number[] = [];
  for (let i = 0, g = -1, last = NaN; i < n; i++) {
    if (entrants[i].points !== last) {
      g++;
      last = entrants[i].points;
      gsize.push(0);
    }
    group[i] = g;
    gpos[i] = gsize[g]++;
  }
  const opp = entrants.map((e) => new Set(e.opponents));
  const odd = n % 2 === 1;
  const BYE = n;
  const nv = n + (odd ? 1 : 0);
  let minByes = Infinity;
  for (const e of entrants) minByes = Math.min(minByes, e.byes);
  const byeCost = new Int32Array(n).fill(-1);
  if (odd) for (let i = n - 1, below = 0; i >= 0; i--) if (entrants[i].byes === minByes) byeCost[i] = below++;
  const avoid = new Set<string>();
  for (const [a, b] of options.avoidPairs ?? []) {
    avoid.add(a + "\u0000" + b);
    avoid.add(b + "\u0000" + a);
  }
  const lastDown = new Uint8Array(n),
    lastUp = new Uint8Array(n);
  let floatedLast = 0;
  entrants.forEach((e, i) => {
    if (e.lastFloat === "down") lastDown[i] = 1;
    if (e.lastFloat === "up") lastUp[i] = 1;
    if (e.lastFloat) floatedLast++;
  });

  const completeUpTo = options.completeGraphUpTo ?? 128;
  let window = options.window ?? 12;
  /** "none": rematch edges left out; "low": only rematch edges at a hard team (forcedRematches); "all". */
  let allowRematch: "none" | "low" | "all" = "none";
  let widenings = 0,
    matchings = 0;
  const P = Math.ceil(n / 2);
  // Hard teams (met half the field or more) and the exact fewest rematches, computed once the
  // sparse graph fails (forcedRematches); their edges to every team are then in the graph.
  let hard: Uint8Array | null = null;
  let hardList: number[] = [];
  let rStar = -1;
  if (n > completeUpTo) {
    // A team that met half the field or more makes the sparse graph fail: go straight to the
    // exact count (saves the failed first matching).
    const half = (n + (odd ? 1 : 0) - 1) / 2;
    let anyHard = false;
    for (let i = 0; i < n && !anyHard; i++)
      if (opp[i].size > 0 && n - 1 - [...opp[i]].filter((o) => idx.has(o)).length + (odd && byeCost[i] >= 0 ? 1 : 0) < half) anyHard = true;
    const f = anyHard ? forcedRematches(entrants, opp, byeCost, odd) : null;
    if (f) {
      ({ hard, rStar } = f);
      for (let i = 0; i < n; i++) if (hard[i]) hardList.push(i);
      if (rStar > 0) allowRematch = "low";
    }
  }

  for (;;) {
    const complete = n <= completeUpTo || window >= n - 1;
    // ---- build edges with cost components
    const eu: number[] = [],
      ev: number[] = [];
    const cR: number[] = [],
      cB: number[] = [],
      cF: number[] = [],
      cQ: number[] = [],
      cK: number[] = [],
      cL: number[] = [];
    const push = (i: number, j: number, r: number, b: number, f: number, q: number, k: number, l: number) => {
      eu.push(i);
      ev.push(j);
      cR.push(r);
      cB.push(b);
      cF.push(f);
      cQ.push(q);
      cK.push(k);
      cL.push(l);
    };
    const consider = (i: number, j: number) => {
      const rem = opp[i].has(entrants[j].id) ? 1 : 0;
      if (rem && !(allowRematch === "all" || (allowRematch === "low" && hard !== null && (hard[i] || hard[j])))) return;
      const d = group[j] - group[i];
      let q = 0,
        l = 0;
      if (d > 0) {
        q = lastDown[i] + lastUp[j];
        l = gsize[group[i]] - 1 - gpos[i] + gpos[j];
      }
      // F: the match-point gap, |points_i − points_j| (entrants are in standing order)
      push(i, j, rem, 0, entrants[i].points - entrants[j].points, q, avoid.has(entrants[i].id + "\u0000" + entrants[j].id) ? 1 : 0, l);
    };
    for (let i = 0; i < n; i++) {
      const jmax = complete ? n - 1 : Math.min(n - 1, i + window);
      const jend = hard && hard[i] ? n - 1 : jmax;
      for (let j = i + 1; j <= jend; j++) consider(i, j);
      if (hard && !hard[i] && !complete) for (const h of hardList) if (h > jmax) consider(i, h);
      if (odd && byeCost[i] >= 0) push(i, BYE, 0, byeCost[i], 0, 0, 0, 0);
    }
    const m = eu.length;
    let maxB = 0,
      maxF = 0,
      maxL = 0,
      nK = 0;
    for (let e = 0; e < m; e++) {
      maxB = Math.max(maxB, cB[e]);
      maxF = Math.max(maxF, cF[e]);
      maxL = Math.max(maxL, cL[e]);
    }
    nK = Math.min(P, (options.avoidPairs ?? []).length);

    const solve = (w0: Float64Array): Int32Array => {
      matchings++;
      let w = w0;
      let mx = -Infinity;
      for (let e = 0; e < m; e++) if (w[e] > mx) mx = w[e];
      if (hard) {
        // Vertex shift: adding c_v to every edge at v adds exactly c_v to every PERFECT matching,
        // so the optimum among perfect matchings is unchanged. Lifting each hard vertex's best
        // edge to the maximum weight lets the warm start match it (a hard team has no maximum-
        // weight edge when it must rematch, and would cost the blossom algorithm a stage over the
        // whole graph). If the graph has no perfect matching the result is discarded anyway (the
        // caller widens). Not applied when it would lift an edge above the maximum.
        const best = new Float64Array(nv).fill(-Infinity);
        for (let e = 0; e < m; e++) {
          if (hard[eu[e]] && w[e] > best[eu[e]]) best[eu[e]] = w[e];
          if (hard[ev[e]] && w[e] > best[ev[e]]) best[ev[e]] = w[e];
        }
        const shift = (v: number) => (hard![v] && best[v] > -Infinity ? mx - best[v] : 0);
        const lifted = new Float64Array(m);
        let over = false;
        for (let e = 0; e < m && !over; e++) {
          lifted[e] = w[e] + shift(eu[e]) + shift(ev[e]);
          if (lifted[e] > mx) over = true;
        }
        if (!over) w = lifted;
      }
      // warm start: seeded greedy on maximum-weight edges
      const deg = new Int32Array(nv + 1);
      for (let e = 0; e < m; e++)
        if (w[e] === mx) {
          deg[eu[e] + 1]++;
          deg[ev[e] + 1]++;
        }
      for (let v = 0; v < nv; v++) deg[v + 1] += deg[v];
      const fill = deg.slice(0, nv),
        adj = new Int32Array(deg[nv]);
      for (let e = 0; e < m; e++)
        if (w[e] === mx) {
          adj[fill[eu[e]]++] = ev[e];
          adj[fill[ev[e]]++] = eu[e];
        }
      const warm = new Int32Array(nv).fill(-1);
      const order = rng.shuffle(Array.from({ length: nv }, (_, v) => v));
      for (const v of order) {
        if (warm[v] >= 0) continue;
        const s = deg[v],
          len = deg[v + 1] - s;
        if (len === 0) continue;
        const off = rng.int(0, len - 1);
        for (let t = 0; t < len; t++) {
          const u = adj[s + ((off + t) % len)];
          if (warm[u] < 0) {
            warm[u] = v;
            warm[v] = u;
            break;
          }
        }
      }
      // Augmenting paths on the same maximum-weight edges (the result is still a valid warm
      // start): an alternating BFS from each vertex the greedy left unmatched, visiting every
      // vertex at most once (so any path found is simple; paths that need a blossom are left to
      // the blossom algorithm). Each vertex left unmatched costs the blossom algorithm a whole
      // stage over the graph — on 4,096 teams of one score most of the time before this.
      const seen = new Int32Array(nv).fill(-1),
        parent = new Int32Array(nv);
      const queue = new Int32Array(nv);
      for (const v of order) {
        if (warm[v] >= 0 || deg[v + 1] === deg[v]) continue;
        let head = 0,
          tail = 0,
          visits = 0;
        queue[tail++] = v;
        seen[v] = v;
        let end = -1;
        bfs: while (head < tail && visits < 4096) {
          const x = queue[head++];
          for (let q = deg[x]; q < deg[x + 1]; q++) {
            const a = adj[q];
            if (seen[a] === v) continue;
            visits++;
            seen[a] = v;
            parent[a] = x;
            const b = warm[a];
            if (b < 0) {
              end = a;
              break bfs;
            }
            if (seen[b] === v) continue;
            seen[b] = v;
            queue[tail++] = b;
          }
        }
        // flip the path end ← parent … v: a matched to parent(a), parent(a)'s old mate continues
        while (end >= 0) {
          const x = parent[end];
          const next = warm[x] >= 0 && x !== v ? warm[x] : -1;
          warm[end] = x;
          warm[x] = end;
          end = next;
        }
      }
      return maxWeightMatching(nv, { u: eu, v: ev, w }, warm);
    };
    const costOf = (mate: Int32Array, f: number[]) => {
      let s = 0;
      for (let e = 0; e < m; e++) if (mate[eu[e]] === ev[e]) s += f[e];
      return s;
    };
    const weightsFor = (mult: number[], comps: number[][], scaleL: number): { w: Float64Array; max: number } => {
      const w = new Float64Array(m);
      let max = 0;
      for (let e = 0; e < m; e++) {
        let c = 0;
        for (let t = 0; t < comps.length; t++)
          c += mult[t] * (t === comps.length - 1 && scaleL > 1 ? Math.floor(comps[t][e] / scaleL) : comps[t][e]);
        w[e] = c;
        if (c > max) max = c;
      }
      for (let e = 0; e < m; e++) w[e] = max + 1 - w[e];
      return { w, max: max + 1 };
    };
    // Component order R, B, K, F, Q, L (most important first); multipliers from the bounds.
    const multipliers = (Fb: number, scaleL: number): number[] => {
      const nf = Math.min(P, Fb); // every float edge costs ≥ 1 point of F
      const Lb = nf * Math.floor(maxL / scaleL);
      const Qb = Math.min(2 * nf, floatedLast);
      const ML = 1,
        MQ = Lb + 1,
        MF = MQ * (Qb + 1),
        MK = MF * (Fb + 1),
        MB = MK * (nK + 1),
        MR = MB * (maxB + 1);
      return [MR, MB, MK, MF, MQ, ML];
    };
    const comps = [cR, cB, cK, cF, cQ, cL];
    let Fb = P * maxF;
    let twoPhase = false;
    let scaleL = 1;
    let mult = multipliers(Fb, 1);
    if (mult[0] * 2 >= LIMIT || options.twoPhase === "always") {
      // phase 1: (R, B, K, F) only → the optimum's exact point gap F*
      twoPhase = true;
      const MK1 = P * maxF + 1,
        MB1 = MK1 * (nK + 1),
        MR1 = MB1 * (maxB + 1);
      const { w } = weightsFor([MR1, MB1, MK1, 1], [cR, cB, cK, cF], 1);
      const mate1 = solve(w);
      Fb = costOf(mate1, cF);
      mult = multipliers(Fb, 1);
      while (mult[0] * 2 >= LIMIT) {
        if (Math.floor(maxL / scaleL) === 0) throw new Error("internal: pairing weights exceed 2^49 even without the float-rank level");
        scaleL *= 2;
        mult = multipliers(Fb, scaleL);
      }
    }
    const { w } = weightsFor(mult, comps, scaleL);
    const mate = solve(w);
    let matched = 0;
    for (let v = 0; v < nv; v++) if (mate[v] >= 0) matched++;
    if (!complete && hard === null && matched < nv) {
      const f = forcedRematches(entrants, opp, byeCost, odd);
      if (f) {
        ({ hard, rStar } = f);
        hardList = [];
        for (let i = 0; i < n; i++) if (hard[i]) hardList.push(i);
        if (rStar > 0) allowRematch = "low";
        widenings++;
        continue;
      }
    }
    if (matched < nv || (allowRematch === "low" && costOf(mate, cR) > rStar)) {
      if (!complete) {
        window *= 4;
        widenings++;
        continue;
      }
      if (allowRematch !== "all") {
        allowRematch = "all";
        widenings++;
        continue;
      }
      throw new Error("internal: no perfect matching on the complete graph with rematches");
    }
    const cost: PairingCost = {
      rematches: costOf(mate, cR),
      byeRank: costOf(mate, cB),
      floatSize: costOf(mate, cF),
      floats: 0,
      repeatFloats: costOf(mate, cQ),
      keepApart: costOf(mate, cK),
      floatRank: costOf(mate, cL),
    };
    for (let e = 0; e < m; e++) if (mate[eu[e]] === ev[e] && cF[e] > 0) cost.floats++;
    // A marked pair is paired: on a sparse graph, first make sure it is not the window's doing.
    if (cost.keepApart > 0 && !complete) {
      window *= 4;
      widenings++;
      continue;
    }
    // Why (the reason must be true): with the bye free to move, could fewer marked pairs meet
    // without more rematches? Then the bye rank (level B) decided, else only a rematch would help.
    let keepApartWhy: "rematch" | "bye" = "rematch";
    if (cost.keepApart > 0 && odd) {
      const MR2 = nK + 1;
      const alt = solve(weightsFor([MR2, 1], [cR, cK], 1).w);
      if (costOf(alt, cR) === cost.rematches && costOf(alt, cK) < cost.keepApart) keepApartWhy = "bye";
    }
    const pairings = explain(entrants, mate, { group, byeCost, minByes, opp, avoid, options, odd, keepApartWhy });
    return {
      pairings,
      byeTeam: odd ? entrants[mate[BYE]].id : null,
      cost,
      stats: { edges: m, widenings, twoPhase, floatRankScale: scaleL, matchings },
    };
  }
}

/**
 * The fewest rematches any pairing needs, without the complete graph (4,096 teams: 8 M edges).
 * G = the rematch-free graph (+ the bye vertex, joined to the bye-eligible teams), nv vertices.
 * A team is "hard" when its degree in G is below (nv − 1)/2 (it met about half the field or more);
 * the bye vertex is hard. Every two easy teams u, w have deg(u) + deg(w) ≥ nv − 1, so joining them
 * never changes the maximum matching size (Bondy–Chvátal: the perfect-matching property is
 * (n−1)-stable, applied to G joined with the unmatched count of universal vertices): in that
 * closure the easy teams form a clique, hence ν(G) = ⌊(V + easy)/2⌋ with V = the most hard vertices
 * one matching of the hard-incident edges covers (max weight: hard–hard 2, hard–easy 1). The
 * fewest rematches = nv/2 − ν(G), and a maximum matching leaves at most one easy team unmatched,
 * so rematch edges at hard teams suffice. Returns null when more than 64 teams are hard (the
 * caller then widens to the complete graph).
 */
function forcedRematches(
  entrants: readonly SwissEntrant[],
  opp: Set<string>[],
  byeCost: Int32Array,
  odd: boolean,
): { hard: Uint8Array; rStar: number } | null {
  const n = entrants.length,
    nv = n + (odd ? 1 : 0),
    BYE = n;
  const index = new Map(entrants.map((e, i) => [e.id, i]));
  const hard = new Uint8Array(nv);
  let hardCount = 0;
  for (let i = 0; i < n; i++) {
    let met = 0;
    for (const o of opp[i]) if (index.has(o) && o !== entrants[i].id) met++;
    const deg = n - 1 - met + (odd && byeCost[i] >= 0 ? 1 : 0);
    if (2 * deg < nv - 1) {
      hard[i] = 1;
      hardCount++;
    }
  }
  if (odd) hard[BYE] = 1;
  if (hardCount > 64) return null;
  const u: number[] = [],
    v: number[] = [],
    w: number[] = [];
  for (let i = 0; i < n; i++) {
    if (!hard[i]) continue;
    for (let j = 0; j < n; j++) {
      if (j === i || opp[i].has(entrants[j].id)) continue;
      if (hard[j] && j < i) continue; // hard–hard once
      u.push(i);
      v.push(j);
      w.push(hard[j] ? 2 : 1);
    }
  }
  if (odd)
    for (let j = 0; j < n; j++)
      if (byeCost[j] >= 0) {
        u.push(j);
        v.push(BYE);
        w.push(hard[j] ? 2 : 1);
      }
  const mate = u.length ? maxWeightMatching(nv, { u, v, w }) : new Int32Array(nv).fill(-1);
  let covered = 0;
  for (let x = 0; x < nv; x++) if (hard[x] && mate[x] >= 0) covered++;
  const easy = n - hardCount;
  const nu = Math.floor((covered + easy) / 2);
  return { hard, rStar: nv / 2 - nu };
}

/**
 * Round 1 (nobody has points): a seeded shuffle paired in order. Keep-apart pairs are then
 * repaired by swapping the second team with the first later (else earlier) seat that breaks no
 * keep-apart pair; one that cannot be repaired stays, with reason keepApartUnavoidable.
 */
function randomRound(
  entrants: readonly SwissEntrant[],
  rng: ReturnType<typeof makeRng>,
  avoidPairs: readonly (readonly [string, string])[],
): SwissResult {
  const order = rng.shuffle(entrants.map((e) => e.id));
  const avoid = new Set(avoidPairs.flatMap(([a, b]) => [a + "\u0000" + b, b + "\u0000" + a]));
  const apart = (a: string | undefined, b: string | undefined) => a !== undefined && b !== undefined && avoid.has(a + "\u0000" + b);
  const mateOf = (k: number) => order[k % 2 ? k - 1 : k + 1];
  let keepApart = 0;
  for (let i = 0; avoid.size && i + 1 < order.length; i += 2) {
    if (!apart(order[i], order[i + 1])) continue;
    const cands = [...order.keys()].filter((k) => k > i + 1).concat([...order.keys()].filter((k) => k < i));
    const k = cands.find((k) => !apart(order[i], order[k]) && !apart(order[i + 1], mateOf(k)));
    if (k === undefined) {
      keepApart++;
      continue;
    }
    [order[i + 1], order[k]] = [order[k], order[i + 1]];
  }
  const pairings: SwissPairing[] = [];
  for (let i = 0; i + 1 < order.length; i += 2) {
    const reasons: PairingReason[] = [{ code: "round1Random", params: {} }];
    if (apart(order[i], order[i + 1])) reasons.push({ code: "keepApartUnavoidable", params: { team1: order[i], team2: order[i + 1] } });
    pairings.push({ team1: order[i], team2: order[i + 1], reasons });
  }
  let byeTeam: string | null = null;
  if (order.length % 2) {
    byeTeam = order[order.length - 1];
    pairings.push({
      team1: byeTeam,
      team2: null,
      reasons: [
        { code: "round1Random", params: {} },
        { code: "byeLowestRanked", params: { team: byeTeam } },
      ],
    });
  }
  return {
    pairings,
    byeTeam,
    cost: { rematches: 0, byeRank: 0, floatSize: 0, floats: 0, repeatFloats: 0, keepApart, floatRank: 0 },
    stats: { edges: 0, widenings: 0, twoPhase: false, floatRankScale: 1, matchings: 0 },
  };
}

function explain(
  entrants: readonly SwissEntrant[],
  mate: Int32Array,
  ctx: {
    group: Int32Array;
    byeCost: Int32Array;
    minByes: number;
    opp: Set<string>[];
    avoid: Set<string>;
    options: SwissOptions;
    odd: boolean;
    keepApartWhy: "rematch" | "bye";
  },
): SwissPairing[] {
  const n = entrants.length;
  const out: SwissPairing[] = [];
  const pairingOf = new Map<number, SwissPairing>();
  let bye: SwissPairing | null = null;
  for (let i = 0; i < n; i++) {
    const j = mate[i];
    if (j === n) {
      const e = entrants[i];
      const reasons: PairingReason[] = [];
      if (ctx.minByes > 0) reasons.push({ code: "byeSecond", params: { team: e.id, count: e.byes + 1 } });
      else if (ctx.byeCost[i] === 0) reasons.push({ code: "byeLowestRanked", params: { team: e.id } });
      else reasons.push({ code: "byeMovedUp", params: { team: e.id } });
      bye = { team1: e.id, team2: null, reasons };
      pairingOf.set(i, bye);
      continue;
    }
    if (j < i) continue;
    const a = entrants[i],
      b = entrants[j];
    const reasons: PairingReason[] = [];
    if (ctx.opp[i].has(b.id)) reasons.push({ code: "rematchForced", params: { team1: a.id, team2: b.id } });
    if (ctx.group[i] === ctx.group[j]) reasons.push({ code: "scoreGroup", params: { points: a.points } });
    else {
      reasons.push({ code: "floatedDown", params: { team: a.id, from: a.points, to: b.points } });
      reasons.push({ code: "floatedUp", params: { team: b.id, from: b.points, to: a.points } });
      if (a.lastFloat === "down") reasons.push({ code: "floatedAgain", params: { team: a.id, direction: "down" } });
      if (b.lastFloat === "up") reasons.push({ code: "floatedAgain", params: { team: b.id, direction: "up" } });
    }
    if (ctx.avoid.has(a.id + "\u0000" + b.id))
      reasons.push({
        code: ctx.keepApartWhy === "bye" ? "keepApartByeRank" : "keepApartUnavoidable",
        params: { team1: a.id, team2: b.id },
      });
    const p: SwissPairing = { team1: a.id, team2: b.id, reasons };
    out.push(p);
    pairingOf.set(i, p);
    pairingOf.set(j, p);
  }
  // rematches a naive top-down pairer (1–2, 3–4, …; bye to the last) would have made
  const idx = new Map(entrants.map((e, i) => [e.id, i] as const));
  for (let i = 0; i + 1 < n - (ctx.odd ? 1 : 0); i += 2) {
    if (ctx.opp[i].has(entrants[i + 1].id) && mate[i] !== i + 1) {
      pairingOf.get(i)!.reasons.push({ code: "rematchAvoided", params: { team: entrants[i].id, opponent: entrants[i + 1].id } });
    }
  }
  for (const [a, b] of ctx.options.avoidPairs ?? []) {
    const ia = idx.get(a),
      ib = idx.get(b);
    if (ia === undefined || ib === undefined || mate[ia] === ib || ctx.group[ia] !== ctx.group[ib]) continue;
    pairingOf.get(Math.min(ia, ib))!.reasons.push({ code: "keptApart", params: { team1: a, team2: b } });
  }
  if (bye) out.push(bye);
  return out;
}
