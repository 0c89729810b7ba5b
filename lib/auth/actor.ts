/**
 * Who is asking. `currentUserId()` (lib/auth/session.ts) reads the next-auth session (JWT → user
 * id only); the `Actor` is then loaded from the database on every request so that revoked roles take effect
 * at once. Role checks (`requireStaff`, …) run inside the action's transaction.
 */
import type { Tx } from "@/lib/db";
import { ActionError } from "@/lib/errors";

export interface Actor {
  userId: string | null;
  username: string | null;
  displayName: string | null;
  isOrganizer: boolean;
}

export const PUBLIC_ACTOR: Actor = { userId: null, username: null, displayName: null, isOrganizer: false };

/**
 * Loads the actor fresh from the database (a deleted user becomes the public actor). With
 * `sessionVersion` (the signed-in token's, lib/auth/sessionVersion.ts) the same read checks the
 * session: a token whose version is no longer the account's acts as the public actor.
 */
export async function loadActor(tx: Tx, userId: string | null, sessionVersion?: number): Promise<Actor> {
  if (!userId) return PUBLIC_ACTOR;
  const u = await tx.user.findUnique({ where: { id: userId } });
  if (!u) return PUBLIC_ACTOR;
  if (sessionVersion !== undefined && u.sessionVersion !== sessionVersion) return PUBLIC_ACTOR;
  return { userId: u.id, username: u.username, displayName: u.displayName, isOrganizer: u.isOrganizer };
}

export function requireSignedIn(actor: Actor): string {
  if (!actor.userId) throw new ActionError("UNAUTHENTICATED", "Sign in first.");
  return actor.userId;
}

export type StaffLevel = "ORGANIZER" | "JUDGE";

/**
 * Requires the actor to be staff of the event: "ORGANIZER" accepts organizers only; "JUDGE"
 * accepts judges and organizers. Throws FORBIDDEN (nothing is written: the transaction rolls back).
 */
export async function requireStaff(tx: Tx, actor: Actor, eventId: string, level: StaffLevel): Promise<"ORGANIZER" | "JUDGE"> {
  const userId = requireSignedIn(actor);
  const row = await tx.eventStaff.findUnique({ where: { eventId_userId: { eventId, userId } } });
  if (!row || (level === "ORGANIZER" && row.role !== "ORGANIZER")) {
    throw new ActionError(
      "FORBIDDEN",
      level === "ORGANIZER" ? "Only this event's organizer can do that." : "Only this event's judges can do that.",
      undefined,
      { what: level === "ORGANIZER" ? "organizer" : "judge" },
    );
  }
  return row.role;
}

/** The actor's staff role for an event, or null (for pages deciding what to show). */
export async function staffRole(tx: Tx, userId: string | null, eventId: string): Promise<"ORGANIZER" | "JUDGE" | null> {
  if (!userId) return null;
  const row = await tx.eventStaff.findUnique({ where: { eventId_userId: { eventId, userId } } });
  return row?.role ?? null;
}
