/**
 * Issue #12 "Embedded database": `.env` (NEXTAUTH_SECRET, which signs every session) is written
 * 0600 and an existing world-readable one is tightened (scripts/env-file.mjs); the app's watchdog
 * (lib/db/watchdog.ts) notices within its interval that the database process is gone.
 */
import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error plain .mjs script without type declarations
import { ensureEnvSecret } from "../../scripts/env-file.mjs";
import { processAlive, watchEmbeddedDatabase } from "@/lib/db/watchdog";

const tmp = mkdtempSync(path.join(os.tmpdir(), "tandem-env-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const mode = (f: string) => statSync(f).mode & 0o777;

describe(".env is private to its owner", () => {
  it("a new .env gets a 256-bit NEXTAUTH_SECRET and mode 0600", () => {
    const f = path.join(tmp, "new.env");
    expect(ensureEnvSecret(f)).toEqual({ wroteSecret: true, tightened: false });
    expect(mode(f)).toBe(0o600);
    expect(readFileSync(f, "utf8")).toMatch(/^NEXTAUTH_SECRET=[A-Za-z0-9_-]{43}\n$/);
  });

  it("an existing world-readable .env is tightened to 0600, its lines kept, a missing secret appended", () => {
    const f = path.join(tmp, "old.env");
    writeFileSync(f, "PORT=4000");
    chmodSync(f, 0o644);
    expect(ensureEnvSecret(f)).toEqual({ wroteSecret: true, tightened: true });
    expect(mode(f)).toBe(0o600);
    expect(readFileSync(f, "utf8")).toMatch(/^PORT=4000\nNEXTAUTH_SECRET=\S{43}\n$/);
    const secret = readFileSync(f, "utf8");
    chmodSync(f, 0o664);
    expect(ensureEnvSecret(f)).toEqual({ wroteSecret: false, tightened: true });
    expect(readFileSync(f, "utf8")).toBe(secret); // the secret is never replaced
    expect(ensureEnvSecret(f)).toEqual({ wroteSecret: false, tightened: false });
  });
});

describe("embedded database watchdog", () => {
  it("calls exit once the database process is killed, not while it runs", async () => {
    const db = spawn("sleep", ["30"], { stdio: "ignore" });
    await new Promise((r) => db.once("spawn", r));
    let exitedAt = 0;
    const stop = watchEmbeddedDatabase(db.pid, 100, () => {
      exitedAt = Date.now();
    });
    await new Promise((r) => setTimeout(r, 350));
    expect(exitedAt).toBe(0);
    const killedAt = Date.now();
    db.kill("SIGKILL");
    await new Promise((r) => db.once("exit", r));
    for (let i = 0; i < 50 && !exitedAt; i++) await new Promise((r) => setTimeout(r, 100));
    stop();
    expect(processAlive(db.pid!)).toBe(false);
    expect(exitedAt).toBeGreaterThanOrEqual(killedAt);
  });
});
