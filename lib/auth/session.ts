/**
 * The session side of auth (needs next-auth, so only pages and app/actions.ts import it; the
 * action registry stays free of next-auth and runs in scripts and tests too).
 */
import { cache } from "react";
import { getServerSession } from "next-auth";
import { db } from "@/lib/db";
import { authOptions } from "./options";
import { loadActor, PUBLIC_ACTOR, type Actor } from "./actor";

/** The signed-in user's id from the session cookie, or null. */
export async function currentUserId(): Promise<string | null> {
  const s = await getServerSession(authOptions);
  return (s?.user as { id?: string } | undefined)?.id ?? null;
}

/**
 * The current actor for a page, fresh from the database; the public actor when signed out.
 * Memoised per request (React `cache`): the root layout, the event layout and the page share one
 * session read and one user query.
 */
export const pageActor = cache(async (): Promise<Actor> => {
  const id = await currentUserId();
  return id ? loadActor(db(), id) : PUBLIC_ACTOR;
});
