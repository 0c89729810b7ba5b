/**
 * The session side of auth (needs next-auth, so only pages and the action runner lib/server/action/run.ts import it; the
 * action registry stays free of next-auth and runs in scripts and tests too).
 */
import { cache } from "react";
import { headers } from "next/headers";
import { getServerSession } from "next-auth";
import { db } from "@/lib/db";
import { authOptionsFor } from "./options";
import { loadActor, PUBLIC_ACTOR, type Actor } from "./actor";
import { requestClient } from "@/lib/server/http/clientAddress";
import { sessionIsCurrent, sessionIsCurrentTrusted } from "./sessionVersion";

/** The client of the current request (address, came over TLS), from the instrumentation stamp. */
export async function currentClient(): Promise<{ address: string; tls: boolean }> {
  return requestClient(await headers());
}

/**
 * The signed-in user's id, or null. A session whose version is older than the user's
 * (`User.sessionVersion`: sign-out, password reset/change, role removal) counts as signed out.
 * Memoised per request.
 */
export const currentUserId = cache(async (): Promise<string | null> => {
  const { tls } = await currentClient();
  const s = await getServerSession(authOptionsFor(tls));
  const u = s?.user as { id?: string; sv?: number } | undefined;
  if (!u?.id) return null;
  return (await sessionIsCurrent(db(), u.id, u.sv)) ? u.id : null;
});

/**
 * The signed-in token's user id and session version, NOT checked against the account (null when
 * signed out). For a server action: its actor read checks the version in the same query
 * (lib/server/action ClientInfo.sessionVersion). Memoised per request.
 */
export const currentToken = cache(async (): Promise<{ userId: string; sv: number } | null> => {
  const { tls } = await currentClient();
  const s = await getServerSession(authOptionsFor(tls));
  const u = s?.user as { id?: string; sv?: number } | undefined;
  return u?.id ? { userId: u.id, sv: u.sv ?? 0 } : null;
});

/**
 * The current actor for a page, fresh from the database; the public actor when signed out.
 * Memoised per request (React `cache`): the root layout, the event layout and the page share one
 * session read and one user query.
 */
export const pageActor = cache(async (): Promise<Actor> => {
  const id = await currentUserId();
  return id ? loadActor(db(), id) : PUBLIC_ACTOR;
});

/**
 * The signed-in user's id and the token's session version (live streams re-check it,
 * lib/server/live/hub.ts), or null when signed out or the session is no longer current.
 * `liveRead`: a live phone's read of its own data (its stream, its team card) may use a session check
 * up to SESSION_TRUST_MS old (lib/auth/sessionVersion.ts sessionIsCurrentTrusted), as the
 * pre-Next.js fast paths do.
 */
export async function currentSession(o: { liveRead?: boolean } = {}): Promise<{ userId: string; sv: number } | null> {
  const { tls } = await currentClient();
  const s = await getServerSession(authOptionsFor(tls));
  const u = s?.user as { id?: string; sv?: number } | undefined;
  if (!u?.id) return null;
  const current = await (o.liveRead ? sessionIsCurrentTrusted : sessionIsCurrent)(db(), u.id, u.sv);
  return current ? { userId: u.id, sv: u.sv ?? 0 } : null;
}
