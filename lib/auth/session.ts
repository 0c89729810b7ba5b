/** Page helpers: the signed-in user (fresh from the database) for server components. */
import { db } from "@/lib/db";
import { currentUserId, loadActor, PUBLIC_ACTOR, type Actor } from "./actor";

/** The current actor; the public actor when signed out or when the database has no such user. */
export async function pageActor(): Promise<Actor> {
  const id = await currentUserId();
  return id ? loadActor(db(), id) : PUBLIC_ACTOR;
}
