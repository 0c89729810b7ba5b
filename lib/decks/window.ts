/**
 * When may a decklist change? (issue #4: deadline locking, RULES §8 `decklistChanges`.)
 * Pure: the caller passes the clock (`now`) and the stored facts. Rules:
 * - a list with its `locked` flag set (e.g. `decklistChanges: "locked_on_submit"`) is locked
 *   for everyone, staff included, until a judge unlocks it → DECKLIST_LOCKED;
 * - otherwise staff (judge/organizer of the event) may always submit or replace a list;
 * - at and after the deadline every list is locked for its duelist → DEADLINE_PASSED, except a
 *   list a judge unlocked after the deadline and that has not been replaced since (one unlock =
 *   one replacement).
 */
export interface DecklistWindowInput {
  isStaff: boolean;
  /** The stored list's `locked` flag (false when there is no list yet). */
  locked: boolean;
  /** The event's decklist deadline, or null for none. */
  deadline: Date | null;
  now: Date;
  /** When the current list was submitted (null: no list yet). */
  submittedAt: Date | null;
  /** The latest time a judge unlocked this list (null: never). */
  unlockedAt: Date | null;
}

export type DecklistWindow = { open: true } | { open: false; code: "DECKLIST_LOCKED" | "DEADLINE_PASSED" };

/** Whether the list may be submitted/replaced now, and if not, why (see module docstring). */
export function decklistWindow(i: DecklistWindowInput): DecklistWindow {
  if (i.locked) return { open: false, code: "DECKLIST_LOCKED" };
  if (i.isStaff) return { open: true };
  if (i.deadline && i.now.getTime() >= i.deadline.getTime()) {
    const unlockedAfter =
      i.unlockedAt !== null &&
      i.unlockedAt.getTime() >= i.deadline.getTime() &&
      (i.submittedAt === null || i.unlockedAt.getTime() > i.submittedAt.getTime());
    if (!unlockedAfter) return { open: false, code: "DEADLINE_PASSED" };
  }
  return { open: true };
}
