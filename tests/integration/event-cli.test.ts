/**
 * Issue #17 command lines, spawned as `npm run event:export` / `event:import` run them (through
 * scripts/with-db.mjs, on this file's Postgres database): an ambiguous event name lists the
 * matching ids and exits 1; an unknown format exits 1 with the known list; an export by name
 * writes the archive's bytes; import creates a new event and prints the report; a truncated file
 * is refused with the reason and exit 1, nothing saved.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "./db";
import { makeUser, must, registerTeams } from "./fixtures";
import { db } from "@/lib/db";
import { exportEventArchive } from "@/lib/server/interop/archive";

const url = await useTestDatabase();
const root = path.resolve(import.meta.dirname, "../..");
const tmp = mkdtempSync(path.join(os.tmpdir(), "tandem-event-cli-"));

/** Runs scripts/<script>.ts through with-db (migrations already applied by the test database). */
function cli(script: string, args: string[]) {
  const r = spawnSync(
    process.execPath,
    ["scripts/with-db.mjs", "--no-deploy", "node", "--import", "tsx", `scripts/${script}.ts`, ...args],
    {
      cwd: root,
      env: { ...process.env, DATABASE_URL: url },
      encoding: "utf8",
      timeout: 120_000,
    },
  );
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe("event:export and event:import (issue #17)", () => {
  it("an ambiguous name lists the ids and exits 1; an unknown format exits 1 with the known list; export → import by file", async () => {
    const organizer = await makeUser("cli-to", { organizer: true });
    const ids: string[] = [];
    for (const name of ["Regional", "Regional", "Store Tag"]) {
      const { eventId } = await must<{ eventId: string }>("createEvent", organizer, { name, formatPreset: "KONAMI_TAG_2019" });
      ids.push(eventId);
    }
    await registerTeams(ids[2], organizer, 3, "C");

    const ambiguous = cli("event-export", ["regional"]);
    expect(ambiguous.code).toBe(1);
    expect(ambiguous.err).toContain('2 events are named "regional"');
    expect(ambiguous.err).toContain(ids[0]);
    expect(ambiguous.err).toContain(ids[1]);

    const unknown = cli("event-export", ["Store Tag", "--format", "xml"]);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('Unknown format "xml". Known formats: json');

    const file = path.join(tmp, "store.json");
    const exported = cli("event-export", ["Store", "Tag", "--out", file]);
    expect(exported.code).toBe(0);
    expect(readFileSync(file, "utf8")).toBe((await exportEventArchive(ids[2])).body);

    const imported = cli("event-import", [file]);
    expect(imported.err).not.toContain("Error");
    expect(imported.code).toBe(0);
    expect(imported.out).toMatch(/imported "Store Tag" as event \S+: 3 teams, 6 duelists, 0 rounds/);
    expect(await db().event.count({ where: { name: "Store Tag" } })).toBe(2);

    const cut = path.join(tmp, "cut.json");
    writeFileSync(cut, readFileSync(file, "utf8").slice(0, 900));
    const refused = cli("event-import", [cut]);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/Nothing was imported:[\s\S]*truncated/);
    expect(await db().event.count({ where: { name: "Store Tag" } })).toBe(2);
  });
});
