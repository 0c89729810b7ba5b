/**
 * Maximum-weight (maximum-cardinality) matching on a general sparse graph: Edmonds' blossom
 * algorithm with integer dual variables (after J. van Rantwijk's public-domain mwmatching,
 * O(n·m·log-ish) in practice on sparse graphs, O(n³) worst case).
 *
 * Input: vertex count n, edges as parallel arrays (u, v, w) with integer weights. Weights must be
 * integers with |w| < 2^50 so duals and slacks stay exact doubles (no BigInt).
 * Optional warm start `initialMate`: a matching made ONLY of edges whose weight equals the
 * maximum edge weight (those are tight under the initial duals, so it is a state the algorithm
 * could have reached itself in its first stage); it saves most augmentation stages.
 * Output: Int32Array mate, mate[v] = partner vertex or -1. Among maximum-cardinality matchings
 * the result has maximum total weight.
 * Throws on non-integer or too large weights, or an invalid warm start.
 */
export interface EdgeList {
  u: ArrayLike<number>;
  v: ArrayLike<number>;
  w: ArrayLike<number>;
}

export function maxWeightMatching(n: number, edges: EdgeList, initialMate?: ArrayLike<number>): Int32Array {
  const nedge = edges.u.length;
  const result = new Int32Array(n).fill(-1);
  if (nedge === 0 || n === 0) return result;
  const nv = n;
  const endpoint = new Int32Array(2 * nedge);
  const weight = new Float64Array(nedge);
  let maxweight = 0;
  const deg = new Int32Array(nv + 1);
  for (let k = 0; k < nedge; k++) {
    const i = edges.u[k],
      j = edges.v[k],
      wt = edges.w[k];
    if (i === j || i < 0 || j < 0 || i >= nv || j >= nv) throw new Error(`bad edge ${i}-${j}`);
    if (!Number.isInteger(wt) || Math.abs(wt) >= 2 ** 50) throw new Error(`edge weight must be an integer below 2^50: ${wt}`);
    endpoint[2 * k] = i;
    endpoint[2 * k + 1] = j;
    weight[k] = wt;
    if (wt > maxweight) maxweight = wt;
    deg[i]++;
    deg[j]++;
  }
  // CSR neighbour endpoints
  const nbStart = new Int32Array(nv + 1);
  for (let v = 0; v < nv; v++) nbStart[v + 1] = nbStart[v] + deg[v];
  const nbFill = nbStart.slice(0, nv);
  const neighbend = new Int32Array(2 * nedge);
  for (let k = 0; k < nedge; k++) {
    neighbend[nbFill[endpoint[2 * k]]++] = 2 * k + 1;
    neighbend[nbFill[endpoint[2 * k + 1]]++] = 2 * k;
  }

  const N2 = 2 * nv;
  const mate = new Int32Array(nv).fill(-1);
  const label = new Int32Array(N2);
  const labelend = new Int32Array(N2).fill(-1);
  const inblossom = new Int32Array(nv);
  for (let v = 0; v < nv; v++) inblossom[v] = v;
  const blossomparent = new Int32Array(N2).fill(-1);
  const blossomchilds: (number[] | null)[] = new Array(N2).fill(null);
  const blossombase = new Int32Array(N2).fill(-1);
  for (let v = 0; v < nv; v++) blossombase[v] = v;
  const blossomendps: (number[] | null)[] = new Array(N2).fill(null);
  const bestedge = new Int32Array(N2).fill(-1);
  const blossombestedges: (number[] | null)[] = new Array(N2).fill(null);
  const unusedblossoms: number[] = [];
  for (let b = N2 - 1; b >= nv; b--) unusedblossoms.push(b);
  const dualvar = new Float64Array(N2);
  for (let v = 0; v < nv; v++) dualvar[v] = maxweight;
  const allowedge = new Uint8Array(nedge);
  const queue: number[] = [];
  const bestedgeto = new Int32Array(N2).fill(-1);

  if (initialMate) {
    // map partner → endpoint index of a max-weight edge
    for (let v = 0; v < nv; v++) {
      const m = initialMate[v];
      if (m < 0) continue;
      let found = -1;
      for (let q = nbStart[v]; q < nbStart[v + 1]; q++) {
        const p = neighbend[q];
        if (endpoint[p] === m && weight[p >> 1] === maxweight) {
          found = p;
          break;
        }
      }
      if (found < 0 || initialMate[m] !== v) throw new Error(`invalid warm start at vertex ${v}`);
      mate[v] = found;
    }
  }

  const slack = (k: number) => dualvar[endpoint[2 * k]] + dualvar[endpoint[2 * k + 1]] - 2 * weight[k];

  const leaves = (b: number, out: number[]): number[] => {
    if (b < nv) {
      out.push(b);
      return out;
    }
    const stack = [b];
    while (stack.length) {
      const t = stack.pop()!;
      if (t < nv) out.push(t);
      else {
        const ch = blossomchilds[t]!;
        for (let i = ch.length - 1; i >= 0; i--) stack.push(ch[i]);
      }
    }
    return out;
  };

  const assignLabel = (w0: number, t0: number, p0: number): void => {
    let w = w0,
      t = t0,
      p = p0;
    for (;;) {
      const b = inblossom[w];
      label[w] = label[b] = t;
      labelend[w] = labelend[b] = p;
      bestedge[w] = bestedge[b] = -1;
      if (t === 1) {
        leaves(b, queue);
        return;
      }
      const base = blossombase[b];
      const mb = mate[base];
      if (mb < 0) throw new Error("assignLabel: T-blossom base unmatched");
      w = endpoint[mb];
      t = 1;
      p = mb ^ 1;
    }
  };

  const scanBlossom = (v0: number, w0: number): number => {
    const path: number[] = [];
    let base = -1;
    let v = v0,
      w = w0;
    while (v !== -1 || w !== -1) {
      let b = inblossom[v];
      if (label[b] & 4) {
        base = blossombase[b];
        break;
      }
      path.push(b);
      label[b] = 5;
      if (labelend[b] === -1) v = -1;
      else {
        v = endpoint[labelend[b]];
        b = inblossom[v];
        v = endpoint[labelend[b]];
      }
      if (w !== -1) {
        const t = v;
        v = w;
        w = t;
      }
    }
    for (const b of path) label[b] = 1;
    return base;
  };

  const addBlossom = (base: number, k: number): void => {
    let v = endpoint[2 * k],
      w = endpoint[2 * k + 1];
    const bb = inblossom[base];
    let bv = inblossom[v],
      bw = inblossom[w];
    const b = unusedblossoms.pop()!;
    blossombase[b] = base;
    blossomparent[b] = -1;
    blossomparent[bb] = b;
    const path: number[] = [];
    const endps: number[] = [];
    while (bv !== bb) {
      blossomparent[bv] = b;
      path.push(bv);
      endps.push(labelend[bv]);
      v = endpoint[labelend[bv]];
      bv = inblossom[v];
    }
    path.push(bb);
    path.reverse();
    endps.reverse();
    endps.push(2 * k);
    while (bw !== bb) {
      blossomparent[bw] = b;
      path.push(bw);
      endps.push(labelend[bw] ^ 1);
      w = endpoint[labelend[bw]];
      bw = inblossom[w];
    }
    blossomchilds[b] = path;
    blossomendps[b] = endps;
    label[b] = 1;
    labelend[b] = labelend[bb];
    dualvar[b] = 0;
    for (const lv of leaves(b, [])) {
      if (label[inblossom[lv]] === 2) queue.push(lv);
      inblossom[lv] = b;
    }
    const touched: number[] = [];
    const consider = (kk: number) => {
      let j = endpoint[2 * kk + 1];
      if (inblossom[j] === b) j = endpoint[2 * kk];
      const bj = inblossom[j];
      if (bj !== b && label[bj] === 1) {
        const cur = bestedgeto[bj];
        if (cur === -1) {
          bestedgeto[bj] = kk;
          touched.push(bj);
        } else if (slack(kk) < slack(cur)) bestedgeto[bj] = kk;
      }
    };
    for (const sub of path) {
      const lists = blossombestedges[sub];
      if (lists === null) {
        for (const lv of leaves(sub, [])) for (let q = nbStart[lv]; q < nbStart[lv + 1]; q++) consider(neighbend[q] >> 1);
      } else for (const kk of lists) consider(kk);
      blossombestedges[sub] = null;
      bestedge[sub] = -1;
    }
    const list: number[] = [];
    for (const bj of touched) {
      list.push(bestedgeto[bj]);
      bestedgeto[bj] = -1;
    }
    blossombestedges[b] = list;
    let be = -1;
    for (const kk of list) if (be === -1 || slack(kk) < slack(be)) be = kk;
    bestedge[b] = be;
  };

  const expandBlossom = (b: number, endstage: boolean): void => {
    const childs = blossomchilds[b]!;
    for (const s of childs) {
      blossomparent[s] = -1;
      if (s < nv) inblossom[s] = s;
      else if (endstage && dualvar[s] === 0) expandBlossom(s, endstage);
      else for (const lv of leaves(s, [])) inblossom[lv] = s;
    }
    if (!endstage && label[b] === 2) {
      const endps = blossomendps[b]!;
      const L = childs.length;
      const at = (j: number) => childs[((j % L) + L) % L];
      const ep = (j: number) => endps[((j % L) + L) % L];
      const entrychild = inblossom[endpoint[labelend[b] ^ 1]];
      let j = childs.indexOf(entrychild);
      let jstep: number, endptrick: number;
      if (j & 1) {
        j -= L;
        jstep = 1;
        endptrick = 0;
      } else {
        jstep = -1;
        endptrick = 1;
      }
      let p = labelend[b];
      while (j !== 0) {
        label[endpoint[p ^ 1]] = 0;
        label[endpoint[ep(j - endptrick) ^ endptrick ^ 1]] = 0;
        assignLabel(endpoint[p ^ 1], 2, p);
        allowedge[ep(j - endptrick) >> 1] = 1;
        j += jstep;
        p = ep(j - endptrick) ^ endptrick;
        allowedge[p >> 1] = 1;
        j += jstep;
      }
      let bv = at(j);
      label[endpoint[p ^ 1]] = label[bv] = 2;
      labelend[endpoint[p ^ 1]] = labelend[bv] = p;
      bestedge[bv] = -1;
      j += jstep;
      while (at(j) !== entrychild) {
        bv = at(j);
        if (label[bv] === 1) {
          j += jstep;
          continue;
        }
        let found = -1;
        for (const lv of leaves(bv, []))
          if (label[lv] !== 0) {
            found = lv;
            break;
          }
        if (found !== -1) {
          label[found] = 0;
          label[endpoint[mate[blossombase[bv]]]] = 0;
          assignLabel(found, 2, labelend[found]);
        }
        j += jstep;
      }
    }
    label[b] = -1;
    labelend[b] = -1;
    blossomchilds[b] = null;
    blossomendps[b] = null;
    blossombase[b] = -1;
    blossombestedges[b] = null;
    bestedge[b] = -1;
    unusedblossoms.push(b);
  };

  const augmentBlossom = (b: number, v: number): void => {
    let t = v;
    while (blossomparent[t] !== b) t = blossomparent[t];
    if (t >= nv) augmentBlossom(t, v);
    const childs = blossomchilds[b]!,
      endps = blossomendps[b]!;
    const L = childs.length;
    const idx = (j: number) => ((j % L) + L) % L;
    const i = childs.indexOf(t);
    let j = i;
    let jstep: number, endptrick: number;
    if (i & 1) {
      j -= L;
      jstep = 1;
      endptrick = 0;
    } else {
      jstep = -1;
      endptrick = 1;
    }
    while (j !== 0) {
      j += jstep;
      t = childs[idx(j)];
      const p = endps[idx(j - endptrick)] ^ endptrick;
      if (t >= nv) augmentBlossom(t, endpoint[p]);
      j += jstep;
      t = childs[idx(j)];
      if (t >= nv) augmentBlossom(t, endpoint[p ^ 1]);
      mate[endpoint[p]] = p ^ 1;
      mate[endpoint[p ^ 1]] = p;
    }
    blossomchilds[b] = childs.slice(i).concat(childs.slice(0, i));
    blossomendps[b] = endps.slice(i).concat(endps.slice(0, i));
    blossombase[b] = blossombase[blossomchilds[b]![0]];
  };

  const augmentMatching = (k: number): void => {
    const pairs: [number, number][] = [
      [endpoint[2 * k], 2 * k + 1],
      [endpoint[2 * k + 1], 2 * k],
    ];
    for (let [s, p] of pairs) {
      for (;;) {
        const bs = inblossom[s];
        if (bs >= nv) augmentBlossom(bs, s);
        mate[s] = p;
        if (labelend[bs] === -1) break;
        const t = endpoint[labelend[bs]];
        const bt = inblossom[t];
        s = endpoint[labelend[bt]];
        const j = endpoint[labelend[bt] ^ 1];
        if (bt >= nv) augmentBlossom(bt, j);
        mate[j] = labelend[bt];
        p = labelend[bt] ^ 1;
      }
    }
  };

  for (let stage = 0; stage < nv; stage++) {
    label.fill(0);
    bestedge.fill(-1);
    for (let b = nv; b < N2; b++) blossombestedges[b] = null;
    allowedge.fill(0);
    queue.length = 0;
    for (let v = 0; v < nv; v++) if (mate[v] === -1 && label[inblossom[v]] === 0) assignLabel(v, 1, -1);
    let augmented = false;
    for (;;) {
      while (queue.length && !augmented) {
        const v = queue.pop()!;
        for (let q = nbStart[v]; q < nbStart[v + 1]; q++) {
          const p = neighbend[q];
          const k = p >> 1;
          const w = endpoint[p];
          if (inblossom[v] === inblossom[w]) continue;
          let kslack = 0;
          if (!allowedge[k]) {
            kslack = slack(k);
            if (kslack <= 0) allowedge[k] = 1;
          }
          if (allowedge[k]) {
            if (label[inblossom[w]] === 0) assignLabel(w, 2, p ^ 1);
            else if (label[inblossom[w]] === 1) {
              const base = scanBlossom(v, w);
              if (base >= 0) addBlossom(base, k);
              else {
                augmentMatching(k);
                augmented = true;
                break;
              }
            } else if (label[w] === 0) {
              label[w] = 2;
              labelend[w] = p ^ 1;
            }
          } else if (label[inblossom[w]] === 1) {
            const b = inblossom[v];
            if (bestedge[b] === -1 || kslack < slack(bestedge[b])) bestedge[b] = k;
          } else if (label[w] === 0) {
            if (bestedge[w] === -1 || kslack < slack(bestedge[w])) bestedge[w] = k;
          }
        }
      }
      if (augmented) break;
      let deltatype = -1,
        delta = 0,
        deltaedge = -1,
        deltablossom = -1;
      for (let v = 0; v < nv; v++) {
        if (label[inblossom[v]] === 0 && bestedge[v] !== -1) {
          const d = slack(bestedge[v]);
          if (deltatype === -1 || d < delta) {
            delta = d;
            deltatype = 2;
            deltaedge = bestedge[v];
          }
        }
      }
      for (let b = 0; b < N2; b++) {
        if (blossomparent[b] === -1 && label[b] === 1 && bestedge[b] !== -1) {
          const ks = slack(bestedge[b]);
          if (ks % 2 !== 0) throw new Error("internal: odd slack between S-blossoms");
          const d = ks / 2;
          if (deltatype === -1 || d < delta) {
            delta = d;
            deltatype = 3;
            deltaedge = bestedge[b];
          }
        }
      }
      for (let b = nv; b < N2; b++) {
        if (blossombase[b] >= 0 && blossomparent[b] === -1 && label[b] === 2 && (deltatype === -1 || dualvar[b] < delta)) {
          delta = dualvar[b];
          deltatype = 4;
          deltablossom = b;
        }
      }
      if (deltatype === -1) {
        deltatype = 1;
        let mn = Infinity;
        for (let v = 0; v < nv; v++) if (dualvar[v] < mn) mn = dualvar[v];
        delta = Math.max(0, mn);
      }
      for (let v = 0; v < nv; v++) {
        const l = label[inblossom[v]];
        if (l === 1) dualvar[v] -= delta;
        else if (l === 2) dualvar[v] += delta;
      }
      for (let b = nv; b < N2; b++) {
        if (blossombase[b] >= 0 && blossomparent[b] === -1) {
          if (label[b] === 1) dualvar[b] += delta;
          else if (label[b] === 2) dualvar[b] -= delta;
        }
      }
      if (deltatype === 1) break;
      else if (deltatype === 2) {
        allowedge[deltaedge] = 1;
        let i = endpoint[2 * deltaedge];
        if (label[inblossom[i]] === 0) i = endpoint[2 * deltaedge + 1];
        queue.push(i);
      } else if (deltatype === 3) {
        allowedge[deltaedge] = 1;
        queue.push(endpoint[2 * deltaedge]);
      } else expandBlossom(deltablossom, false);
    }
    if (!augmented) break;
    for (let b = nv; b < N2; b++) {
      if (blossomparent[b] === -1 && blossombase[b] >= 0 && label[b] === 1 && dualvar[b] === 0) expandBlossom(b, true);
    }
  }
  for (let v = 0; v < nv; v++) result[v] = mate[v] >= 0 ? endpoint[mate[v]] : -1;
  return result;
}
