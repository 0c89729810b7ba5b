/**
 * Browser-tab titles for event pages, through next-intl (namespace `pages`, messages/<locale>/pages.json):
 * "Pairings · Regional Tag Duel · Tandem". Used as `export const generateMetadata = eventPageMetadata("pairings")`
 * in app/events/[id]/**\/page.tsx; the event layout's own generateMetadata (`eventLayoutMetadata`)
 * gives pages without one "Regional Tag Duel · Tandem". Unknown event id → "Pairings · Tandem"
 * (the page itself answers 404). Reads only the event name.
 */
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { db } from "@/lib/db";

export type EventPageName =
  | "overview"
  | "pairings"
  | "standings"
  | "bracket"
  | "teams"
  | "decklists"
  | "rules"
  | "admin"
  | "audit"
  | "clock"
  | "operations"
  | "outstanding"
  | "penalties"
  | "queue"
  | "print"
  | "receipt"
  | "deckChecks"
  // issue #16 (venue self-service)
  | "checkin"
  | "checkinScreen"
  | "venue"
  | "myEvent"
  | "flights"
  | "flightClocks";

async function eventName(id: string): Promise<string | null> {
  const ev = await db().event.findUnique({ where: { id }, select: { name: true } });
  return ev?.name ?? null;
}

/** `generateMetadata` for an event page: "<page> · <event> · Tandem" in the viewer's locale. */
export function eventPageMetadata(page: EventPageName) {
  return async ({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> => {
    const { id } = await params;
    const t = await getTranslations("pages");
    const name = await eventName(id);
    const label = t(`name.${page}`);
    return { title: { absolute: name ? t("eventTitle", { page: label, event: name }) : `${label} · ${t("titleSuffix")}` } };
  };
}

/** `generateMetadata` for the event layout: "<event> · Tandem" (pages with their own title override it). */
export async function eventLayoutMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const { id } = await params;
  const t = await getTranslations("pages");
  const name = await eventName(id);
  return { title: { absolute: name ? `${name} · ${t("titleSuffix")}` : t("titleSuffix") } };
}
