/**
 * Check-in codes (issue #16), neither of them stored:
 * - the big-screen code: `<slot>-<mac>` where slot = lib/venue/rules checkInSlot (60 s) and mac =
 *   the first 20 hex digits (80 bits) of HMAC-SHA-256(server secret, "checkin-screen:<event>:<slot>");
 *   accepted while lib/venue/rules slotAccepted (younger than 2 minutes). A code of another event
 *   or a forged mac fails the HMAC check.
 * - the printed per-team code: 10 symbols from the 31-symbol receipt alphabet (no 0/O/1/I/L), from
 *   HMAC-SHA-256(server secret, "checkin-team:<team>"), shown as `XXXXX-XXXXX`. A duelist types it
 *   for their own team only (so each guess is tested against one code); the limiter bucket
 *   "checkin" bounds the guesses (lib/server/http/limiter.ts).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { serverSecret } from "@/lib/auth/passwords";
import { checkInSlot, slotAccepted } from "@/lib/venue/rules";

const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
/** Symbols of the printed team code (31^10 ≈ 8.2e14 codes). */
export const TEAM_CODE_LENGTH = 10;
export const TEAM_CODE_SPACE = ALPHABET.length ** TEAM_CODE_LENGTH;

function mac(text: string, secret: string): Buffer {
  return createHmac("sha256", secret).update(text).digest();
}

/** The big-screen code of `eventId` for the slot containing `nowMs`. */
export function screenCode(eventId: string, nowMs: number, secret = serverSecret()): string {
  const slot = checkInSlot(nowMs);
  return `${slot.toString(36)}-${mac(`checkin-screen:${eventId}:${slot}`, secret).toString("hex").slice(0, 20)}`;
}

/**
 * Checks a big-screen code: "ok", "expired" (a real code of this event older than 2 minutes, or
 * from the future) or "invalid" (malformed, another event's, forged).
 */
export function checkScreenCode(eventId: string, code: string, nowMs: number, secret = serverSecret()): "ok" | "expired" | "invalid" {
  const m = /^([0-9a-z]{1,12})-([0-9a-f]{20})$/.exec(code.trim().toLowerCase());
  if (!m) return "invalid";
  const slot = parseInt(m[1], 36);
  const want = mac(`checkin-screen:${eventId}:${slot}`, secret).subarray(0, 10);
  if (!timingSafeEqual(want, Buffer.from(m[2], "hex"))) return "invalid";
  return slotAccepted(slot, nowMs) ? "ok" : "expired";
}

/** The printed check-in code of a team (deterministic: the same on every print). */
export function teamCheckInCode(teamId: string, secret = serverSecret()): string {
  const bytes = mac(`checkin-team:${teamId}`, secret);
  // 10 symbols from 62 bits of the mac (31^10 < 2^50): little bias, no retries needed.
  let n = bytes.readBigUInt64BE(0) >> 2n;
  let s = "";
  for (let i = 0; i < TEAM_CODE_LENGTH; i++) {
    s += ALPHABET[Number(n % 31n)];
    n /= 31n;
  }
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

/** Whether a typed code is the team's printed code (case, spaces and dashes ignored; constant time). */
export function checkTeamCode(teamId: string, typed: string, secret = serverSecret()): boolean {
  const want = Buffer.from(teamCheckInCode(teamId, secret).replace("-", ""));
  const got = Buffer.from(typed.toUpperCase().replace(/[^0-9A-Z]/g, ""));
  return got.length === want.length && timingSafeEqual(got, want);
}
