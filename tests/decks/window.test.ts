/** Issue #4 "Deadline locking": decklistWindow decides who may change a list and when. */
import { describe, expect, it } from "vitest";
import { decklistWindow } from "@/lib/decks";

const deadline = new Date("2026-06-01T10:00:00Z");
const before = new Date("2026-06-01T09:59:59Z");
const after = new Date("2026-06-01T10:00:00Z"); // at the deadline = locked
const base = { isStaff: false, locked: false, deadline, now: before, submittedAt: null, unlockedAt: null };

describe("decklistWindow", () => {
  it("open before the deadline, locked at and after it (DEADLINE_PASSED)", () => {
    expect(decklistWindow(base)).toEqual({ open: true });
    expect(decklistWindow({ ...base, now: after })).toEqual({ open: false, code: "DEADLINE_PASSED" });
    expect(decklistWindow({ ...base, deadline: null, now: new Date("2030-01-01") })).toEqual({ open: true });
  });

  it("locked_on_submit: a locked list stays locked before the deadline (DECKLIST_LOCKED)", () => {
    expect(decklistWindow({ ...base, locked: true, submittedAt: before })).toEqual({ open: false, code: "DECKLIST_LOCKED" });
  });

  it("staff may change an unlocked list after the deadline; an explicit lock holds for staff too", () => {
    expect(decklistWindow({ ...base, isStaff: true, now: after, submittedAt: before })).toEqual({ open: true });
    expect(decklistWindow({ ...base, isStaff: true, locked: true, now: before })).toEqual({ open: false, code: "DECKLIST_LOCKED" });
  });

  it("a judge's unlock after the deadline opens the list for exactly one replacement", () => {
    const submitted = new Date("2026-06-01T09:00:00Z");
    const unlocked = new Date("2026-06-01T10:05:00Z");
    const now = new Date("2026-06-01T10:06:00Z");
    expect(decklistWindow({ ...base, now, submittedAt: submitted, unlockedAt: unlocked })).toEqual({ open: true });
    // replaced at 10:07 → locked again
    expect(
      decklistWindow({
        ...base,
        now: new Date("2026-06-01T10:08:00Z"),
        submittedAt: new Date("2026-06-01T10:07:00Z"),
        unlockedAt: unlocked,
      }),
    ).toEqual({ open: false, code: "DEADLINE_PASSED" });
    // an unlock BEFORE the deadline does not carry past it
    expect(decklistWindow({ ...base, now, submittedAt: submitted, unlockedAt: new Date("2026-06-01T09:30:00Z") })).toEqual({
      open: false,
      code: "DEADLINE_PASSED",
    });
  });
});
