/**
 * Roster import (issue #17 Acceptance "Roster"), through the registered actions on real Postgres:
 * a header plus 300 rows with 7 bad ones (among them a Player ID repeated inside the file and one
 * already registered) previews with 7 line-numbered reasons and saves nothing; confirming is refused
 * while a line is bad; without the bad lines it registers 293 teams in one go. Formula-looking cells
 * are stored as the text typed. Single-player rows are shown as going to the partner pool.
 */
import { describe, expect, it } from "vitest";
import { rowCounts, useTestDatabase } from "./db";
import { makeEvent, must } from "./fixtures";
import { db } from "@/lib/db";
import { ACTIONS } from "@/lib/server/actions";
import type { RosterPreview } from "@/lib/interop/roster";

await useTestDatabase();

const HEADER = "Team name,A name,A Player ID,B name,B Player ID";
const row = (i: number) => `Team ${i},Alpha ${i},${1000 + i},Beta ${i},${5000 + i}`;

describe("roster import", () => {
  it("300 rows with 7 bad ones: 7 line-numbered reasons, nothing saved until confirmed, then 293 teams", async () => {
    const ev = await makeEvent("roster");
    await must("registerTeam", ev.judge, {
      eventId: ev.eventId,
      name: "Already Here",
      a: { name: "Old A", playerId: "777" },
      b: { name: "Old B" },
    });
    const rows = Array.from({ length: 300 }, (_, i) => row(i + 1));
    // Line n of the text is rows[n - 2] (line 1 is the header).
    const bad: Record<number, string> = {
      10: "Team 3,Alpha 9,1009,Beta 9,5009", // the team name of line 4 (Team 3)
      25: "Team 24,Alpha 24,1010,Beta 24,5024", // A Player ID 1010 is on line 11 (Team 10)
      40: "Team 39,Alpha 39,777,Beta 39,5039", // Player ID 777 already registered (team "Already Here")
      55: ",Alpha 54,1054,Beta 54,5054", // no team name
      70: "Team 69,Alpha 69,10 69,Beta 69,5069", // Player ID with a space
      85: "Team 84,Alpha 84,1084,,5084", // B's Player ID without a name
      100: "Team 99,Alpha 99,1099,Beta 99,1099", // A and B with one Player ID
    };
    for (const [line, text] of Object.entries(bad)) rows[Number(line) - 2] = text;
    rows[130 - 2] = '"=HYPERLINK(""http://x"")",@Alpha,1129,+Beta -1,5129'; // formula-looking cells are kept as text
    const text = [HEADER, ...rows].join("\r\n") + "\r\n";
    const before = await rowCounts();

    const preview = await must<RosterPreview>("previewRoster", ev.judge, { eventId: ev.eventId, text });
    expect(preview.header).toBe(true);
    expect(preview.problems.map((p) => p.message)).toEqual([
      'line 10: team "Team 3" is already on line 4',
      "line 25: Player ID 1010 is already on line 11",
      'line 40: Player ID 777 is already registered (team "Already Here")',
      "line 55: the team name is required",
      'line 70: A Player ID: "10 69" — letters, digits and dashes only',
      "line 85: B's Player ID is given without B's name",
      "line 100: A and B have the same Player ID 1099",
    ]);
    expect(preview.teams).toHaveLength(293);
    expect(await rowCounts()).toEqual(before);

    const refused = await ACTIONS.importRoster.handle(ev.judge, { eventId: ev.eventId, text });
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.error.code).toBe("ROSTER_PROBLEMS");
      expect(refused.error.details?.map((d) => d.line)).toEqual([10, 25, 40, 55, 70, 85, 100]);
    }
    expect(await rowCounts()).toEqual(before);

    const goodOnly = text
      .split("\r\n")
      .filter(
        (_, i) =>
          !Object.keys(bad)
            .map(Number)
            .includes(i + 1),
      )
      .join("\r\n");
    const saved = await must<{ teams: number; singles: number }>("importRoster", ev.judge, { eventId: ev.eventId, text: goodOnly });
    expect(saved).toEqual({ teams: 293, singles: 0, waitlisted: 0 });
    const teams = await db().team.findMany({ where: { eventId: ev.eventId }, include: { duelists: { orderBy: { designation: "asc" } } } });
    expect(teams).toHaveLength(294);
    const formula = teams.find((t) => t.name.startsWith("=HYPERLINK"))!;
    expect(formula.name).toBe('=HYPERLINK("http://x")');
    expect(formula.duelists.map((d) => [d.name, d.playerId])).toEqual([
      ["@Alpha", "1129"],
      ["+Beta -1", "5129"],
    ]);
    const audit = await db().auditLog.findMany({ where: { eventId: ev.eventId, action: "roster.import" } });
    expect(audit.map((a) => a.after)).toEqual([{ teams: 293, count: 0 }]);
  });

  it("a line with only duelist A previews as a single player and is saved into the partner pool (issue #16)", async () => {
    const ev = await makeEvent("roster-single");
    const text = "Pairs,Ann,2001,Bea,2002\nSolo,Cid,2003\n";
    const preview = await must<RosterPreview>("previewRoster", ev.judge, { eventId: ev.eventId, text });
    expect(preview.singles).toEqual([{ line: 2, team: "Solo", name: "Cid", playerId: "2003" }]);
    expect(preview.teams.map((t) => t.name)).toEqual(["Pairs"]);
    const res = await ACTIONS.importRoster.handle(ev.judge, { eventId: ev.eventId, text });
    expect(res.ok).toBe(true);
    const pool = await db().partnerPoolEntry.findMany({ where: { eventId: ev.eventId } });
    expect(pool.map((p) => [p.name, p.playerId, p.status])).toEqual([["Cid", "2003", "POOL"]]);
    expect(await db().team.count({ where: { eventId: ev.eventId } })).toBe(1);
    const again = await ACTIONS.importRoster.handle(ev.judge, { eventId: ev.eventId, text: "Solo,Cid,2003\n" });
    expect(again.ok ? null : again.error.code).toBe("ALREADY_ENTERED");
    expect(await db().partnerPoolEntry.count({ where: { eventId: ev.eventId } })).toBe(1);
  });

  it("a roster holding U+FFFD (Windows-1252 read as UTF-8) is refused with FILE_NOT_UTF8 naming line 3; nothing is saved", async () => {
    const ev = await makeEvent("roster-enc");
    // What Blob.text() made of Excel's Windows-1252 "Équipe Ça,José Muñoz,…" (lib/textFile.ts now decodes it).
    const text = `${HEADER}\r\nPairs,Ann,2001,Bea,2002\r\n\uFFFDquipe \uFFFDa,Jos\uFFFD Mu\uFFFDoz,2003,Eva,2004\r\n`;
    const before = await rowCounts();
    for (const action of ["previewRoster", "importRoster"] as const) {
      const res = await ACTIONS[action].handle(ev.judge, { eventId: ev.eventId, text });
      expect(res).toEqual({
        ok: false,
        error: {
          code: "FILE_NOT_UTF8",
          message: "The file is not UTF-8: line 3 has characters that could not be read. Save it as “CSV UTF-8” and upload it again.",
          field: "text",
          params: { line: 3, what: "csv" },
        },
      });
    }
    expect(await rowCounts()).toEqual(before);
    expect(await db().team.count({ where: { eventId: ev.eventId } })).toBe(0);
    // The same roster decoded right imports with its accents.
    const fixed = text.replace("\uFFFDquipe \uFFFDa,Jos\uFFFD Mu\uFFFDoz", "Équipe Ça,José Muñoz");
    expect(await must("importRoster", ev.judge, { eventId: ev.eventId, text: fixed })).toEqual({ teams: 2, singles: 0, waitlisted: 0 });
    const names = await db().duelist.findMany({ where: { eventId: ev.eventId, playerId: "2003" }, include: { team: true } });
    expect(names.map((d) => [d.team.name, d.name])).toEqual([["Équipe Ça", "José Muñoz"]]);
  });
});
