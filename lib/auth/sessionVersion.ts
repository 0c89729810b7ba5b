/**
 * Session versions (issue #10): a JWT carries the user's `sessionVersion` from sign-in time; it
 * is honoured only while the user's stored version is the same. Sign-out, password reset or
 * change, an admin reset and removal from an event's staff add 1: every session ends at once.
 */
import type { Db, Tx } from "@/lib/db";

/** True when a session of `userId` minted with version `sv` (missing = 0) is still valid. */
export async function sessionIsCurrent(client: Db | Tx, userId: string, sv: number | undefined): Promise<boolean> {
  const row = await client.user.findUnique({ where: { id: userId }, select: { sessionVersion: true } });
  return Boolean(row) && row!.sessionVersion === (sv ?? 0);
}
