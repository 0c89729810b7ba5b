import { describe, expect, it } from "vitest";
import { mayIssueReset, type ResetTarget } from "@/lib/accounts/resetRule";

const E = "event-1";
const duelist: ResetTarget = { userId: "p", isOrganizer: false, staffRoles: [], duelistInEvent: true, createdById: null };
const judge = { userId: "j", roleInEvent: "JUDGE" as const };
const organizer = { userId: "o", roleInEvent: "ORGANIZER" as const };

describe("reset rule (issue #10): codes only for accounts without power", () => {
  it("staff may reset a duelist of their event with no role anywhere", () => {
    expect(mayIssueReset(judge, duelist, E)).toEqual({ ok: true });
    expect(mayIssueReset(organizer, duelist, E)).toEqual({ ok: true });
  });
  it("nobody outside the event's staff may", () => {
    expect(mayIssueReset({ userId: "x", roleInEvent: null }, duelist, E)).toEqual({ ok: false, reason: "NOT_STAFF" });
  });
  it("an organizer account is refused even when it plays in the event", () => {
    expect(mayIssueReset(judge, { ...duelist, isOrganizer: true }, E)).toEqual({ ok: false, reason: "HOLDS_ROLE" });
  });
  it("an account that organizes or judges any event is refused", () => {
    expect(mayIssueReset(judge, { ...duelist, staffRoles: [{ eventId: "other", role: "ORGANIZER" }] }, E)).toEqual({
      ok: false,
      reason: "HOLDS_ROLE",
    });
    expect(mayIssueReset(organizer, { ...duelist, staffRoles: [{ eventId: "other", role: "JUDGE" }] }, E)).toEqual({
      ok: false,
      reason: "HOLDS_ROLE",
    });
  });
  it("a judge the issuer created, judging only this event, may be reset by that issuer only", () => {
    const created: ResetTarget = {
      userId: "n",
      isOrganizer: false,
      staffRoles: [{ eventId: E, role: "JUDGE" }],
      duelistInEvent: false,
      createdById: "o",
    };
    expect(mayIssueReset(organizer, created, E)).toEqual({ ok: true });
    expect(mayIssueReset(judge, created, E)).toEqual({ ok: false, reason: "HOLDS_ROLE" });
    expect(mayIssueReset(organizer, { ...created, staffRoles: [...created.staffRoles, { eventId: "other", role: "JUDGE" }] }, E)).toEqual({
      ok: false,
      reason: "HOLDS_ROLE",
    });
  });
  it("an account that is not a duelist of the event is refused; so is the issuer's own account", () => {
    expect(mayIssueReset(judge, { ...duelist, duelistInEvent: false }, E)).toEqual({ ok: false, reason: "NOT_IN_EVENT" });
    expect(mayIssueReset(judge, { ...duelist, userId: "j" }, E)).toEqual({ ok: false, reason: "SELF" });
  });
});

describe("reset rule, self-made player accounts (issue #16)", () => {
  const entrant: ResetTarget = { ...duelist, duelistInEvent: false, enteredEvent: true };
  it("a player who entered the event alone or registered a team waiting for the partner may be reset by its staff", () => {
    expect(mayIssueReset(judge, entrant, E)).toEqual({ ok: true });
  });
  it("a player who never entered the event may not", () => {
    expect(mayIssueReset(judge, { ...entrant, enteredEvent: false }, E)).toEqual({ ok: false, reason: "NOT_IN_EVENT" });
  });
  it("having entered does not lift the staff-role refusal", () => {
    expect(mayIssueReset(judge, { ...entrant, staffRoles: [{ eventId: "other", role: "JUDGE" }] }, E)).toEqual({
      ok: false,
      reason: "HOLDS_ROLE",
    });
  });
});
