// The gitignored `.env` of `npm start` (scripts/start.mjs step 2): holds NEXTAUTH_SECRET, which
// signs every session, so it is private to its owner (issue #12 "Embedded database"): created
// mode 0600, and an existing file readable or writable by group/others is tightened to 0600.
import { randomBytes } from "node:crypto";
import { appendFileSync, chmodSync, existsSync, readFileSync, statSync } from "node:fs";

/**
 * Makes sure `file` has a NEXTAUTH_SECRET line (32 random bytes, base64url; appended, other lines
 * kept) and mode 0600. Returns what it did: { wroteSecret, tightened } (tightened = the old mode
 * let group/others in, e.g. 0644 → 0600).
 */
export function ensureEnvSecret(file = ".env") {
  const env = existsSync(file) ? readFileSync(file, "utf8") : "";
  let wroteSecret = false,
    tightened = false;
  if (existsSync(file) && (statSync(file).mode & 0o077) !== 0) {
    chmodSync(file, 0o600);
    tightened = true;
  }
  if (!/^NEXTAUTH_SECRET=/m.test(env)) {
    const line = `NEXTAUTH_SECRET=${randomBytes(32).toString("base64url")}\n`;
    appendFileSync(file, (env && !env.endsWith("\n") ? "\n" : "") + line, { mode: 0o600 });
    chmodSync(file, 0o600);
    wroteSecret = true;
  }
  return { wroteSecret, tightened };
}
