/**
 * The event's tab bar (app/events/[id]/layout.tsx), as an ordered list of paths under
 * `/events/:id` ("" = overview). Pure: the layout maps each path to its label.
 *
 * Issue #16: a duelist's own card ("/me") and report page come right after the overview, so on a
 * 390 px phone — where the bar wraps into several rows — what a duelist needs is in the first row;
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
