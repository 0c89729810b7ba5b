/**
 * The event's tab bar (app/events/[id]/layout.tsx), as an ordered list of paths under
 * `/events/:id` ("" = overview). Pure: the layout maps each path to its label.
 *
 * Issue #16: a duelist's own card ("/me") and report page come right after the overview, so on a
 * 390 px phone — where the bar is one row that scrolls sideways (components/EventTabs) — what a
 * duelist needs is in view first;
 * staff-only tabs ("/outstanding", "/admin", "/operations", "/registrations", "/venue") are shown only
 * to staff; "/flights" to a series, or to its organizer before round 1 to set one up.
 */
export interface EventTabsInput {
  /** The viewer's staff role in the event, or null. */
  role: string | null;
  /** The viewer is a duelist of the event. */
  duelist: boolean;
  selfRegistration: boolean;
  decklistsPublished: boolean;
  /** Teams per flight when the event is a flight series, else null. */
  flightSize: number | null;
  /** The series of a flight, else null. */
  seriesId: string | null;
  status: string;
}

export function eventTabPaths(e: EventTabsInput): string[] {
  const tabs = [""];
  if (e.duelist && e.flightSize === null) tabs.push("/me", "/report");
  if (e.selfRegistration) tabs.push("/register");
  tabs.push("/pairings", "/standings", "/bracket", "/teams");
  if (e.role || e.duelist || e.decklistsPublished) tabs.push("/decklists");
  tabs.push("/rules");
  if (e.role) tabs.push("/outstanding", "/admin", "/operations", "/registrations", "/venue");
  if (e.flightSize !== null || (e.role === "ORGANIZER" && !e.seriesId && e.status === "REGISTRATION")) tabs.push("/flights");
  return tabs;
}

/**
 * The tab of `paths` (from {@link eventTabPaths}) that page `pathname` belongs to, under `base`
 * (`/events/:id`): the overview ("") only for `base` itself, otherwise the longest path equal to the
 * page or a parent of it (`/admin` for `/admin/audit`); null when none (e.g. a round's page).
 */
export function currentTab(paths: readonly string[], base: string, pathname: string): string | null {
  const rest = pathname.replace(/\/+$/, "");
  if (rest === base) return paths.includes("") ? "" : null;
  let best: string | null = null;
  for (const p of paths)
    if (p && (rest === base + p || rest.startsWith(`${base}${p}/`)) && (best === null || p.length > best.length)) best = p;
  return best;
}
