/**
 * The pre-Next.js session read (lib/server/live/streamFast.ts decodedToken, issue #15): a phone's session
 * cookie is decoded once and reused until the token's own `exp` (at most 60 s); another cookie value, the
 * other cookie name or a token that does not decode is decoded every time.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { JWT } from "next-auth/jwt";
import { decodedToken } from "@/lib/server/live/streamFast";

const NAME = "next-auth.session-token";

function decoder(result: JWT | null) {
  const calls = { n: 0 };
  return { calls, decode: async () => (calls.n++, result) };
}

describe("decoded session tokens", () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date("2026-12-01T10:00:00Z") }));
  afterEach(() => vi.useRealTimers());

  it("the same cookie is decoded once until the token's exp, then again", async () => {
    const exp = Math.floor(Date.now() / 1000) + 10;
    const d = decoder({ sub: "u1", sv: 0, exp });
    const jar = new Map([[NAME, "cipher-a"]]);
    expect((await decodedToken(jar, false, d.decode))?.sub).toBe("u1");
    expect((await decodedToken(jar, false, d.decode))?.sub).toBe("u1");
    expect(d.calls.n).toBe(1);
    vi.advanceTimersByTime(10_000);
    await decodedToken(jar, false, d.decode);
    expect(d.calls.n).toBe(2);
  });

  it("a token without exp is kept at most 60 s; chunked cookies are one key", async () => {
    const d = decoder({ sub: "u2" });
    const jar = new Map([
      [`${NAME}.1`, "part-b"],
      [`${NAME}.0`, "part-a"],
      ["NEXT_LOCALE", "it"],
    ]);
    await decodedToken(jar, false, d.decode);
    await decodedToken(new Map([...jar].reverse()), false, d.decode);
    expect(d.calls.n).toBe(1);
    vi.advanceTimersByTime(60_000);
    await decodedToken(jar, false, d.decode);
    expect(d.calls.n).toBe(2);
  });

  it("another value, the __Secure- name over TLS, or a token that does not decode are decoded each time", async () => {
    const good = decoder({ sub: "u3" });
    await decodedToken(new Map([[NAME, "v1"]]), false, good.decode);
    await decodedToken(new Map([[NAME, "v2"]]), false, good.decode);
    await decodedToken(new Map([[NAME, "v1"]]), true, good.decode); // over TLS only the __Secure- cookie counts
    await decodedToken(new Map([[NAME, "v1"]]), true, good.decode);
    expect(good.calls.n).toBe(4);
    const forged = decoder(null);
    const jar = new Map([[NAME, "forged"]]);
    expect(await decodedToken(jar, false, forged.decode)).toBeNull();
    expect(await decodedToken(jar, false, forged.decode)).toBeNull();
    expect(forged.calls.n).toBe(2);
  });
});
