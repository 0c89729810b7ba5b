/**
 * Who may issue a password-reset code for whom (issue #10). One pure rule, reused by the staff
 * reset (lib/server/actions/accounts.ts `issueResetCode`) and, later, by self-service recovery of
 * self-made player accounts.
 *
 * A reset code can take an account over, so it may only reach accounts that carry no power:
 * - the issuer must be staff (judge or organizer) of the event;
 * - the target must hold NO staff or organizer role anywhere (not an organizer account, not a
 *   judge or organizer of any event, no pending staff invitation counts as a role);
 *   the one exception: a judge account the issuer created (addJudge with a new username) whose
 *   only role is judge of this event;
 * - and the target must be a duelist of this event (or that created judge), or — issue #16, a
 *   self-made player account — have entered it themselves: a team registration waiting for the
 *   partner, or a place in the partner pool.
 * Organizers recover on the server: `npm run admin:create -- <name> --force`.
 */

export interface ResetTarget {
  userId: string;
  /** Account-wide organizer flag (may create events). */
  isOrganizer: boolean;
  /** Every staff row of the account, any event. */
  staffRoles: { eventId: string; role: "ORGANIZER" | "JUDGE" }[];
  /** The account is linked to a duelist of the issuer's event. */
  duelistInEvent: boolean;
  /** The account entered the event itself without a duelist yet (issue #16: open team registration or partner pool). */
  enteredEvent?: boolean;
  /** Who created the account (null for self-made or admin-made accounts). */
  createdById: string | null;
}

export interface ResetIssuer {
  userId: string;
  /** The issuer's staff role in the event (null = none). */
  roleInEvent: "ORGANIZER" | "JUDGE" | null;
}

export type ResetRefusal = "NOT_STAFF" | "SELF" | "HOLDS_ROLE" | "NOT_IN_EVENT";

/**
 * Decides whether `issuer` may issue a reset code for `target` in event `eventId`.
 * Returns `{ ok: true }` or `{ ok: false, reason }`:
 * NOT_STAFF (issuer is not staff of the event), SELF (own account: use the change-password page),
 * HOLDS_ROLE (target is an organizer, or staff anywhere, beyond a judge the issuer created for this
 * event), NOT_IN_EVENT (target is neither a duelist of the event nor such a judge).
 */
export function mayIssueReset(
  issuer: ResetIssuer,
  target: ResetTarget,
  eventId: string,
): { ok: true } | { ok: false; reason: ResetRefusal } {
  if (!issuer.roleInEvent) return { ok: false, reason: "NOT_STAFF" };
  if (issuer.userId === target.userId) return { ok: false, reason: "SELF" };
  if (target.isOrganizer) return { ok: false, reason: "HOLDS_ROLE" };
  const createdJudge =
    target.createdById === issuer.userId &&
    target.staffRoles.length === 1 &&
    target.staffRoles[0].eventId === eventId &&
    target.staffRoles[0].role === "JUDGE";
  if (target.staffRoles.length > 0 && !createdJudge) return { ok: false, reason: "HOLDS_ROLE" };
  if (!target.duelistInEvent && !target.enteredEvent && !createdJudge) return { ok: false, reason: "NOT_IN_EVENT" };
  return { ok: true };
}
