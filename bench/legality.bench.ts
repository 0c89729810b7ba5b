/**
 * Legality benchmark (lib/decks). One iteration = parse two real `.ydk` texts
 * (windbot_AI_Brave 40/15/15 and windbot_AI_Ryzeal 40/15/15) + `checkTeam` under KONAMI_TAG_2019
 * with the EDOPro "2026.05 TCG" list and the full merged card DB (14,893 cards) — i.e. two
 * per-duelist checks plus the team rules. Single thread.
 *
 * Reported value: `legality.decklistsPerSecond` = team checks per second × 2 (two decklists per
 * team check). Target ≥ 10,000 team checks/s (= 20,000 decklists/s).
 * Reference (measured in the same run): the naive pipeline that re-parses the lflist text for
 * every check (so the per-banlist lookup table is rebuilt each time). ratio = value / reference.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { BenchResult } from "./run";
import { CardIndex, readCdb } from "../lib/decks/cdb";
import { sqlWasmBinary } from "../lib/server/sqlWasm";
import { checkTeam } from "../lib/decks/legality";
import { parseLflist } from "../lib/decks/lflist";
import { parseYdk } from "../lib/decks/parse/ydk";
import type { YgoDeck } from "../lib/decks/types";
import { PRESETS } from "../lib/formats/presets";

const DATA = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../../shared/data");
const read = (...p: string[]) => readFileSync(path.join(DATA, ...p));

function measure(fn: () => void, minMs: number): number {
  for (let i = 0; i < 200; i++) fn(); // warm-up
  let iters = 0;
  const t0 = performance.now();
  let t = t0;
  while (t - t0 < minMs) {
    for (let i = 0; i < 100; i++) fn();
    iters += 100;
    t = performance.now();
  }
  return (iters * 1000) / (t - t0);
}

export async function run(): Promise<BenchResult[]> {
  const cards = new CardIndex(
    await readCdb(new Uint8Array(read("cards", "edopro_cards_merged_2026-08-22.cdb")), { wasmBinary: await sqlWasmBinary() }),
  );
  const lflText = read("banlists", "ygo_edopro_TCG_2026.05.lflist.conf").toString("utf8");
  const lfl = parseLflist(lflText);
  if (!lfl.ok) throw new Error("lflist");
  const banlist = lfl.banlists[0];
  const a = read("decks", "ydk", "windbot_AI_Brave.ydk").toString("utf8");
  const b = read("decks", "ydk", "windbot_AI_Ryzeal.ydk").toString("utf8");
  const preset = PRESETS.KONAMI_TAG_2019;

  let sink = 0;
  const parse = (t: string): YgoDeck => {
    const r = parseYdk(t);
    if (!r.ok) throw new Error("parse");
    return r.deck;
  };
  const fast = () => {
    const res = checkTeam([parse(a), parse(b)], { preset, banlist, cards });
    sink += res.violations.length;
  };
  const naive = () => {
    const l = parseLflist(lflText);
    if (!l.ok) throw new Error("lflist");
    const res = checkTeam([parse(a), parse(b)], { preset, banlist: l.banlists[0], cards });
    sink += res.violations.length;
  };
  const teamPerSec = measure(fast, 2000);
  const naivePerSec = measure(naive, 1500);
  if (sink < 0) console.log(sink);
  const value = Math.round(teamPerSec * 2);
  const ref = Math.round(naivePerSec * 2);
  return [
    {
      name: "legality.decklistsPerSecond",
      value,
      unit: "decklists/s",
      reference: "naive: re-parse the 2026.05 TCG lflist (and rebuild its lookup table) for every team check",
      referenceValue: ref,
      ratio: Math.round((value / ref) * 100) / 100,
      notes:
        `value = team checks/s × 2 (${Math.round(teamPerSec)} team checks/s; target ≥ 10,000). One team check = parse ` +
        "windbot_AI_Brave.ydk + windbot_AI_Ryzeal.ydk, checkTeam under KONAMI_TAG_2019 + 2026.05 TCG, full card DB (14,893 " +
        "cards), one core.",
    },
  ];
}
