import { describe, expect, it } from "vitest";
import { checkInClosePlan, defaultTeamName, orderEditable, placeFor, promotions, registrationOpen } from "@/lib/teams/selfRegistration";

const t = (iso: string) => new Date(iso);

describe("team self-registration rules (issue #16)", () => {
  const w = { selfRegistration: true, opensAt: t("2026-12-01T10:00Z"), closesAt: t("2026-12-05T10:00Z"), started: false, finished: false };
  it("the registration window: open between its ends, closed before/after, closed once round 1 is paired", () => {
    expect(registrationOpen(w, t("2026-12-01T09:59Z"))).toBe("NOT_YET");
    expect(registrationOpen(w, t("2026-12-01T10:00Z"))).toBeNull();
    expect(registrationOpen(w, t("2026-12-05T10:00Z"))).toBe("CLOSED");
    expect(registrationOpen({ ...w, started: true }, t("2026-12-02T10:00Z"))).toBe("CLOSED");
    expect(registrationOpen({ ...w, selfRegistration: false }, t("2026-12-02T10:00Z"))).toBe("NOT_SELF");
  });
  it("caps count teams: with cap 2, the third complete team goes to the waitlist; no cap places everyone", () => {
    expect(placeFor(1, 2)).toBe("PLACED");
    expect(placeFor(2, 2)).toBe("WAITLIST");
    expect(placeFor(500, null)).toBe("PLACED");
  });
  it("a withdrawal frees one place: the first waitlisted team moves up, in waitlist order", () => {
    expect(promotions(["w1", "w2", "w3"], 1, 2)).toEqual(["w1"]);
    expect(promotions(["w1"], 2, 2)).toEqual([]);
  });
  it("check-in closes: each absent placed team loses its place to the next checked-in waitlisted team, in order", () => {
    const plan = checkInClosePlan(
      [
        { id: "p1", checkedIn: true },
        { id: "p2", checkedIn: false },
        { id: "p3", checkedIn: false },
        { id: "p4", checkedIn: false },
      ],
      [
        { id: "w1", checkedIn: false },
        { id: "w2", checkedIn: true },
        { id: "w3", checkedIn: true },
      ],
    );
    // w1 is not checked in: skipped; p4 keeps its place (no checked-in waitlisted team left).
    expect(plan).toEqual([
      { lost: "p2", movedUp: "w2" },
      { lost: "p3", movedUp: "w3" },
    ]);
  });
  it("A/B is editable until the earlier of the decklist deadline and round 1's publication (RULES §1.1)", () => {
    const deadline = t("2026-12-05T09:00Z");
    expect(orderEditable({ decklistDeadline: deadline, round1Published: false }, t("2026-12-05T08:59Z"))).toBe(true);
    expect(orderEditable({ decklistDeadline: deadline, round1Published: false }, t("2026-12-05T09:00Z"))).toBe(false);
    expect(orderEditable({ decklistDeadline: null, round1Published: true }, t("2026-12-01T00:00Z"))).toBe(false);
    expect(orderEditable({ decklistDeadline: null, round1Published: false }, t("2026-12-01T00:00Z"))).toBe(true);
  });
  it('default team name is "A-surname / B-surname"', () => {
    expect(defaultTeamName("Yugi Muto", "Joey Wheeler")).toBe("Muto / Wheeler");
    expect(defaultTeamName("Kaiba", "Mai  Kujaku ")).toBe("Kaiba / Kujaku");
  });
});
