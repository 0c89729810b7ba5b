/** Test helpers for tests/decks: paths into ../shared/data and a once-per-process card DB load. */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { CardIndex, readCdb } from "../../lib/decks/cdb";
import type { CardRecord } from "../../lib/decks/types";
import { sqlWasmBinary } from "../../lib/server/sqlWasm";

export const DATA = path.resolve(import.meta.dirname, "../../../shared/data");
export const dataPath = (...p: string[]) => path.join(DATA, ...p);
export const readText = (...p: string[]) => readFileSync(dataPath(...p), "utf8");
export const readBytes = (...p: string[]) => new Uint8Array(readFileSync(dataPath(...p)));
export const listDir = (...p: string[]) => readdirSync(dataPath(...p)).sort();

let merged: Promise<{ records: CardRecord[]; index: CardIndex }> | null = null;
/** The merged 2026-08-22 card DB (14,893 cards), loaded once per test file. */
export function loadMergedCards(): Promise<{ records: CardRecord[]; index: CardIndex }> {
  merged ??= sqlWasmBinary()
    .then((wasmBinary) => readCdb(readBytes("cards", "edopro_cards_merged_2026-08-22.cdb"), { wasmBinary }))
    .then((records) => ({ records, index: new CardIndex(records) }));
  return merged;
}
