/**
 * Claim codes (issue #10): a duelist's one-time code on the registration receipt.
 * - Stored as HMAC-SHA-256 under the server secret (`Duelist.claimCodeHash`, unique index: one
 *   lookup, no scan); the plaintext exists only in the action's answer that prints the receipt.
 * - Expiry, "the end of the event" (lib/accounts/claimExpiry.ts): when the event has a date
 *   (`Event.startsOn`), the end of that day in the event's time zone; without a date, at most
 *   CLAIM_CODE_DAYS (7) days after it was printed (`Duelist.claimExpiresAt`). Either way no code
 *   works once the event is FINISHED. Reprinting a receipt issues a new code (a new 7-day window
 *   for an undated event) and voids the old one.
 * - Attempts: wrong codes count against the client address in the limiter (bucket "claim").
 */
import { db, type Tx } from "@/lib/db";
import { claimCodeHash, newCode } from "@/lib/auth/passwords";
import { claimCodeExpiry } from "@/lib/accounts/claimExpiry";

export const CLAIM_CODE_DAYS = 7;

/** A fresh code: the plaintext (print it once), its stored hash and expiry. */
export function freshClaimCode(now = Date.now()): { code: string; claimCodeHash: string; claimExpiresAt: Date } {
  const code = newCode();
  return { code, claimCodeHash: claimCodeHash(code), claimExpiresAt: new Date(now + CLAIM_CODE_DAYS * 24 * 3600_000) };
}

/**
 * The unclaimed duelist whose code this is, when the code still works at `now`; null otherwise
 * (unknown, already used, expired, or the event is finished).
 */
export async function findClaimable(tx: Tx, code: string, now = new Date()) {
  const d = await tx.duelist.findUnique({
    where: { claimCodeHash: claimCodeHash(code) },
    include: { event: { select: { status: true, startsOn: true, timeZone: true } } },
  });
  if (!d || d.userId || d.event.status === "FINISHED") return null;
  const expiry = claimCodeExpiry(d.event, d.claimExpiresAt);
  if (!expiry || expiry <= now) return null;
  return d;
}

/**
 * Moves plaintext codes stored before issue #10 (column "claimCode") to their HMAC and clears
 * them. Idempotent; run at server start (instrumentation.ts). Returns how many were moved.
 */
export async function hashLegacyClaimCodes(): Promise<number> {
  const rows = await db().duelist.findMany({
    where: { legacyClaimCode: { not: null } },
    select: { id: true, legacyClaimCode: true, claimExpiresAt: true },
  });
  for (const r of rows) {
    await db().duelist.update({
      where: { id: r.id },
      data: {
        legacyClaimCode: null,
        claimCodeHash: claimCodeHash(r.legacyClaimCode!),
        claimExpiresAt: r.claimExpiresAt ?? new Date(Date.now() + CLAIM_CODE_DAYS * 24 * 3600_000),
      },
    });
  }
  return rows.length;
}
