import { describe, expect, it } from "vitest";
import { eventTabPaths, type EventTabsInput } from "@/lib/venue/eventTabs";

const base: EventTabsInput = {
  role: null,
  duelist: false,
  selfRegistration: false,
  decklistsPublished: false,
  flightSize: null,
  seriesId: null,
  status: "RUNNING",
};

describe("event tab bar (issue #16: a duelist's card first on a phone)", () => {
  it("a duelist sees their card and report right after the overview, and no staff tab", () => {
    const tabs = eventTabPaths({ ...base, duelist: true, selfRegistration: true });
    expect(tabs.slice(0, 3)).toEqual(["", "/me", "/report"]);
    expect(tabs).toEqual(["", "/me", "/report", "/register", "/pairings", "/standings", "/bracket", "/teams", "/decklists", "/rules"]);
  });

  it("the public sees results pages only; decklists once published", () => {
    expect(eventTabPaths(base)).toEqual(["", "/pairings", "/standings", "/bracket", "/teams", "/rules"]);
    expect(eventTabPaths({ ...base, decklistsPublished: true })).toContain("/decklists");
  });

  it("staff get the desk tabs; an organizer sets up a flight series before round 1; a flight's duelist has no /me (series card)", () => {
    const org = eventTabPaths({ ...base, role: "ORGANIZER", status: "REGISTRATION" });
    expect(org.slice(-6)).toEqual(["/outstanding", "/admin", "/operations", "/registrations", "/venue", "/flights"]);
    expect(eventTabPaths({ ...base, role: "JUDGE", status: "REGISTRATION" })).not.toContain("/flights");
    expect(eventTabPaths({ ...base, duelist: true, flightSize: 8 })).toEqual([
      "",
      "/pairings",
      "/standings",
      "/bracket",
      "/teams",
      "/decklists",
      "/rules",
      "/flights",
    ]);
  });
});
