import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { rowCounts, useTestDatabase } from "./db";
import { importCardsAndWait, makeEvent, makeUser, must, registerTeams } from "./fixtures";
import { ACTIONS } from "@/lib/server/actions";
import { db } from "@/lib/db";

await useTestDatabase();

const data = path.resolve(import.meta.dirname, "../../../shared/data");
const read = (p: string) => readFileSync(path.join(data, p));

describe("card DB, F&L list and decklists through the server layer (issue #2)", () => {
  let ev: Awaited<ReturnType<typeof makeEvent>>;
  let teams: string[];
  beforeAll(async () => {
    ev = await makeEvent("dl");
    const r = await importCardsAndWait(ev.organizer, {
      bytes: new Uint8Array(read("cards/edopro_cards_merged_2026-08-22.cdb")),
      fileName: "edopro_cards_merged_2026-08-22.cdb",
    });
    expect(r).toMatchObject({ added: 14893, total: 14893 });
    const bl = await must<{ name: string; entries: number }>("importBanlist", ev.organizer, {
      eventId: ev.eventId,
      text: read("banlists/ygo_edopro_TCG_2026.05.lflist.conf").toString("utf8"),
    });
    expect(bl.name).toBe("2026.05 TCG");
    teams = await registerTeams(ev.eventId, ev.judge, 2, "D");
  });

  it("re-importing the same .cdb adds nothing and changes nothing", async () => {
    const r = await importCardsAndWait(ev.organizer, { bytes: new Uint8Array(read("cards/edopro_cards_merged_2026-08-22.cdb")) });
    expect(r).toMatchObject({ added: 0, changed: 0, total: 14893 });
  });

  it("C07 via a judge upload: Trickstars.ydk is illegal with exactly two violations", async () => {
    const a = await db().duelist.findFirstOrThrow({ where: { teamId: teams[0], designation: "A" } });
    const r = await must<{ isLegal: boolean; legality: { violations: { code: string; card: { key: number } }[] } }>(
      "submitDecklist",
      ev.judge,
      { duelistId: a.id, text: read("decks/ydk/ignis_distribution_trickstars.ydk").toString("utf8"), fileName: "Trickstars.ydk" },
    );
    expect(r.isLegal).toBe(false);
    expect(r.legality.violations.map((v) => [v.code, v.card.key]).sort()).toEqual([
      ["OVER_LIST_LIMIT", 41999284],
      ["OVER_LIST_LIMIT", 94145021],
    ]);
  });

  it("C09: the Link Strike starter deck is legal", async () => {
    const b = await db().duelist.findFirstOrThrow({ where: { teamId: teams[0], designation: "B" } });
    const r = await must<{ isLegal: boolean }>("submitDecklist", ev.judge, {
      duelistId: b.id,
      text: read("decks/ydk/ignis_distribution_starter_link_strike.ydk").toString("utf8"),
    });
    expect(r.isLegal).toBe(true);
  });

  it("a malformed .ydk is refused naming the line; nothing is written", async () => {
    const b = await db().duelist.findFirstOrThrow({ where: { teamId: teams[1], designation: "B" } });
    const before = await rowCounts();
    const text = ["#main", ...Array.from({ length: 15 }, () => "14558127"), "abc", "14558127"].join("\n");
    const res = await ACTIONS.submitDecklist.handle(ev.judge, { duelistId: b.id, text });
    expect(res.ok).toBe(false);
    if (!res.ok) {
      expect(res.error.message).toBe("line 17: 'abc' is not a passcode");
      expect(res.error.field).toBe("text");
    }
    expect(await rowCounts()).toEqual(before);
  });

  it("a duelist of another team cannot submit for this duelist", async () => {
    const other = await db().duelist.findFirstOrThrow({ where: { teamId: teams[1], designation: "A" } });
    const intruder = await makeUser("intruder");
    await db().duelist.update({ where: { id: other.id }, data: { userId: intruder } });
    const victim = await db().duelist.findFirstOrThrow({ where: { teamId: teams[0], designation: "A" } });
    const before = await rowCounts();
    const res = await ACTIONS.submitDecklist.handle(intruder, { duelistId: victim.id, text: "#main\n14558127\n" });
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.error.code).toBe("FORBIDDEN");
    expect(await rowCounts()).toEqual(before);
  });
});
