import { describe, expect, it } from "vitest";
import { currentTab, eventTabPaths, type EventTabsInput } from "@/lib/venue/eventTabs";

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

describe("the current tab (marked in the bar)", () => {
  const staff = eventTabPaths({ ...base, role: "JUDGE" });
  const at = (path: string) => currentTab(staff, "/events/e1", path);
  it("the overview only on the event's own page", () => {
    expect(at("/events/e1")).toBe("");
    expect(at("/events/e1/")).toBe("");
  });
  it("a tab's page and the pages under it; a page of no tab marks none", () => {
    expect(at("/events/e1/venue")).toBe("/venue");
    expect(at("/events/e1/admin/audit")).toBe("/admin");
    expect(at("/events/e1/rounds/2")).toBeNull();
    expect(at("/events/e1/reporting")).toBeNull(); // not "/report": a path segment, not a prefix
  });
  it("a tab the viewer does not have is never current", () => {
    const publicTabs = eventTabPaths(base);
    expect(currentTab(publicTabs, "/events/e1", "/events/e1/venue")).toBeNull();
  });
});
