/**
 * Team self-registration rules (issue #16), pure: no storage, no clock (times are passed in).
 *
 * - {@link registrationOpen}: the window the TO set (`opensAt` ≤ now < `closesAt`, either end
 *   optional) on an event that allows self-registration and has no round 1 yet.
 * - {@link placeFor}: caps are counted in teams; a completed (and, with approval, approved) team
 *   takes a place while fewer than `cap` teams hold one, otherwise it joins the waitlist at its end.
 * - {@link promotions}: when places free up (a withdrawal), the first waitlisted teams move up in
 *   waitlist order.
 * - {@link checkInClosePlan}: when the check-in window closes, each placed team not checked in
 *   loses its place to the next CHECKED-IN waitlisted team in waitlist order (waitlisted teams not
 *   checked in are skipped and keep their turn); a placed team keeps its place when no checked-in
 *   waitlisted team is left to take it.
 * - {@link orderEditable}: A/B may be changed by the team until the earlier of the decklist
 *   deadline and round 1's publication (RULES §1.1: the designation is fixed for the event).
 * - {@link defaultTeamName}: "A-surname / B-surname" (the last word of each name).
 */

export interface RegistrationWindow {
  selfRegistration: boolean;
  opensAt: Date | null;
  closesAt: Date | null;
  /** Round 1 has been paired (registration closes with it). */
  started: boolean;
  finished: boolean;
}

/** Why a player may not register now, or null when the window is open. */
export function registrationOpen(w: RegistrationWindow, now: Date): null | "NOT_SELF" | "NOT_YET" | "CLOSED" {
  if (!w.selfRegistration) return "NOT_SELF";
  if (w.started || w.finished) return "CLOSED";
  if (w.opensAt && now < w.opensAt) return "NOT_YET";
  if (w.closesAt && now >= w.closesAt) return "CLOSED";
  return null;
}

/** Where a newly complete (and approved) team goes: a place while `placed < cap` (no cap = always), else the waitlist. */
export function placeFor(placed: number, cap: number | null): "PLACED" | "WAITLIST" {
  return cap === null || placed < cap ? "PLACED" : "WAITLIST";
}

/** The teams that move up: the first `cap - placed` of `waitlist` (already in waitlist order). No cap → all. */
export function promotions<T>(waitlist: readonly T[], placed: number, cap: number | null): T[] {
  if (cap === null) return [...waitlist];
  return waitlist.slice(0, Math.max(0, cap - placed));
}

export interface CheckInTeam {
  id: string;
  checkedIn: boolean;
}

/**
 * The swaps when check-in closes: `placed` in team-number order, `waitlist` in waitlist order.
 * Returns pairs {lost, movedUp}: the i-th placed team not checked in gives its place to the i-th
 * checked-in waitlisted team; extra absentees keep their places (nobody is left to take them).
 */
export function checkInClosePlan(placed: readonly CheckInTeam[], waitlist: readonly CheckInTeam[]): { lost: string; movedUp: string }[] {
  const absent = placed.filter((t) => !t.checkedIn);
  const ready = waitlist.filter((t) => t.checkedIn);
  return absent.slice(0, ready.length).map((t, i) => ({ lost: t.id, movedUp: ready[i].id }));
}

/** True while the team may still swap A and B: before both the decklist deadline and round 1's publication. */
export function orderEditable(o: { decklistDeadline: Date | null; round1Published: boolean }, now: Date): boolean {
  if (o.round1Published) return false;
  return !o.decklistDeadline || now < o.decklistDeadline;
}

/** The surname used in a default team name: the last word of the name (the whole name when it is one word). */
export function surname(name: string): string {
  const words = name.trim().split(/\s+/u);
  return words[words.length - 1] ?? name;
}

/** Default team name "A-surname / B-surname" (issue #16), at most 80 characters. */
export function defaultTeamName(a: string, b: string): string {
  return `${surname(a)} / ${surname(b)}`.slice(0, 80);
}
