/**
 * Automatic backups (issue #17): after each round closes, the event's archive
 * (lib/server/interop/archive.ts) is written to BACKUP_DIR — `.data/backups/` under the working
 * folder, or TANDEM_BACKUP_DIR — as `<eventId>-<UTC time>-r<round>.tandem.json`; the newest
 * BACKUPS_KEPT (20) files of each event are kept. It runs after the close committed, off the
 * request (setImmediate): a failing backup is logged and never fails or slows the close.
 * TANDEM_BACKUP_DIR=off turns backups off (the unit and integration tests do).
 */
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { exportEventArchive } from "./archive";

/** Backups kept per event (older ones are deleted after each new one). */
export const BACKUPS_KEPT = 20;

/** The backup folder: TANDEM_BACKUP_DIR, else `.data/backups` in the working folder. */
export function backupDir(): string {
  return path.resolve(process.env.TANDEM_BACKUP_DIR ?? path.join(".data", "backups"));
}

/**
 * Writes the archive of `eventId` after round `roundNumber` closed, then deletes the event's
 * backups beyond the newest BACKUPS_KEPT. Returns the file written. Throws on a write error.
 */
export async function writeRoundBackup(eventId: string, roundNumber: number, now = new Date()): Promise<string> {
  const { body } = await exportEventArchive(eventId);
  const dir = backupDir();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stamp = now.toISOString().replace(/[-:]/g, "").replace(".", "");
  const file = path.join(dir, `${eventId}-${stamp}-r${String(roundNumber).padStart(2, "0")}.tandem.json`);
  const tmp = `${file}.tmp`;
  writeFileSync(tmp, body, { mode: 0o600 }); // the archive holds unpublished decklists
  renameSync(tmp, file);
  const mine = readdirSync(dir)
    .filter((f) => f.startsWith(`${eventId}-`) && f.endsWith(".tandem.json"))
    .sort();
  for (const old of mine.slice(0, Math.max(0, mine.length - BACKUPS_KEPT))) rmSync(path.join(dir, old), { force: true });
  return file;
}

/** Backups started and not finished yet (tests await them). */
const pending = new Set<Promise<unknown>>();

/** Schedules {@link writeRoundBackup} after the current request; errors are logged, never thrown. */
export function scheduleRoundBackup(eventId: string, roundNumber: number): void {
  if (process.env.TANDEM_BACKUP_DIR === "off") return;
  const p = new Promise<void>((resolve) =>
    setImmediate(() =>
      writeRoundBackup(eventId, roundNumber)
        .catch((e) => console.error(`[backup] event ${eventId} round ${roundNumber}: ${(e as Error).message ?? e}`))
        .finally(resolve),
    ),
  );
  pending.add(p);
  void p.finally(() => pending.delete(p));
}

/** Resolves when every scheduled backup has finished (written or logged). */
export async function backupsSettled(): Promise<void> {
  while (pending.size) await Promise.all([...pending]);
}
