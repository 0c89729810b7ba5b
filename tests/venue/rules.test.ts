/**
 * Issue #16 venue rules (lib/venue/rules): the rotating check-in code's slot validity (a code
 * older than 2 minutes is refused), the check-in window, both members / one member checking a
 * team in, when a self-drop takes effect (MTR 8.2; Tag alike; RULES.md §2 droppedAfter), the
 * TO's reversal until the next round is paired, and one open judge call per table.
 */
import { describe, expect, it } from "vitest";
import {
  CHECKIN_CODE_MAX_AGE_MS,
  CHECKIN_SLOT_MS,
  callRule,
  callStep,
  checkInSlot,
  checkInWindowRule,
  reverseDropRule,
  selfDropRule,
  slotAccepted,
  teamCheckedIn,
  topCutListsOpen,
} from "@/lib/venue/rules";

const T0 = Date.UTC(2026, 11, 1, 9, 0, 0); // a slot boundary (09:00:00 UTC)

describe("check-in code slots (60 s, refused from 2 minutes old)", () => {
  it("slots are 60 s long and T0 starts one", () => {
    expect(CHECKIN_SLOT_MS).toBe(60_000);
    expect(checkInSlot(T0 + 59_999)).toBe(checkInSlot(T0));
    expect(checkInSlot(T0 + 60_000)).toBe(checkInSlot(T0) + 1);
  });
  it("the code on the screen and the previous one are accepted; a code 2 minutes old is refused", () => {
    const s = checkInSlot(T0);
    expect(slotAccepted(s, T0)).toBe(true);
    expect(slotAccepted(s, T0 + 119_999)).toBe(true); // the next slot's screen shows s+1; s is 1:59 old
    expect(slotAccepted(s, T0 + CHECKIN_CODE_MAX_AGE_MS)).toBe(false);
    expect(slotAccepted(s - 2, T0)).toBe(false);
  });
  it("a code from a future slot or a nonsense slot is refused", () => {
    expect(slotAccepted(checkInSlot(T0) + 1, T0)).toBe(false);
    expect(slotAccepted(-1, T0)).toBe(false);
    expect(slotAccepted(Number.NaN, T0)).toBe(false);
  });
});

describe("check-in window", () => {
  const w = { open: true, opensAt: T0, closesAt: T0 + 3_600_000 };
  it("refuses before it opens and from its closing time on, naming the time", () => {
    expect(checkInWindowRule(w, T0 - 1)).toEqual({ ok: false, code: "CHECKIN_NOT_YET", opensAt: T0 });
    expect(checkInWindowRule(w, T0)).toEqual({ ok: true });
    expect(checkInWindowRule(w, T0 + 3_600_000)).toEqual({ ok: false, code: "CHECKIN_OVER", closesAt: T0 + 3_600_000 });
  });
  it("without bounds, the organizer's open / closed switch decides", () => {
    expect(checkInWindowRule({ open: false, opensAt: null, closesAt: null }, T0)).toEqual({ ok: false, code: "CHECKIN_CLOSED" });
    expect(checkInWindowRule({ open: true, opensAt: null, closesAt: null }, T0)).toEqual({ ok: true });
  });
});

describe("team checked in", () => {
  it("needs both members by default; with checkInOneSuffices one is enough", () => {
    expect(teamCheckedIn([true, false], false)).toBe(false);
    expect(teamCheckedIn([true, true], false)).toBe(true);
    expect(teamCheckedIn([true, false], true)).toBe(true);
    expect(teamCheckedIn([false, false], true)).toBe(false);
  });
});

describe("self-drop timing (MTR 8.2; Tag alike)", () => {
  it("before round 1: at once, droppedAfter 0 (not paired)", () => {
    expect(selfDropRule({ dropped: false }, null)).toEqual({ ok: true, droppedAfter: 0, effect: "now", round: null });
  });
  it("during an unfinished match of published round 3: after that round (droppedAfter 3, the match is played)", () => {
    expect(selfDropRule({ dropped: false }, { number: 3, status: "PUBLISHED", seated: true, teamMatchFinal: false })).toEqual({
      ok: true,
      droppedAfter: 3,
      effect: "after_round",
      round: 3,
    });
  });
  it("after the team's match of round 3 is final, or round 3 closed: at once, out of round 4's pairing", () => {
    const v = { ok: true, droppedAfter: 3, effect: "now", round: 3 };
    expect(selfDropRule({ dropped: false }, { number: 3, status: "PUBLISHED", seated: true, teamMatchFinal: true })).toEqual(v);
    expect(selfDropRule({ dropped: false }, { number: 3, status: "CLOSED", seated: true, teamMatchFinal: true })).toEqual(v);
  });
  it("a paired, unpublished round holding the team is refused (a judge re-pairs); one without it drops after the round before", () => {
    expect(selfDropRule({ dropped: false }, { number: 4, status: "PAIRED", seated: true, teamMatchFinal: false })).toEqual({
      ok: false,
      code: "SELF_DROP_ROUND_PAIRED",
      round: 4,
    });
    expect(selfDropRule({ dropped: false }, { number: 4, status: "PAIRED", seated: false, teamMatchFinal: false })).toMatchObject({
      ok: true,
      droppedAfter: 3,
    });
  });
  it("an already dropped team is refused", () => {
    expect(selfDropRule({ dropped: true }, null)).toEqual({ ok: false, code: "ALREADY_DROPPED" });
  });
});

describe("reversing a self-drop (until the next round is paired)", () => {
  it("allowed while no round after droppedAfter exists, refused once one is paired", () => {
    expect(reverseDropRule({ selfDropped: true, droppedAfter: 2 }, 2)).toEqual({ ok: true });
    expect(reverseDropRule({ selfDropped: true, droppedAfter: 0 }, null)).toEqual({ ok: true });
    expect(reverseDropRule({ selfDropped: true, droppedAfter: 2 }, 3)).toEqual({ ok: false, code: "DROP_FINAL", round: 3 });
  });
  it("a judge's drop or a no-show is not a self-drop", () => {
    expect(reverseDropRule({ selfDropped: false, droppedAfter: 2 }, 2)).toEqual({ ok: false, code: "NOT_SELF_DROPPED" });
  });
});

describe("call a judge: one open call per table", () => {
  it("a second call while one is open or acknowledged is refused; a resolved call frees the table", () => {
    expect(callRule({ roundPublished: true, bye: false, openCalls: 0 })).toEqual({ ok: true });
    expect(callRule({ roundPublished: true, bye: false, openCalls: 1 })).toEqual({ ok: false, code: "CALL_OPEN" });
  });
  it("no call from a bye or an unpublished round", () => {
    expect(callRule({ roundPublished: true, bye: true, openCalls: 0 })).toEqual({ ok: false, code: "BYE_MATCH" });
    expect(callRule({ roundPublished: false, bye: false, openCalls: 0 })).toEqual({ ok: false, code: "ROUND_NOT_OPEN" });
  });
  it("open → acknowledged → resolved; no step back, no second resolve", () => {
    expect(callStep("OPEN", "acknowledge")).toBe("ACKNOWLEDGED");
    expect(callStep("ACKNOWLEDGED", "resolve")).toBe("RESOLVED");
    expect(callStep("OPEN", "resolve")).toBe("RESOLVED");
    expect(callStep("ACKNOWLEDGED", "acknowledge")).toBeNull();
    expect(callStep("RESOLVED", "resolve")).toBeNull();
  });
});

describe("top-cut open lists (setting topCutOpenLists, default off)", () => {
  it("only with the setting on and both teams in the cut", () => {
    expect(topCutListsOpen({ setting: false, viewerInCut: true, ownerInCut: true })).toBe(false);
    expect(topCutListsOpen({ setting: true, viewerInCut: true, ownerInCut: true })).toBe(true);
    expect(topCutListsOpen({ setting: true, viewerInCut: false, ownerInCut: true })).toBe(false);
  });
});
