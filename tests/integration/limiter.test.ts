/**
 * The one limiter (lib/server/http/limiter.ts, issue #10 numbers) through the real sign-in path
 * (lib/auth/signin.ts: limiter → bcrypt → record; the next-auth route answers its 429). The test
 * accounts' password hashes use bcrypt cost 4 instead of 10 so 1,500 sign-ins take seconds: the
 * limiter and the path are the same, only the stored hash is cheaper to check (and the bcrypt
 * worker runs at normal priority, BCRYPT_NICE=0, so a busy test machine does not starve it).
 */
import { describe, expect, it } from "vitest";
import bcrypt from "bcryptjs";
import { useTestDatabase } from "./db";
import { db } from "@/lib/db";
import { attemptSignIn } from "@/lib/auth/signin";
import { LIMITS, limiterAddress, recordFailure, SIGNIN_IN_FLIGHT_PER_ADDRESS } from "@/lib/server/http/limiter";
import { ACTIONS } from "@/lib/server/actions";

// The bcrypt worker keeps normal priority here: the test measures counts, not fairness under load.
process.env.BCRYPT_NICE = "0";
await useTestDatabase();

async function cheapUser(username: string, password = "right-password") {
  return (await db().user.create({ data: { username, displayName: username, passwordHash: await bcrypt.hash(password, 4) } })).id;
}

const MIN = 60_000;

describe("sign-in limiter", () => {
  it("54 wrong passwords for one account from one address: it is refused (429) even with the right password; others sign in", async () => {
    expect(LIMITS.signin.pair).toEqual({ max: 54, windowMs: 15 * MIN });
    await cheapUser("target");
    const t0 = Date.now();
    for (let i = 0; i < 54; i++) expect((await attemptSignIn("target", `wrong-${i}`, "10.0.0.1", t0 + i * 100)).status).toBe(401);
    const refused = await attemptSignIn("target", "right-password", "10.0.0.1", t0 + 6_000);
    expect(refused.status).toBe(429);
    if (refused.status === 429) {
      expect(refused.retryAfterSec).toBeGreaterThan(14 * 60);
      expect(refused.retryAfterSec).toBeLessThanOrEqual(15 * 60);
    }
    // Another address: the owner signs in (the account is under attack: slowed to one try per 10 s).
    expect((await attemptSignIn("target", "right-password", "10.0.0.2", t0 + 6_000)).status).toBe(200);
    const tooSoon = await attemptSignIn("target", "right-password", "10.0.0.3", t0 + 9_000);
    expect(tooSoon).toMatchObject({ status: 429 });
    if (tooSoon.status === 429) expect(tooSoon.retryAfterSec).toBeLessThanOrEqual(10);
    expect((await attemptSignIn("target", "right-password", "10.0.0.3", t0 + 16_001)).status).toBe(200);
    // No lock lasts beyond 15 minutes.
    expect((await attemptSignIn("target", "right-password", "10.0.0.1", t0 + 15 * MIN)).status).toBe(200);
  });

  it("1,500 correct sign-ins from one address within 10 minutes all succeed", async () => {
    const names = Array.from({ length: 50 }, (_, i) => `venue-${i}`);
    for (const n of names) await cheapUser(n);
    const t0 = Date.now();
    const statuses: number[] = [];
    // 8 at a time: the most one address may have in flight (SIGNIN_IN_FLIGHT_PER_ADDRESS).
    expect(SIGNIN_IN_FLIGHT_PER_ADDRESS).toBe(8);
    for (let i = 0; i < 1500; i += 8) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(8, 1500 - i) }, (_, j) =>
          attemptSignIn(names[(i + j) % names.length], "right-password", "192.0.2.50", t0 + (i + j) * 400),
        ),
      );
      statuses.push(...batch.map((b) => b.status));
    }
    expect(statuses).toHaveLength(1500);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  });

  it("more than 8 attempts of one address at once: the extra ones are refused with 429 (retry in 1 s), no password check", async () => {
    await cheapUser("burst");
    const r = await Promise.all(Array.from({ length: 12 }, () => attemptSignIn("burst", "right-password", "10.5.0.1")));
    expect(r.filter((x) => x.status === 200)).toHaveLength(8);
    expect(r.filter((x) => x.status === 429).map((x) => (x as { retryAfterSec: number }).retryAfterSec)).toEqual([1, 1, 1, 1]);
  });

  it("unknown usernames are limited like known ones (same key, same answer)", async () => {
    const t0 = Date.now();
    expect((await attemptSignIn("nobody-here", "x-0", "10.9.0.1", t0)).status).toBe(401);
    // 53 more failures on the same keys (as 53 more wrong attempts would record), then the lock.
    for (let i = 1; i < 54; i++) await recordFailure("signin", { account: "nobody-here", address: "10.9.0.1" }, t0);
    expect((await attemptSignIn("nobody-here", "x", "10.9.0.1", t0 + 1)).status).toBe(429);
    expect((await attemptSignIn("nobody-here", "x", "10.9.0.2", t0 + 1)).status).toBe(401);
  });

  it("claim codes: after 30 wrong codes from one address it is refused (RATE_LIMITED with seconds); another address is not", async () => {
    const client = { address: "10.7.0.1" };
    const guess = (address: string) =>
      ACTIONS.signUpWithClaim.handle(null, { code: "AAAA-BBBB", username: "limited", password: "password123" }, { address });
    for (let i = 0; i < 30; i++) {
      const r = await guess(client.address);
      expect(r.ok ? null : r.error.code).toBe("BAD_CLAIM_CODE");
    }
    const refused = await guess(client.address);
    expect(refused.ok ? null : refused.error).toMatchObject({ code: "RATE_LIMITED" });
    if (!refused.ok) expect(Number(refused.error.params?.seconds)).toBeGreaterThan(14 * 60);
    const other = await guess("10.7.0.2");
    expect(other.ok ? null : other.error.code).toBe("BAD_CLAIM_CODE");
  });
  it("an IPv6 client counts by its /64: 30 wrong claim codes inside one /64 refuse the whole /64, another /64 still tries", async () => {
    expect(limiterAddress("2001:db8:1:2:3:4:5:6")).toBe("2001:db8:1:2::/64");
    expect(limiterAddress("2001:DB8:0001:0002::1")).toBe("2001:db8:1:2::/64");
    expect(limiterAddress("::1")).toBe("0:0:0:0::/64");
    expect(limiterAddress("203.0.113.4")).toBe("203.0.113.4");
    const guess = (address: string) =>
      ACTIONS.signUpWithClaim.handle(null, { code: "CCCC-DDDD", username: "limited6", password: "password123" }, { address });
    for (let i = 0; i < 30; i++) await guess(`2001:db8:77:1:${i.toString(16)}::${i + 1}`);
    const refused = await guess("2001:db8:77:1:ffff:ffff:ffff:ffff");
    expect(refused.ok ? null : refused.error.code).toBe("RATE_LIMITED");
    const other = await guess("2001:db8:77:2::1");
    expect(other.ok ? null : other.error.code).not.toBe("RATE_LIMITED");
  });
  it("parallel wrong claim codes from one address get no more than 30 guesses checked per 15 min", async () => {
    const guess = () =>
      ACTIONS.signUpWithClaim.handle(
        null,
        { code: "EEEE-FFFF", username: "burst-claim", password: "password123" },
        { address: "10.8.0.1" },
      );
    const r = await Promise.all(Array.from({ length: 80 }, guess));
    const codes = r.map((x) => (x.ok ? "OK" : x.error.code));
    expect(codes.filter((c) => c === "BAD_CLAIM_CODE")).toHaveLength(30);
    expect(codes.filter((c) => c === "RATE_LIMITED")).toHaveLength(50);
  });
  it("an attempt neither right nor wrong is not counted: 40 claims refused as not signed in leave the address's 30 guesses", async () => {
    for (let i = 0; i < 40; i++) {
      const r = await ACTIONS.claimDuelist.handle(null, { code: "GGGG-HHHH" }, { address: "10.8.1.1" });
      expect(r.ok ? null : r.error.code).toBe("UNAUTHENTICATED");
    }
    const wrong = await ACTIONS.signUpWithClaim.handle(
      null,
      { code: "GGGG-HHHH", username: "neutral-claim", password: "password123" },
      { address: "10.8.1.1" },
    );
    expect(wrong.ok ? null : wrong.error.code).toBe("BAD_CLAIM_CODE");
    expect((await db().rateCounter.findUniqueOrThrow({ where: { key: "claim:address:10.8.1.1" } })).count).toBe(1);
  });
});
