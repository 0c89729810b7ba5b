/**
 * The card-file reader outside the request thread (issue #12 "Card files"): a read that takes
 * longer than its time limit kills the worker and is refused; the next file gets a new worker.
 * YGOPRODeck JSON ids outside 1 … 2,147,483,647 are refused naming the entry.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CdbReadFailed, readCdbInWorker, stopCdbWorker } from "@/lib/server/write/cardFiles";
import { readCardFile } from "@/lib/server/write/cardImport";
import { ActionError } from "@/lib/errors";

const merged = new Uint8Array(
  readFileSync(path.resolve(import.meta.dirname, "../../../shared/data/cards/edopro_cards_merged_2026-08-22.cdb")),
);

afterAll(() => stopCdbWorker());

describe("card files are read in a worker with a time limit", () => {
  it("the merged EDOPro .cdb reads in the worker: 14,893 rows", async () => {
    const r = await readCdbInWorker(merged);
    expect(r.ok && r.passcodes.length).toBe(14_893);
  });

  it("a read over its time limit is refused (the worker is killed) and the next read starts a new worker", async () => {
    await expect(readCdbInWorker(merged, 1)).rejects.toBeInstanceOf(CdbReadFailed);
    await expect(readCdbInWorker(merged, 1)).rejects.toMatchObject({ reason: "timeout" });
    const again = await readCdbInWorker(merged);
    expect(again.ok).toBe(true);
  });

  it("YGOPRODeck JSON with id 4127313695 is refused naming the entry", async () => {
    const json = JSON.stringify({
      data: [
        { id: 89631139, name: "Blue-Eyes White Dragon", frameType: "normal" },
        { id: 4127313695, name: "Too Big", frameType: "effect" },
      ],
    });
    const err = await readCardFile(new TextEncoder().encode(json), "cards.json").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ActionError);
    expect(err).toMatchObject({ code: "CDB_REFUSED", field: "bytes", params: { what: "BAD_PASSCODE", row: 2, id: "4127313695" } });
  });
});
