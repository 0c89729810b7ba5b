/**
 * next-auth's endpoint, with the sign-in limiter in front (issue #10): a credentials sign-in is
 * decided by lib/auth/signin.ts (limiter, bcrypt) before next-auth runs; a refused attempt is
 * answered here with 429, `Retry-After` and an error next-auth's client understands
 * (`RATE_LIMITED:<seconds>`), after REFUSAL_DELAY_MS. Cookies are `Secure` when the request came over TLS (issue #12).
 */
import NextAuth from "next-auth";
import { authOptionsFor, signInResult } from "@/lib/auth/options";
import { attemptSignIn } from "@/lib/auth/signin";
import { requestClient } from "@/lib/server/http/clientAddress";
import { REFUSAL_DELAY_MS } from "@/lib/server/http/limiter";

type Ctx = { params: Promise<{ nextauth: string[] }> };

async function handle(req: Request, ctx: Ctx) {
  const { tls } = requestClient(req.headers);
  return NextAuth(req as never, ctx as never, authOptionsFor(tls)) as Promise<Response>;
}

export async function GET(req: Request, ctx: Ctx) {
  return handle(req, ctx);
}

export async function POST(req: Request, ctx: Ctx) {
  const { nextauth } = await ctx.params;
  if (nextauth.join("/") !== "callback/credentials") return handle(req, ctx);
  const form = await req
    .clone()
    .formData()
    .catch(() => null);
  const { address } = requestClient(req.headers);
  const outcome = await attemptSignIn(String(form?.get("username") ?? ""), String(form?.get("password") ?? ""), address);
  if (outcome.status === 429) {
    await new Promise((r) => setTimeout(r, REFUSAL_DELAY_MS));
    const url = new URL("/signin", req.url);
    url.searchParams.set("error", `RATE_LIMITED:${outcome.retryAfterSec}`);
    return Response.json(
      { url: url.toString(), error: "RATE_LIMITED", retryAfterSec: outcome.retryAfterSec },
      { status: 429, headers: { "Retry-After": String(outcome.retryAfterSec) } },
    );
  }
  return signInResult.run({ outcome }, () => handle(req, ctx));
}
