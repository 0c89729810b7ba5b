/**
 * KTS `.Tournament` import and export on real Postgres (issue #17, lib/server/interop/kts.ts):
 * CASES C60 (updated) as a BOM + CRLF file whose Points are C60's hand-computed KTS numbers; a 1v1
 * store event with a bye, an unopposed loss (a late entry), a drop, a draw and a Top 4 whose Rank
 * column Tandem's placings reproduce; export → import gives the same event; a DOCTYPE is refused and
 * nothing is written, and so is a `<Name>` the create-event form refuses (issue #17).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { rowCounts, useTestDatabase } from "./db";
import { makeUser } from "./fixtures";
import { db } from "@/lib/db";
import { ktsFormat } from "@/lib/server/interop/kts";
import { ACTIONS } from "@/lib/server/actions";
import { parseKts } from "@/lib/interop/kts";
import { eventPlacings } from "@/lib/server/read/placings";
import { eventStandings } from "@/lib/server/read/standings";

await useTestDatabase();

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, "../fixtures/kts", name), "utf8");

/** The event as people see it: teams with duelists and IDs, drops, late entries, every round's results, placings. */
async function eventShape(eventId: string) {
  const ev = await db().event.findUniqueOrThrow({ where: { id: eventId } });
  const teams = await db().team.findMany({
    where: { eventId },
    orderBy: { number: "asc" },
    include: { duelists: { orderBy: { designation: "asc" } } },
  });
  const name = new Map(teams.map((t) => [t.id, t.name]));
  const rounds = await db().round.findMany({
    where: { eventId },
    orderBy: { number: "asc" },
    include: { matches: { orderBy: { table: "asc" }, include: { teams: { orderBy: { slot: "asc" } } } } },
  });
  const { standings } = await eventStandings(db(), eventId);
  const placings = await eventPlacings(eventId);
  return {
    event: {
      name: ev.name,
      preset: ev.formatPreset,
      startsOn: ev.startsOn?.toISOString().slice(0, 10),
      status: ev.status,
      topCut: ev.topCut,
    },
    teams: teams.map((t) => ({
      name: t.name,
      status: t.status,
      droppedAfter: t.droppedAfter,
      entryRound: t.entryRound,
      duelists: t.duelists.map((d) => `${d.designation} ${d.name} ${d.playerId}`),
    })),
    rounds: rounds.map((r) => ({
      number: r.number,
      kind: r.kind,
      matches: r.matches.map((m) => `${m.table}: ${m.teams.map((t) => name.get(t.teamId)).join(" v ")} ${m.outcome} ${m.winnerSlot ?? ""}`),
    })),
    kts: standings.map((s) => `${name.get(s.teamId)} ${s.kts}`),
    placings: placings.placings!.map((p) => `${p.place} ${name.get(p.teamId)}`),
  };
}

describe("KTS .Tournament import and export", () => {
  it("CASES C60 as a BOM + CRLF file imports with standings: 5/5 players match the file", async () => {
    const to = await makeUser("kts-to", { organizer: true });
    const text = fixture("c60-five-player-swiss.Tournament");
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(text).toContain("\r\n");
    expect(ktsFormat.detect!(text.slice(0, 200))).toBe(true);
    const { eventId, report } = await ktsFormat.importEvent!(text, to);
    expect(report).toEqual(["standings: 5/5 players match the file", "placings: 5/5 players match the file's Rank"]);
    const shape = await eventShape(eventId);
    expect(shape.event).toEqual({
      name: "C60 Five-Player Swiss",
      preset: "KONAMI_STANDARD_1V1",
      startsOn: "2026-11-28",
      status: "FINISHED",
      topCut: 0,
    });
    // C60: standings C, A, E, B, D with KTS numbers 9444761, 6666571, 6500733, 3833555, 3833466.
    expect(shape.kts).toEqual([
      "Chiara Conti 9444761",
      "Alice Abate 6666571",
      "Elena Esposito 6500733",
      "Bruno Bianchi 3833555",
      "Dario De Luca 3833466",
    ]);
    // Match IDs written without the leading zeros (round 1) still name the 10-digit players.
    expect(shape.rounds[0].matches).toEqual([
      "0: Elena Esposito BYE ",
      "1: Alice Abate v Bruno Bianchi WIN 1",
      "2: Chiara Conti v Dario De Luca WIN 1",
    ]);
    expect(shape.teams[0].duelists).toEqual(["A Alice Abate 0300000101"]);
    const audit = await db().auditLog.findMany({ where: { eventId } });
    expect(audit.map((a) => a.action)).toEqual(["event.kts_import"]);
  });

  it("the organizer page's import button takes a .Tournament file too: the same event and report; a judge is refused", async () => {
    const to = await makeUser("kts-page-to", { organizer: true });
    const judge = await makeUser("kts-page-judge");
    const text = fixture("c60-five-player-swiss.Tournament");
    const before = await rowCounts();
    const refused = await ACTIONS.importEventArchive.handle(judge, { text, fileName: "c60.Tournament" });
    expect(refused.ok ? null : refused.error.code).toBe("FORBIDDEN");
    expect(await rowCounts()).toEqual(before);
    const res = await ACTIONS.importEventArchive.handle(to, { text, fileName: "c60.Tournament" });
    if (!res.ok) throw new Error(res.error.message);
    const data = res.data as { eventId: string; name: string; teams: number; report: string[] };
    expect([data.name, data.teams]).toEqual(["C60 Five-Player Swiss", 5]);
    expect(data.report).toEqual(["standings: 5/5 players match the file", "placings: 5/5 players match the file's Rank"]);
    const shape = await eventShape(data.eventId);
    expect(shape.kts[0]).toBe("Chiara Conti 9444761");
    const audit = await db().auditLog.findMany({ where: { eventId: data.eventId } });
    expect(audit.map((a) => a.action)).toEqual(["event.kts_import"]);
  });

  it("a 1v1 event with a bye, an unopposed loss, a drop, a draw and a Top 4 imports with places equal to Rank", async () => {
    const to = await makeUser("kts-to2", { organizer: true });
    const text = fixture("store-1v1-top4.Tournament");
    const { eventId, report } = await ktsFormat.importEvent!(text, to);
    expect(report).toEqual(["standings: 7/7 players match the file", "placings: 7/7 players match the file's Rank"]);
    const shape = await eventShape(eventId);
    const file = parseKts(text);
    const rankOf = new Map(file.players.map((p) => [`${p.firstName} ${p.lastName}`, p.rank]));
    expect(shape.placings).toEqual([...rankOf].sort((a, b) => a[1] - b[1]).map(([n, r]) => `${r} ${n}`));
    expect(shape.placings.slice(0, 4)).toEqual(["1 Paolo Neri", "2 Pia Marino", "3 Pietro Ferri", "4 Pamela Rizzo"]);
    const team = (n: string) => shape.teams.find((t) => t.name === n)!;
    expect(team("Priya Orsini")).toMatchObject({ status: "DROPPED", droppedAfter: 2 }); // DropReason Drop, DropRound 2
    expect(team("Pamela Rizzo")).toMatchObject({ status: "ACTIVE", entryRound: 2 }); // round 1: opponent 0, Winner 0
    expect(shape.rounds[0].matches).toContain("2: Piero Lombardi v Pia Marino DRAW ");
    expect(shape.rounds[1].matches).toContain("0: Priya Orsini BYE ");
    expect(shape.rounds.map((r) => r.kind)).toEqual(["SWISS", "SWISS", "SWISS", "TOP_CUT", "TOP_CUT"]);
    expect(shape.event.topCut).toBe(4);

    // Export → import gives the same event, and exporting that again gives the same bytes.
    const out = await ktsFormat.exportEvent(eventId);
    expect(out.fileName).toBe("Store Championship Top 4.Tournament");
    const again = await ktsFormat.importEvent!(out.body, to);
    expect(again.report).toEqual(report);
    expect(await eventShape(again.eventId)).toEqual(shape);
    expect((await ktsFormat.exportEvent(again.eventId)).body).toBe(out.body);
    const exported = parseKts(out.body);
    expect(exported.players.find((p) => p.lastName === "Orsini")).toMatchObject({
      dropReason: "Drop",
      dropRound: 2,
      rank: 5,
      points: 3666666,
    });
    expect(exported.players.find((p) => p.lastName === "Greco")).toMatchObject({ dropReason: "PlayoffCut", dropRound: 3, rank: 7 });
    expect(exported.matches.filter((m) => m.round === 1 && m.player2 === null)).toEqual([
      { player1: "0072345678", player2: null, round: 1, status: "Winner", table: 0, winner: null, playoff: false },
    ]);
  });

  it("a Tag event exports one TournPlayer per duelist (TeamPosition 1 = A, 2 = B) and imports back as the same teams", async () => {
    const to = await makeUser("kts-to3", { organizer: true });
    const text = fixture("c60-five-player-swiss.Tournament");
    // The C60 file as a Tag event: each player gets a partner (TeamPosition 2) right after them.
    const tag = text.replace(/<TeamPosition>0<\/TeamPosition>/g, "<TeamPosition>1</TeamPosition>").replace(
      /(<TournPlayer>[\s\S]*?<ID>03000001(\d\d)<\/ID>[\s\S]*?<\/TournPlayer>\r\n)/g,
      (block, _all, n) =>
        block +
        block
          .replace(`03000001${n}`, `04000001${n}`)
          .replace("<TeamPosition>1<", "<TeamPosition>2<")
          .replace(/<FirstName>/, "<FirstName>Partner of "),
    );
    const { eventId, report } = await ktsFormat.importEvent!(tag, to);
    expect(report[0]).toBe("standings: 10/10 players match the file");
    const shape = await eventShape(eventId);
    expect(shape.event.preset).toBe("KONAMI_TAG_2019");
    expect(shape.teams[0].duelists).toEqual(["A Alice Abate 0300000101", "B Partner of Alice Abate 0400000101"]);
    const out = parseKts((await ktsFormat.exportEvent(eventId)).body);
    expect(out.players.slice(0, 2).map((p) => [p.id, p.teamPosition, p.notes])).toEqual([
      ["0300000101", 1, "Alice Abate & Partner of Alice Abate"],
      ["0400000101", 2, "Alice Abate & Partner of Alice Abate"],
    ]);
    const back = await ktsFormat.importEvent!((await ktsFormat.exportEvent(eventId)).body, to);
    expect(await eventShape(back.eventId)).toEqual(shape);
  });

  it("two players of the same 79-character name get distinct team names within 80 characters (the second with its Player ID)", async () => {
    const to = await makeUser("kts-same", { organizer: true });
    const [first, last] = ["F".repeat(39), "L".repeat(39)];
    const text = fixture("c60-five-player-swiss.Tournament")
      .replace("<FirstName>Alice</FirstName>", `<FirstName>${first}</FirstName>`)
      .replace("<LastName>Abate</LastName>", `<LastName>${last}</LastName>`)
      .replace("<FirstName>Bruno</FirstName>", `<FirstName>${first}</FirstName>`)
      .replace("<LastName>Bianchi</LastName>", `<LastName>${last}</LastName>`);
    const { eventId } = await ktsFormat.importEvent!(text, to);
    const names = (await db().team.findMany({ where: { eventId }, orderBy: { number: "asc" } })).map((t) => t.name);
    const same = names.filter((n) => n.startsWith("FFF"));
    expect(same).toHaveLength(2);
    expect(new Set(same).size).toBe(2);
    expect(same.map((n) => n.length <= 80)).toEqual([true, true]);
    expect(same.some((n) => /\(0300000\d+\)$/.test(n))).toBe(true);
  });

  it("a file with a DOCTYPE is refused with the reason and nothing is written", async () => {
    const to = await makeUser("kts-to4", { organizer: true });
    const before = await rowCounts();
    const text = fixture("c60-five-player-swiss.Tournament").replace(
      "<Tournament>",
      '<!DOCTYPE Tournament [<!ENTITY e "x">]>\r\n<Tournament>',
    );
    await expect(ktsFormat.importEvent!(text, to)).rejects.toThrow(
      "The file contains a <!DOCTYPE> declaration; .Tournament files with a DOCTYPE are refused.",
    );
    const broken = fixture("store-1v1-top4.Tournament").replace("<Player>0</Player>", "<Player>0012345678</Player>");
    await expect(ktsFormat.importEvent!(broken, to)).rejects.toThrow("Round 1, table 0: player 0012345678 plays twice in round 1");
    expect(await rowCounts()).toEqual(before);
  });

  it("a 121-character <Name> is refused naming Tournament/Name and nothing is written; 120 characters import", async () => {
    const to = await makeUser("kts-to5", { organizer: true });
    const before = await rowCounts();
    const named = (name: string) =>
      fixture("c60-five-player-swiss.Tournament").replace("<Name>C60 Five-Player Swiss</Name>", `<Name>${name}</Name>`);
    await expect(ktsFormat.importEvent!(named("n".repeat(121)), to)).rejects.toThrow(
      "Tournament/Name: the event name is too long (at most 120 characters)",
    );
    await expect(ktsFormat.importEvent!(named("\u202Eevil\u202C"), to)).rejects.toThrow(
      "Tournament/Name: the event name must not contain NUL, unpaired surrogate or bidirectional override characters",
    );
    expect(await rowCounts()).toEqual(before);
    const { eventId } = await ktsFormat.importEvent!(named("n".repeat(120)), to);
    expect((await db().event.findUniqueOrThrow({ where: { id: eventId } })).name).toBe("n".repeat(120));
  });

  it("only an organizer account may import", async () => {
    const judge = await makeUser("kts-judge");
    const before = await rowCounts();
    await expect(ktsFormat.importEvent!(fixture("c60-five-player-swiss.Tournament"), judge)).rejects.toThrow(
      "Only organizer accounts can import events.",
    );
    expect(await rowCounts()).toEqual(before);
  });
});
