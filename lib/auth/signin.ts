/**
 * One sign-in attempt (issue #10): limiter → bcrypt (the same cost for unknown usernames) →
 * record the outcome. The next-auth route (app/api/auth/[...nextauth]/route.ts) calls it before
 * next-auth runs and answers 429 itself; next-auth's `authorize` only accepts what it decided.
 */
import { db } from "@/lib/db";
import { BusyError, checkSecret } from "./passwords";
import { checkLimit, limiterAddress, releaseAttempt, recordSuccess, SIGNIN_IN_FLIGHT_PER_ADDRESS } from "@/lib/server/http/limiter";

const inFlight = new Map<string, number>();

export type SignInOutcome =
  { status: 200; user: { id: string; name: string; sessionVersion: number } } | { status: 401 } | { status: 429; retryAfterSec: number };

/**
 * @param username as typed (trimmed and lower-cased here)
 * @param address  the client address (lib/server/http/clientAddress.ts)
 * @returns 200 with the user, 401 (wrong name or password; same time either way), or 429 with
 *   the seconds to wait (limiter; more than SIGNIN_IN_FLIGHT_PER_ADDRESS attempts of this address
 *   at once: 1 s; the bcrypt queue is full: 2 s).
 */
export async function attemptSignIn(username: string, password: string, address: string, now = Date.now()): Promise<SignInOutcome> {
  const account = username.trim().toLowerCase().slice(0, 64);
  if (!account || !password || password.length > 200) return { status: 401 };
  const slot = limiterAddress(address); // an IPv6 /64 shares one in-flight count
  const busy = inFlight.get(slot) ?? 0;
  if (busy >= SIGNIN_IN_FLIGHT_PER_ADDRESS) return { status: 429, retryAfterSec: 1 };
  inFlight.set(slot, busy + 1);
  try {
    return await attempt(account, password, address, now);
  } finally {
    const left = (inFlight.get(slot) ?? 1) - 1;
    if (left <= 0) inFlight.delete(slot);
    else inFlight.set(slot, left);
  }
}

async function attempt(account: string, password: string, address: string, now: number): Promise<SignInOutcome> {
  const keys = { account, address };
  const verdict = await checkLimit("signin", keys, now);
  if (!verdict.ok) return { status: 429, retryAfterSec: verdict.retryAfterSec };
  // checkLimit counted this attempt as a failure already: a wrong password leaves it counted.
  let ok: boolean;
  let user: { id: string; displayName: string; passwordHash: string | null; sessionVersion: number } | null;
  try {
    user = await db().user.findUnique({
      where: { username: account },
      select: { id: true, displayName: true, passwordHash: true, sessionVersion: true },
    });
    ok = await checkSecret(password, user?.passwordHash);
  } catch (e) {
    await releaseAttempt("signin", keys);
    if (e instanceof BusyError) return { status: 429, retryAfterSec: 2 };
    throw e;
  }
  if (!ok || !user) return { status: 401 };
  await recordSuccess("signin", keys);
  return { status: 200, user: { id: user.id, name: user.displayName, sessionVersion: user.sessionVersion } };
}
