/**
 * next-auth 4: Credentials provider + JWT sessions. The JWT carries the user id and the user's
 * session version; lib/auth/session.ts refuses a token whose version is older than the user's
 * (sign-out, password reset/change and role removal bump it: every session ends at once). Roles
 * are read from the database on every request (lib/auth/actor.ts).
 *
 * `authorize` never checks a password itself: the route (app/api/auth/[...nextauth]/route.ts)
 * runs the attempt through the limiter (lib/auth/signin.ts) and hands the outcome over in
 * {@link signInResult}; without it (any other caller) the sign-in is refused.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { db } from "@/lib/db";
import type { SignInOutcome } from "./signin";
import { safeNext } from "./safeRedirect";
import { forgetSessionChecks } from "./sessionVersion";

/** The limiter's decision for the sign-in request being handled (set by the route). */
export const signInResult = new AsyncLocalStorage<{ outcome: SignInOutcome }>();

/** True when the session cookie must be `Secure` (request came over TLS, or NEXTAUTH_URL is https). */
export function secureCookies(tls: boolean): boolean {
  return tls || (process.env.NEXTAUTH_URL ?? "").startsWith("https://");
}

const base: NextAuthOptions = {
  session: { strategy: "jwt" },
  pages: { signIn: "/signin" },
  providers: [
    CredentialsProvider({
      name: "Tandem",
      credentials: { username: { label: "Username", type: "text" }, password: { label: "Password", type: "password" } },
      async authorize() {
        const outcome = signInResult.getStore()?.outcome;
        if (!outcome || outcome.status !== 200) return null;
        return { id: outcome.user.id, name: outcome.user.name, sv: outcome.user.sessionVersion } as { id: string; name: string };
      },
    }),
  ],
  callbacks: {
    // next-auth's own callbackUrl (sign-in, sign-out) follows the same rule as the form's `next`
    // (lib/auth/safeRedirect.ts): a same-origin path, else the home page.
    async redirect({ url, baseUrl }) {
      const origin = new URL(baseUrl).origin;
      const path = url.startsWith(`${origin}/`) ? url.slice(origin.length) : url === origin ? "/" : url;
      return `${origin}${safeNext(path, origin)}`;
    },
    async jwt({ token, user }) {
      if (user) {
        token.sub = user.id;
        token.sv = (user as { sv?: number }).sv ?? 0;
      }
      return token;
    },
    async session({ session, token }) {
      if (session.user) Object.assign(session.user, { id: token.sub, sv: token.sv ?? 0 });
      return session;
    },
  },
  events: {
    // Sign-out ends every session of the account (all devices), not just this cookie.
    async signOut({ token }) {
      if (!token?.sub) return;
      await db().user.updateMany({ where: { id: token.sub }, data: { sessionVersion: { increment: 1 } } });
      forgetSessionChecks(token.sub);
    },
  },
};

/** The options for one request: `Secure` cookies (with the `__Secure-` prefix) when {@link secureCookies}. */
export function authOptionsFor(tls: boolean): NextAuthOptions {
  return { ...base, useSecureCookies: secureCookies(tls) };
}
