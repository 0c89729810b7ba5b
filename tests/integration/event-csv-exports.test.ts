/**
 * CSV exports of an event (issue #17, lib/server/interop/csv.ts) and who may download them
 * (lib/server/interop/downloads.ts): the full results CSV (Player IDs, places, one column per round
 * with the match), the pairings CSV, EventLink's invite list for a Two-Headed Giant event (names in
 * column A, no header); formula-looking names are guarded like the standings CSV; the files go to
 * the event's staff only, the KTS file to its organizer only.
 */
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "./db";
import { makeEvent, makeUser, must, registerTeams } from "./fixtures";
import { db } from "@/lib/db";
import { inviteListCsv, pairingsCsv, resultsCsv } from "@/lib/server/interop/csv";
import { staffExport } from "@/lib/server/interop/downloads";

await useTestDatabase();

const rowsOf = (body: string) => {
  expect(body.startsWith("\uFEFF")).toBe(true);
  return Papa.parse<string[]>(body.slice(1).trimEnd(), { newline: "\r\n" }).data;
};

describe("event CSV exports", () => {
  it("results and pairings CSV of a Tag event after one round; downloads for staff only", async () => {
    const ev = await makeEvent("csvx");
    const ids = await registerTeams(ev.eventId, ev.judge, 3, "C");
    await db().team.update({ where: { id: ids[2] }, data: { name: "=HYPERLINK(1)" } });
    const { roundId } = await must<{ roundId: string }>("pairNextRound", ev.organizer, { eventId: ev.eventId, seed: "csv" });
    await must("publishRound", ev.organizer, { roundId });
    const ms = await db().match.findMany({
      where: { roundId },
      include: { teams: { orderBy: { slot: "asc" } } },
      orderBy: { table: "asc" },
    });
    const played = ms.find((m) => m.teams.length === 2)!;
    await must("reportResult", ev.judge, { roundId, matchId: played.id, result: "team1" });
    await must("closeRound", ev.organizer, { roundId });
    const name = new Map((await db().team.findMany({ where: { eventId: ev.eventId } })).map((t) => [t.id, t.name]));
    const [winner, loser] = played.teams.map((t) => t.teamId);
    const byeTeam = ms.find((m) => m.teams.length === 1)!.teams[0].teamId;
    const guard = (n: string) => (n.startsWith("=") ? `'${n}` : n);

    const results = rowsOf((await resultsCsv(ev.eventId)).body);
    expect(results[0]).toEqual([
      "place",
      "team",
      "duelist_a",
      "player_id_a",
      "duelist_b",
      "player_id_b",
      "points",
      "wins",
      "losses",
      "draws",
      "byes",
      "dropped",
      "round_1",
    ]);
    const line = (teamId: string) => results.find((r) => r[1] === guard(name.get(teamId)!))!;
    const n = (teamId: string) => Number(/^C(\d)$/.exec(name.get(teamId)!)?.[1] ?? 3);
    expect(line(winner).slice(2, 13)).toEqual([
      `C${n(winner)} Alpha`,
      `C${n(winner)}01`,
      `C${n(winner)} Beta`,
      "",
      "3",
      "1",
      "0",
      "0",
      "0",
      "no",
      `W vs ${name.get(loser)} (table ${played.table})`,
    ]);
    expect(line(loser)[12]).toBe(`L vs ${name.get(winner)} (table ${played.table})`);
    expect(line(byeTeam)[12]).toBe("BYE");
    expect(results.some((r) => r[1] === "'=HYPERLINK(1)")).toBe(true);

    const pairings = rowsOf((await pairingsCsv(ev.eventId)).body);
    expect(pairings[0]).toEqual(["round", "table", "team_1", "team_1_a", "team_1_b", "team_2", "team_2_a", "team_2_b", "result"]);
    const table = pairings.find((r) => r[1] === String(played.table))!;
    expect([table[0], table[2], table[8]]).toEqual(["1", guard(name.get(winner)!), guard(`${name.get(winner)} wins`)]);
    await expect(inviteListCsv(ev.eventId)).rejects.toThrow("EventLink's invite list is for Magic Two-Headed Giant events.");

    // Downloads: staff of the event; the KTS file only for its organizer; nobody else.
    const other = await makeEvent("csvx-other");
    expect((await staffExport(ev.eventId, ev.judge, "results.csv"))?.fileName).toBe("results-csvx-event.csv");
    expect(await staffExport(ev.eventId, ev.judge, "event.Tournament")).toBeNull();
    expect((await staffExport(ev.eventId, ev.organizer, "event.Tournament"))?.fileName).toBe("csvx event.Tournament");
    expect(await staffExport(ev.eventId, other.judge, "results.csv")).toBeNull();
    expect(await staffExport(ev.eventId, other.organizer, "pairings.csv")).toBeNull();
    expect(await staffExport(ev.eventId, null, "results.csv")).toBeNull();
    expect(await staffExport(ev.eventId, ev.organizer, "invite-list.csv")).toBeNull(); // not a 2HG event
  });

  it("EventLink invite list of a Two-Headed Giant event: one player per row, name in column A, no header", async () => {
    const to = await makeUser("csvx-2hg", { organizer: true });
    const { eventId } = await must<{ eventId: string }>("createEvent", to, { name: "Commander Night", formatPreset: "MTG_2HG" });
    await must("registerTeam", to, { eventId, name: "Izzet", a: { name: "Zoë 山田" }, b: { name: "@bob" } });
    await must("registerTeam", to, { eventId, name: "Boros", a: { name: "Carla" }, b: { name: "Dario" } });
    const out = await inviteListCsv(eventId);
    expect(out.fileName).toBe("eventlink-invite-list-commander-night.csv");
    expect(rowsOf(out.body)).toEqual([
      ["Zoë 山田", "Izzet"],
      ["'@bob", "Izzet"],
      ["Carla", "Boros"],
      ["Dario", "Boros"],
    ]);
  });
});
