/**
 * At the venue (issue #16), pure rules: the rotating check-in code's time slot, the check-in
 * window, when a team counts as checked in, when a self-drop takes effect (MTR 8.2; Tag alike;
 * RULES.md §2 drops: `Team.droppedAfter` = the last round whose result counts), when the TO may
 * reverse it, and the one-open-call-per-table rule. No clock: every function takes `now` (ms).
 */

/** The big-screen QR changes every 60 s: one code per slot of this length (ms). */
export const CHECKIN_SLOT_MS = 60_000;
/** A code older than 2 minutes (from the start of its slot) is refused (issue #16 acceptance). */
export const CHECKIN_CODE_MAX_AGE_MS = 120_000;

/** The slot number at `nowMs` (floor of epoch ms / 60 s). */
export function checkInSlot(nowMs: number): number {
  return Math.floor(nowMs / CHECKIN_SLOT_MS);
}

/**
 * Whether a code of `slot` is still accepted at `nowMs`: issued no later than now and less than
 * CHECKIN_CODE_MAX_AGE_MS old (age measured from the start of its slot, so the code on the screen
 * and the one before it work; the one before that does not).
 */
export function slotAccepted(slot: number, nowMs: number): boolean {
  if (!Number.isSafeInteger(slot) || slot < 0) return false;
  const age = nowMs - slot * CHECKIN_SLOT_MS;
  return age >= 0 && age < CHECKIN_CODE_MAX_AGE_MS;
}

/** Check-in window (TO-set bounds, ms since epoch; null = unbounded side) and whether check-in is open. */
export interface CheckInWindow {
  open: boolean;
  opensAt: number | null;
  closesAt: number | null;
}

export type WindowVerdict =
  | { ok: true }
  | { ok: false; code: "CHECKIN_CLOSED" }
  | { ok: false; code: "CHECKIN_NOT_YET"; opensAt: number }
  | { ok: false; code: "CHECKIN_OVER"; closesAt: number };

/**
 * May a duelist check in at `nowMs`? Refused when the event's check-in is not open (no window
 * and the TO has not opened it, or round 1 was paired, which closes it), before `opensAt`
 * (CHECKIN_NOT_YET, naming the time) or from `closesAt` on (CHECKIN_OVER, naming the time).
 */
export function checkInWindowRule(w: CheckInWindow, nowMs: number): WindowVerdict {
  if (w.opensAt !== null && nowMs < w.opensAt) return { ok: false, code: "CHECKIN_NOT_YET", opensAt: w.opensAt };
  if (w.closesAt !== null && nowMs >= w.closesAt) return { ok: false, code: "CHECKIN_OVER", closesAt: w.closesAt };
  if (!w.open) return { ok: false, code: "CHECKIN_CLOSED" };
  return { ok: true };
}

/**
 * Issue #16: a team is checked in when both members are; with the event setting
 * `checkInOneSuffices` (default off) one member is enough.
 */
export function teamCheckedIn(members: readonly boolean[], oneSuffices: boolean): boolean {
  return oneSuffices ? members.some(Boolean) : members.length > 0 && members.every(Boolean);
}

/** The latest round of the event as the drop rule needs it (null = none paired yet). */
export interface LatestRound {
  number: number;
  status: "PAIRED" | "PUBLISHED" | "CLOSED";
  /** The dropping team's match in that round has a final result (or is a bye). */
  teamMatchFinal: boolean;
  /** The team has a seat in that round. */
  seated: boolean;
}

export type DropVerdict =
  | { ok: true; droppedAfter: number; effect: "now" | "after_round"; round: number | null }
  | { ok: false; code: "ALREADY_DROPPED" }
  | { ok: false; code: "SELF_DROP_ROUND_PAIRED"; round: number };

/**
 * When a team self-drop takes effect (MTR 8.2: a team that drops is not paired for later rounds;
 * its results so far stand; Tag alike). `droppedAfter` is the last round whose result counts
 * (RULES.md §2 drops, PS04): during a published round whose match is unfinished the drop takes
 * effect after that round (the match is still played: `after_round`); a published round already
 * final for the team, or a closed round, means at once (`now`) and the team is left out of the
 * next pairing. A round paired but not yet published already holds the team: refused
 * (SELF_DROP_ROUND_PAIRED) so a judge re-pairs or drops it.
 */
export function selfDropRule(team: { dropped: boolean }, latest: LatestRound | null): DropVerdict {
  if (team.dropped) return { ok: false, code: "ALREADY_DROPPED" };
  if (!latest) return { ok: true, droppedAfter: 0, effect: "now", round: null };
  if (latest.status === "PAIRED" && latest.seated) return { ok: false, code: "SELF_DROP_ROUND_PAIRED", round: latest.number };
  if (latest.status === "PAIRED") return { ok: true, droppedAfter: latest.number - 1, effect: "now", round: latest.number };
  if (latest.status === "PUBLISHED" && latest.seated && !latest.teamMatchFinal)
    return { ok: true, droppedAfter: latest.number, effect: "after_round", round: latest.number };
  return { ok: true, droppedAfter: latest.number, effect: "now", round: latest.number };
}

export type ReverseVerdict = { ok: true } | { ok: false; code: "NOT_SELF_DROPPED" } | { ok: false; code: "DROP_FINAL"; round: number };

/**
 * The TO may reverse a self-drop until the next round is paired (issue #16): refused once a
 * round numbered after `droppedAfter` exists (paired without the team), and for drops that were
 * not self-drops (a judge's drop or a no-show has its own re-entry, PS09).
 */
export function reverseDropRule(
  team: { selfDropped: boolean; droppedAfter: number | null },
  latestRoundNumber: number | null,
): ReverseVerdict {
  if (!team.selfDropped || team.droppedAfter === null) return { ok: false, code: "NOT_SELF_DROPPED" };
  if (latestRoundNumber !== null && latestRoundNumber > team.droppedAfter)
    return { ok: false, code: "DROP_FINAL", round: latestRoundNumber };
  return { ok: true };
}

export type CallVerdict = { ok: true } | { ok: false; code: "CALL_OPEN" | "ROUND_NOT_OPEN" | "BYE_MATCH" };

/**
 * Call a judge from the match card (issue #16): only at a real table (not a bye) of a published
 * round, and one open call per table — a second one while a call of that table is open or
 * acknowledged is refused (CALL_OPEN); a resolved call frees the table.
 */
export function callRule(m: { roundPublished: boolean; bye: boolean; openCalls: number }): CallVerdict {
  if (m.bye) return { ok: false, code: "BYE_MATCH" };
  if (!m.roundPublished) return { ok: false, code: "ROUND_NOT_OPEN" };
  if (m.openCalls > 0) return { ok: false, code: "CALL_OPEN" };
  return { ok: true };
}

/** Judge-call states in order (JudgeCallStatus). */
export const JUDGE_CALL_STATES = ["OPEN", "ACKNOWLEDGED", "RESOLVED"] as const;
export type JudgeCallState = (typeof JUDGE_CALL_STATES)[number];

/** A judge acknowledges an OPEN call, then resolves it (an open call may also be resolved at once). */
export function callStep(state: JudgeCallState, step: "acknowledge" | "resolve"): JudgeCallState | null {
  if (step === "acknowledge") return state === "OPEN" ? "ACKNOWLEDGED" : null;
  return state === "RESOLVED" ? null : "RESOLVED";
}

/**
 * Issue #16 decklists setting `topCutOpenLists` (default off): may a team see another team's
 * list? Only when the setting is on, the lists are not otherwise public, and both teams are in
 * the top cut (seated in a TOP_CUT round).
 */
export function topCutListsOpen(s: { setting: boolean; viewerInCut: boolean; ownerInCut: boolean }): boolean {
  return s.setting && s.viewerInCut && s.ownerInCut;
}
