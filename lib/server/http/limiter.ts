/**
 * The one limiter (issue #10) for sign-in, reset codes, claim codes and, later, invite codes and
 * read-API calls. Counters live in the database (table RateCounter), so they hold across several
 * app servers on one database. Every threshold is in {@link LIMITS}; nothing else in the code
 * hard-codes a number.
 *
 * Model: fixed windows per key. A key counts FAILED attempts (wrong password, unknown code)
 * starting at the first failure; the window ends `windowMs` later and then the count starts
 * over, so no lock lasts longer than one window (15 minutes). Each attempt is counted when it is
 * let through (atomically, so a parallel burst cannot pass the check all at once) and taken back
 * when it turns out right or is refused for another reason; refused attempts are not counted.
 * Correct attempts are never counted: 1,500 correct sign-ins from one address (a venue behind one
 * NAT) within 10 minutes all succeed.
 *
 * Keys: per account+address (`pair`), per account from any address (`account`), per address
 * (`address`; an IPv6 address counts by its /64, {@link limiterAddress}). Accounts are named by the typed username (known or not, so
 * unknown names are limited the same way).
 */
import { isIPv6 } from "node:net";
import { db } from "@/lib/db";

const MIN = 60_000;

export type LimitBucket = "signin" | "reset" | "claim" | "password" | "invite" | "lookup" | "checkin" | "api";

export interface BucketLimits {
  /** Failures for one account from one address before that address is refused for the account. */
  pair?: { max: number; windowMs: number };
  /**
   * Failures for one account from all addresses before the account is slowed: then attempts
   * from addresses that are not locked get one attempt per `slowEveryMs` (shared by all).
   */
  account?: { max: number; windowMs: number; slowEveryMs: number };
  /** Failures from one address (any account, any code) before that address is refused. */
  address?: { max: number; windowMs: number };
}

/**
 * Thresholds (issue #10 numbers):
 * - signin: 54 wrong passwords for one account from one address within 15 min → the 55th attempt
 *   from that address is refused (429 + retry time) even with the right password; other
 *   addresses still sign in, one attempt per 10 s for that account; 600 wrong passwords from one
 *   address (any usernames: spraying) within 15 min → that address is refused.
 * - password (change password, old password check): like signin, per account.
 * - reset: 10 wrong codes for one username from one address, 30 from one address, per 15 min.
 *   (Each open code also dies after RESET_CODE_MAX_ATTEMPTS wrong guesses: lib/server/actions/accounts.ts.)
 * - claim: 30 wrong claim codes from one address per 15 min (codes have ~39 bits: at that rate a
 *   guess succeeds once in ~10^8 years of trying per address).
 * - invite (issue #16 typed partner codes, lib/accounts/inviteCodes.ts): 10 wrong codes from one
 *   address per 15 min; per event ("account" = the event id) 30 wrong codes from all addresses per
 *   15 min, then one attempt per minute shared by all (the per-code cap: every code of the event shares it).
 * - lookup (issue #16 judge looks up a Player ID): 60 unknown IDs per judge per 15 min, then one per 5 s.
 * - checkin (issue #16, the printed per-team check-in code, 31^10 codes; a duelist types it for
 *   their own team only): 30 wrong codes from one address per 15 min; per team (account key = the
 *   team id) 10 wrong codes per 15 min, then one attempt per 60 s shared by every client.
 * - api (issue #17 read API, lib/server/http/api.ts): EVERY call counts (the API never takes a call
 *   back): 600 calls from one address per minute (10/s sustained; a 304 counts too).
 */
export const LIMITS: Record<LimitBucket, BucketLimits> = {
  signin: {
    pair: { max: 54, windowMs: 15 * MIN },
    account: { max: 54, windowMs: 15 * MIN, slowEveryMs: 10_000 },
    address: { max: 600, windowMs: 15 * MIN },
  },
  password: { pair: { max: 54, windowMs: 15 * MIN }, account: { max: 54, windowMs: 15 * MIN, slowEveryMs: 10_000 } },
  reset: { pair: { max: 10, windowMs: 15 * MIN }, address: { max: 30, windowMs: 15 * MIN } },
  claim: { address: { max: 30, windowMs: 15 * MIN } },
  invite: { address: { max: 10, windowMs: 15 * MIN }, account: { max: 30, windowMs: 15 * MIN, slowEveryMs: MIN } },
  lookup: { account: { max: 60, windowMs: 15 * MIN, slowEveryMs: 5_000 } },
  checkin: { account: { max: 10, windowMs: 15 * MIN, slowEveryMs: 60_000 }, address: { max: 30, windowMs: 15 * MIN } },
  api: { address: { max: 600, windowMs: MIN } },
};

/**
 * At most this many sign-in attempts of one client address are checked at once per app process;
 * more get 429 (retry in 1 s) at once, so one client's parallel flood cannot fill the bcrypt
 * queue ahead of everybody else (per process by nature; the counters above are shared).
 */
export const SIGNIN_IN_FLIGHT_PER_ADDRESS = 8;

/**
 * Every 429 of the sign-in endpoint is answered after this delay (a tarpit: a client that
 * retries at once costs the server one timer per second per connection, not a busy loop).
 */
export const REFUSAL_DELAY_MS = 1000;

export interface LimitKeys {
  /** Account name (lower-case username) or id; null when the bucket has no account. */
  account?: string | null;
  /** Client address (lib/server/http/clientAddress.ts). */
  address: string;
}

/** ok: may go ahead (`slowed`: the account is under attack; `pairCounted`: this account+address has failures to clear on success). */
export type Verdict = { ok: true; slowed: boolean; pairCounted: boolean } | { ok: false; retryAfterSec: number };

interface Counter {
  count: number;
  windowStart: Date;
  lastAt: Date;
}

/**
 * The address a limiter counts: an IPv4 address as it is; an IPv6 address by its /64 prefix
 * (one customer line or host gets a whole /64, so rotating inside it must not buy fresh
 * counters), written as four lower-case hex groups + "::/64". Anything else unchanged.
 */
export function limiterAddress(address: string): string {
  if (!isIPv6(address)) return address;
  const [head, tail = ""] = address.toLowerCase().split("::");
  const h = head ? head.split(":") : [];
  const t = address.includes("::") ? (tail ? tail.split(":") : []) : [];
  // An embedded IPv4 tail (::ffff:1.2.3.4) sits in the low 64 bits: the prefix is what counts.
  const groups = address.includes("::") ? [...h, ...Array(8 - h.length - t.length).fill("0"), ...t] : h;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

const keyOf = (bucket: LimitBucket, kind: "pair" | "account" | "address" | "slow", k: LimitKeys) => {
  const address = limiterAddress(k.address);
  return kind === "address"
    ? `${bucket}:address:${address}`
    : kind === "pair"
      ? `${bucket}:pair:${k.account}|${address}`
      : `${bucket}:${kind}:${k.account}`;
};

/** Pure part: is a counter at or over `max` inside its window at `now`? Returns the seconds left, or 0. */
export function lockedFor(c: Counter | undefined, max: number, windowMs: number, now: number): number {
  if (!c) return 0;
  const end = c.windowStart.getTime() + windowMs;
  if (now >= end || c.count < max) return 0;
  return Math.max(1, Math.ceil((end - now) / 1000));
}

/**
 * Decides whether an attempt may go ahead (before any bcrypt) and, when it may, COUNTS it at once
 * on every key of the bucket, as if it failed: the check and the count are one atomic statement
 * per key, so attempts sent in parallel are counted one by one and no more than `max` of them get
 * through (a check-then-count would let a whole parallel burst pass before the first failure is
 * written). The caller then settles the attempt: a failure stays counted; {@link recordSuccess}
 * (correct password or code) and {@link releaseAttempt} (refused for another reason) take the
 * count back. A refused attempt is taken back here (refusals never stretch a lock).
 * In slow mode it claims the account's one attempt slot (atomically, so parallel servers agree).
 * @returns ok (with `slowed` when the account is under attack) or the seconds to wait.
 */
export async function checkLimit(bucket: LimitBucket, k: LimitKeys, now = Date.now()): Promise<Verdict> {
  const L = LIMITS[bucket];
  const counted: { key: string; before: Counter; max: number; windowMs: number; kind: "pair" | "account" | "address" }[] = [];
  const spec = [
    L.pair && k.account ? { kind: "pair" as const, ...L.pair } : null,
    L.account && k.account ? { kind: "account" as const, max: L.account.max, windowMs: L.account.windowMs } : null,
    L.address ? { kind: "address" as const, ...L.address } : null,
  ];
  for (const x of spec) {
    if (!x) continue;
    const key = keyOf(bucket, x.kind, k);
    const after = await bump(key, x.windowMs, now);
    // The counter as it stood before this attempt (a window that had ended starts over at 0).
    counted.push({
      key,
      kind: x.kind,
      max: x.max,
      windowMs: x.windowMs,
      before: { count: after.count - 1, windowStart: after.windowStart, lastAt: after.lastAt },
    });
  }
  const refuse = async (retryAfterSec: number): Promise<Verdict> => {
    await unbump(counted.map((c) => c.key));
    return { ok: false, retryAfterSec };
  };
  let wait = 0;
  for (const c of counted) if (c.kind !== "account") wait = Math.max(wait, lockedFor(c.before, c.max, c.windowMs, now));
  if (wait > 0) return refuse(wait);
  const pairCounted = counted.some((c) => c.kind === "pair");
  const acc = counted.find((c) => c.kind === "account");
  if (L.account && acc && lockedFor(acc.before, L.account.max, L.account.windowMs, now) > 0) {
    // Slow mode: one attempt per slowEveryMs for this account, claimed with a conditional upsert.
    const slowKey = keyOf(bucket, "slow", k);
    const t = new Date(now),
      before = new Date(now - L.account.slowEveryMs);
    const got = await db().$queryRaw<{ key: string }[]>`
      INSERT INTO "RateCounter" ("key", "count", "windowStart", "lastAt") VALUES (${slowKey}, 1, ${t}, ${t})
      ON CONFLICT ("key") DO UPDATE SET "count" = "RateCounter"."count" + 1, "lastAt" = ${t}
      WHERE "RateCounter"."lastAt" <= ${before}
      RETURNING "key"`;
    if (got.length === 0) {
      const slow = await db().rateCounter.findUnique({ where: { key: slowKey } });
      const next = slow ? slow.lastAt.getTime() + L.account.slowEveryMs : now + L.account.slowEveryMs;
      return refuse(Math.max(1, Math.ceil((next - now) / 1000)));
    }
    return { ok: true, slowed: true, pairCounted };
  }
  return { ok: true, slowed: false, pairCounted };
}

/** Adds one to a counter (a window that ended starts over at 1); returns the counter after. */
async function bump(key: string, windowMs: number, now: number): Promise<Counter> {
  const t = new Date(now),
    expired = new Date(now - windowMs);
  const [row] = await db().$queryRaw<Counter[]>`
    INSERT INTO "RateCounter" ("key", "count", "windowStart", "lastAt") VALUES (${key}, 1, ${t}, ${t})
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN "RateCounter"."windowStart" <= ${expired} THEN 1 ELSE "RateCounter"."count" + 1 END,
      "windowStart" = CASE WHEN "RateCounter"."windowStart" <= ${expired} THEN ${t} ELSE "RateCounter"."windowStart" END,
      "lastAt" = ${t}
    RETURNING "count", "windowStart", "lastAt"`;
  return row;
}

/** Takes one back from each counter (never below 0). */
async function unbump(keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db().$executeRaw`UPDATE "RateCounter" SET "count" = GREATEST("count" - 1, 0) WHERE "key" = ANY(${keys})`;
}

/**
 * An attempt that {@link checkLimit} let through ended neither right nor wrong (bad input, not
 * signed in, a taken username, a server error): its count is taken back on every key.
 */
export async function releaseAttempt(bucket: LimitBucket, k: LimitKeys): Promise<void> {
  const L = LIMITS[bucket];
  await unbump(
    [
      L.pair && k.account ? keyOf(bucket, "pair", k) : null,
      L.account && k.account ? keyOf(bucket, "account", k) : null,
      L.address ? keyOf(bucket, "address", k) : null,
    ].filter((x): x is string => x !== null),
  );
}

/**
 * Counts one failed attempt on every key of the bucket (one statement per key, atomic) without a
 * check. The request paths do not call it: {@link checkLimit} counts each attempt up front.
 */
export async function recordFailure(bucket: LimitBucket, k: LimitKeys, now = Date.now()): Promise<void> {
  const L = LIMITS[bucket];
  if (L.pair && k.account) await bump(keyOf(bucket, "pair", k), L.pair.windowMs, now);
  if (L.account && k.account) await bump(keyOf(bucket, "account", k), L.account.windowMs, now);
  if (L.address) await bump(keyOf(bucket, "address", k), L.address.windowMs, now);
}

/**
 * A correct attempt is not a failure: its count is taken back from the account and address
 * counters, and the account+address counter is cleared (the owner typed it right).
 */
export async function recordSuccess(bucket: LimitBucket, k: LimitKeys): Promise<void> {
  const L = LIMITS[bucket];
  await unbump(
    [L.account && k.account ? keyOf(bucket, "account", k) : null, L.address ? keyOf(bucket, "address", k) : null].filter(
      (x): x is string => x !== null,
    ),
  );
  if (L.pair && k.account) await db().rateCounter.deleteMany({ where: { key: keyOf(bucket, "pair", k) } });
}

/** Deletes counters whose window ended (housekeeping; any caller may run it now and then). */
export async function pruneCounters(now = Date.now()): Promise<number> {
  const longest = Math.max(
    ...Object.values(LIMITS).flatMap((l) => [l.pair?.windowMs ?? 0, l.account?.windowMs ?? 0, l.address?.windowMs ?? 0]),
  );
  const r = await db().rateCounter.deleteMany({ where: { lastAt: { lt: new Date(now - longest) } } });
  return r.count;
}
