/**
 * Session versions (issue #10): a JWT carries the user's `sessionVersion` from sign-in time; it
 * is honoured only while the user's stored version is the same. Sign-out, password reset or
 * change, an admin reset and removal from an event's staff add 1: every session ends at once.
 *
 * Reads of a live phone's own data (its event stream, its team card: issue #15) may use a check at
 * most {@link SESSION_TRUST_MS} old ({@link sessionIsCurrentTrusted}). The checks come from those
 * reads and from the live hub's periodic check of every signed-in stream of the process
 * ({@link noteSessionsChecked}), so at a 750-team event a phone's card refetch rarely needs its own
 * query. Mutations and pages always check fresh ({@link sessionIsCurrent}).
 */
import type { Db, Tx } from "@/lib/db";

/** How long a session-version check of a user is trusted for live reads (ms): a revoked session reads its own card this long at most. */
export const SESSION_TRUST_MS = 2_500;
/** Trusted checks kept per process (the oldest go first). */
const MAX_TRUSTED = 20_000;

const g = globalThis as unknown as { tandemSessionChecks?: Map<string, number> };
/** `userId|sv` → when that version was last seen current (ms since the epoch). */
const checked = (g.tandemSessionChecks ??= new Map());

/** True when a session of `userId` minted with version `sv` (missing = 0) is still valid. */
export async function sessionIsCurrent(client: Db | Tx, userId: string, sv: number | undefined): Promise<boolean> {
  const row = await client.user.findUnique({ where: { id: userId }, select: { sessionVersion: true } });
  const ok = Boolean(row) && row!.sessionVersion === (sv ?? 0);
  if (ok) noteSessionsChecked([[userId, sv ?? 0]]);
  else checked.delete(`${userId}|${sv ?? 0}`);
  return ok;
}

/**
 * {@link sessionIsCurrent} for a live read: answered without a query when `userId` at version `sv`
 * was seen current within {@link SESSION_TRUST_MS}.
 */
export async function sessionIsCurrentTrusted(client: Db | Tx, userId: string, sv: number | undefined): Promise<boolean> {
  const at = checked.get(`${userId}|${sv ?? 0}`);
  if (at !== undefined && Date.now() - at < SESSION_TRUST_MS) return true;
  return sessionIsCurrent(client, userId, sv);
}

/** Records that each `[userId, sessionVersion]` was read current just now (the hub's check of its streams). */
export function noteSessionsChecked(current: Iterable<readonly [string, number]>): void {
  const now = Date.now();
  for (const [userId, sv] of current) {
    const key = `${userId}|${sv}`;
    checked.delete(key);
    checked.set(key, now);
  }
  while (checked.size > MAX_TRUSTED) checked.delete(checked.keys().next().value!);
}

/**
 * Forgets the trusted checks of `userId` (this process just bumped its session version: its next live
 * read checks again). Other processes keep theirs for at most {@link SESSION_TRUST_MS}.
 */
export function forgetSessionChecks(userId: string): void {
  const prefix = `${userId}|`;
  for (const k of [...checked.keys()]) if (k.startsWith(prefix)) checked.delete(k);
}

/** Test hook: forgets every trusted check. */
export function clearSessionChecks(): void {
  checked.clear();
}
