/**
 * Issue #17 backups: closing a round writes the event's archive to the backup folder after the
 * close committed (the newest BACKUPS_KEPT = 20 per event are kept); a backup folder that cannot
 * be written is logged and the close still succeeds.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "./db";
import { makeEvent, must, registerTeams } from "./fixtures";
import { db } from "@/lib/db";
import { BACKUPS_KEPT, backupsSettled } from "@/lib/server/interop/backups";
import type { EventArchive } from "@/lib/archive/schema";

await useTestDatabase();

async function playRound(ev: { organizer: string; judge: string; eventId: string }, seed: string) {
  const { roundId } = await must<{ roundId: string }>("pairNextRound", ev.organizer, { eventId: ev.eventId, seed });
  await must("publishRound", ev.organizer, { roundId });
  for (const m of await db().match.findMany({ where: { roundId, outcome: null } }))
    await must("reportResult", ev.judge, { roundId, matchId: m.id, result: "team1" });
  await must("closeRound", ev.organizer, { roundId });
}

describe("a backup after each round closes (issue #17)", () => {
  it("closing round 1 writes the archive with round 1 CLOSED; older backups beyond 20 are deleted", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "tandem-backups-"));
    process.env.TANDEM_BACKUP_DIR = dir;
    const ev = await makeEvent("bk");
    await registerTeams(ev.eventId, ev.judge, 4, "B");
    // 25 older backups of this event, and one of another event that must stay.
    for (let i = 0; i < 25; i++)
      writeFileSync(path.join(dir, `${ev.eventId}-20260101T0000${String(i).padStart(2, "0")}000Z-r01.tandem.json`), "{}");
    writeFileSync(path.join(dir, "other-20260101T000000000Z-r01.tandem.json"), "{}");
    await playRound(ev, "bk-1");
    await backupsSettled();
    const mine = readdirSync(dir)
      .filter((f) => f.startsWith(ev.eventId))
      .sort();
    expect(mine).toHaveLength(BACKUPS_KEPT);
    expect(readdirSync(dir)).toContain("other-20260101T000000000Z-r01.tandem.json");
    const newest = JSON.parse(readFileSync(path.join(dir, mine.at(-1)!), "utf8")) as EventArchive;
    expect(mine.at(-1)).toMatch(/-r01\.tandem\.json$/);
    expect(newest.rounds).toMatchObject([{ number: 1, status: "CLOSED" }]);
    expect(newest.audit.at(-1)!.action).toBe("round.close");
  });

  it("a backup folder that cannot be written is logged; the close succeeds", async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), "tandem-backups-")), "a-file");
    writeFileSync(file, "");
    process.env.TANDEM_BACKUP_DIR = path.join(file, "sub"); // a folder inside a file: mkdir fails
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const ev = await makeEvent("bkfail");
    await registerTeams(ev.eventId, ev.judge, 2, "F");
    await playRound(ev, "bkfail-1");
    await backupsSettled();
    expect((await db().round.findFirstOrThrow({ where: { eventId: ev.eventId } })).status).toBe("CLOSED");
    expect(logged.mock.calls.some((c) => String(c[0]).startsWith(`[backup] event ${ev.eventId} round 1`))).toBe(true);
    logged.mockRestore();
  });
});
