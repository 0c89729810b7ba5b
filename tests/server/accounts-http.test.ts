/** Pure pieces of issue #10's HTTP side: safe sign-in redirects, client address, TLS, limiter windows, equal bcrypt cost. */
import { describe, expect, it } from "vitest";
import bcrypt from "bcryptjs";
import { safeNext } from "@/lib/auth/safeRedirect";
import { authOptionsFor } from "@/lib/auth/options";
import { cameOverTls, clientAddress, stampRequest, CLIENT_HEADER, TLS_HEADER } from "@/lib/server/http/clientAddress";
import { lockedFor } from "@/lib/server/http/limiter";
import { DUMMY_HASH, claimCodeHash } from "@/lib/auth/passwords";

const O = "https://tandem.example";

describe("sign-in redirect: same-origin paths only", () => {
  it.each([
    "//evil.example/phish",
    "/\\evil.example",
    "/\\/evil.example",
    "https://evil.example/",
    "javascript:alert(1)",
    "/\t/evil.example",
    "",
    null,
  ])("%s → /", (next) => {
    expect(safeNext(next as string | null, O)).toBe("/");
  });
  it.each([
    "/..//evil.example",
    "/.//evil.example",
    "/a/..//evil.example",
    "/%2e%2e//evil.example",
    "/%2F%2Fevil.example",
    "/%5Cevil.example",
    "https:evil.example",
  ])("%s (resolves or decodes to //host) → /", (next) => {
    expect(safeNext(next, O)).toBe("/");
  });
  it.each(["/\u2215evil.example", "/\uff0fevil.example"])("unicode slash %s stays a path on this site", (next) => {
    const out = safeNext(next, O);
    expect(out.startsWith("//")).toBe(false);
    expect(new URL(out, O).origin).toBe(O);
  });
  it("keeps a same-origin path with query and hash", () => {
    expect(safeNext("/events/abc/report?x=1#t", O)).toBe("/events/abc/report?x=1#t");
  });
});

describe("next-auth's callbackUrl: same-origin paths only", () => {
  const redirect = (url: string) => authOptionsFor(false).callbacks!.redirect!({ url, baseUrl: O });
  it.each([
    "//evil.example/phish",
    `${O}//evil.example`,
    `${O}/..//evil.example`,
    "/\\evil.example",
    "https://evil.example/x",
    "javascript:alert(1)",
  ])("%s → the home page", async (url) => {
    expect(await redirect(url)).toBe(`${O}/`);
  });
  it("keeps a same-origin path", async () => {
    expect(await redirect(`${O}/account`)).toBe(`${O}/account`);
    expect(await redirect("/events/x?y=1")).toBe(`${O}/events/x?y=1`);
  });
});

describe("client address and TLS (TRUSTED_PROXY)", () => {
  it("without a trusted proxy, X-Forwarded-For is ignored: the socket peer counts", () => {
    expect(clientAddress("::ffff:10.1.2.3", "6.6.6.6", false)).toBe("10.1.2.3");
  });
  it("with a trusted proxy, the last X-Forwarded-For entry (the one the proxy appended) counts", () => {
    expect(clientAddress("10.0.0.1", "6.6.6.6, 203.0.113.5", true)).toBe("203.0.113.5");
    expect(clientAddress("10.0.0.1", undefined, true)).toBe("10.0.0.1");
  });
  it("TLS: only a trusted proxy's X-Forwarded-Proto https (or a TLS socket) counts", () => {
    expect(cameOverTls(false, "https", false)).toBe(false);
    expect(cameOverTls(false, "https", true)).toBe(true);
    expect(cameOverTls(false, "http", true)).toBe(false);
    expect(cameOverTls(true, undefined, false)).toBe(true);
  });
  it("the stamp overwrites a client-sent copy of the stamp headers", () => {
    const req = {
      headers: { [CLIENT_HEADER]: "1.1.1.1", [TLS_HEADER]: "1", "x-forwarded-for": "1.1.1.1" } as Record<string, string>,
      socket: { remoteAddress: "127.0.0.1" },
    };
    const before = process.env.TRUSTED_PROXY;
    delete process.env.TRUSTED_PROXY;
    stampRequest(req);
    process.env.TRUSTED_PROXY = before;
    if (before === undefined) delete process.env.TRUSTED_PROXY;
    expect(req.headers[CLIENT_HEADER]).toBe("127.0.0.1");
    expect(req.headers[TLS_HEADER]).toBe("0");
  });
});

describe("limiter windows", () => {
  const start = new Date(1_000_000);
  const c = { count: 54, windowStart: start, lastAt: start };
  it("locked at the threshold until the window ends, never longer", () => {
    expect(lockedFor(c, 54, 15 * 60_000, 1_000_000)).toBe(900);
    expect(lockedFor(c, 54, 15 * 60_000, 1_000_000 + 15 * 60_000)).toBe(0);
    expect(lockedFor({ ...c, count: 53 }, 54, 15 * 60_000, 1_000_000)).toBe(0);
  });
});

describe("codes and hashes", () => {
  it("unknown usernames are checked against a hash of the same bcrypt cost as real passwords (10)", () => {
    expect(bcrypt.getRounds(DUMMY_HASH)).toBe(10);
  });
  it("claim codes are stored as HMAC-SHA-256 of the normalised code under the secret", () => {
    expect(claimCodeHash("k7qx m2pa", "s")).toBe(claimCodeHash("K7QX-M2PA", "s"));
    expect(claimCodeHash("K7QX-M2PA", "s")).not.toBe(claimCodeHash("K7QX-M2PA", "t"));
    expect(claimCodeHash("K7QX-M2PA", "s")).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("Secure session cookies (issue #12)", () => {
  it("are Secure when the request came over TLS (trusted proxy) or NEXTAUTH_URL is https", async () => {
    const { authOptionsFor, secureCookies } = await import("@/lib/auth/options");
    const before = process.env.NEXTAUTH_URL;
    try {
      process.env.NEXTAUTH_URL = "http://tandem.local";
      expect(secureCookies(false)).toBe(false);
      expect(secureCookies(true)).toBe(true);
      expect(authOptionsFor(true).useSecureCookies).toBe(true);
      process.env.NEXTAUTH_URL = "https://tandem.example";
      expect(authOptionsFor(false).useSecureCookies).toBe(true);
    } finally {
      if (before === undefined) delete process.env.NEXTAUTH_URL;
      else process.env.NEXTAUTH_URL = before;
    }
  });
});
