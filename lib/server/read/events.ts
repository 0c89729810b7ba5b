/**
 * Read-side helpers for pages (server only). Pages call `await connection()` first so `next build`
 * needs no database. Authorization for private data (decklists) happens here, not in the page.
 */
import { cache } from "react";
import { notFound } from "next/navigation";
import { db } from "@/lib/db";
import { staffRole, type Actor } from "@/lib/auth/actor";
import { getPreset, resolveSettings, type PresetSettings } from "@/lib/formats/presets";

export interface EventView {
  event: Awaited<ReturnType<typeof loadEvent>>;
  role: "ORGANIZER" | "JUDGE" | null;
  /** The actor's duelist record in this event (with team id), if any. */
  me: { id: string; teamId: string; designation: "A" | "B"; name: string } | null;
  settings: PresetSettings;
}

async function loadEvent(id: string) {
  const e = await db().event.findUnique({ where: { id }, include: { banlist: true } });
  if (!e) notFound();
  return e;
}

/**
 * Loads the event, the actor's staff role and duelist record; 404 for an unknown id. Memoised per
 * request (React `cache`, keyed by the id and the actor object from `pageActor`), so the event
 * layout and the page read them once.
 */
export const eventView = cache(async function eventView(id: string, actor: Actor): Promise<EventView> {
  const event = await loadEvent(id);
  const role = await staffRole(db(), actor.userId, id);
  const me = actor.userId
    ? await db().duelist.findFirst({
        where: { eventId: id, userId: actor.userId },
        select: { id: true, teamId: true, designation: true, name: true },
      })
    : null;
  return { event, role, me, settings: resolveSettings(getPreset(event.formatPreset), event.settings as Partial<PresetSettings>) };
});

/**
 * The home page's event list (newest first, at most `take`): every event not hidden, plus the
 * hidden ones the actor is staff of (issue #13 item 7: hiding leaves the public list; staff
 * still see and reach it). Each row carries its team count.
 */
export async function listedEvents(actor: Actor, take = 100) {
  const visible = actor.userId ? { OR: [{ hidden: false }, { staff: { some: { userId: actor.userId } } }] } : { hidden: false };
  return db().event.findMany({ where: visible, orderBy: { createdAt: "desc" }, include: { _count: { select: { teams: true } } }, take });
}
