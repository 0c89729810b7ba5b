import { describe, expect, it } from "vitest";
import { CardIndex, mergeCards, readCdb, readYgoprodeckJson, ygoprodeckLimit } from "../../lib/decks/cdb";
import { sqlWasmBinary } from "../../lib/server/sqlWasm";
import { checkDuelist } from "../../lib/decks/legality";
import { PRESETS } from "../../lib/formats/presets";
import { loadMergedCards, readBytes } from "./helpers";

describe("card DB (SOURCES.md)", () => {
  it("SOURCES: merged 2026-08-22 cdb has 14,893 cards; 610 Fusion, 553 Synchro, 624 Xyz, 500 Link, 243 Token", async () => {
    const { records } = await loadMergedCards();
    expect(records.length).toBe(14893);
    const bit = (b: number) => records.filter((c) => (c.type & b) !== 0).length;
    expect(bit(0x40)).toBe(610);
    expect(bit(0x2000)).toBe(553);
    expect(bit(0x800000)).toBe(624);
    expect(bit(0x4000000)).toBe(500);
    expect(records.filter((c) => c.isToken).length).toBe(243);
    expect(bit(0x1000000)).toBe(397); // Pendulum rows (SOURCES.md)
    expect(records.filter((c) => c.alias !== 0).length).toBe(435);
    expect(records.filter((c) => c.alias !== 0 && Math.abs(c.alias - c.passcode) <= 10).length).toBe(386);
  });

  it("SOURCES: type bits give isExtra / isToken (Linkuriboh Link, Primal Being Token, Accesscode Talker)", async () => {
    const { index } = await loadMergedCards();
    expect(index.get(41999284)).toMatchObject({ name: "Linkuriboh", isExtra: true, isToken: false });
    expect(index.get(27204312)).toMatchObject({ name: "Primal Being Token", type: 0x4011, isToken: true, isExtra: false });
    expect(index.get(86066372)?.isExtra).toBe(true);
    expect(index.get(16178681)?.isExtra).toBe(false); // Odd-Eyes Pendulum Dragon: Pendulum alone is not Extra
    expect(index.get(94145021)).toMatchObject({ name: "Droll & Lock Bird", isExtra: false });
  });

  it("DL02: canonical(passcode) = alias || passcode (alt arts and far aliases)", async () => {
    const { index } = await loadMergedCards();
    expect(index.canonical(89631143)).toBe(89631139); // Blue-Eyes alt art
    expect(index.canonical(14558128)).toBe(14558127); // Ash Blossom alt art
    expect(index.canonical(4280259)).toBe(4280258); // Apollousa
    expect(index.canonical(36996508)).toBe(46986414); // Dark Magician, far alias
    expect(index.canonical(14558127)).toBe(14558127);
    expect(index.canonical(999999999)).toBe(999999999); // unknown → itself
  });

  it("name lookup prefers the non-alias record and ignores case/quotes", async () => {
    const { index } = await loadMergedCards();
    expect(index.findByName("ash blossom & joyous spring")?.passcode).toBe(14558127);
    expect(index.findByName("Dark Magician")?.passcode).toBe(46986414);
    expect(index.findByName("Harpie’s Feather Duster")?.passcode).toBe(18144506);
    expect(index.findByName("No Such Card")).toBeUndefined();
  });

  it("mergeCards: DeltaPuppetOfStrings delta over BabelCDB 2020-03-30 adds only new passcodes, updates in place", async () => {
    const old = await readCdb(readBytes("cards", "babelcdb_cards_2020-03-30.cdb"), { wasmBinary: await sqlWasmBinary() });
    const delta = await readCdb(readBytes("cards", "deltapuppetofstrings_cards.delta.cdb"), { wasmBinary: await sqlWasmBinary() });
    expect(old.length).toBe(10628);
    expect(delta.length).toBe(3202);
    const m = mergeCards(old, delta);
    expect(m.added).toBe(1852);
    expect(m.updated).toBe(1350);
    expect(m.changed).toBe(50);
    expect(m.cards.length).toBe(10628 + 1852);
    // inputs untouched, result sorted
    expect(old.length).toBe(10628);
    expect(m.cards.every((c, i) => i === 0 || m.cards[i - 1].passcode < c.passcode)).toBe(true);
    // a delta row wins over the old row
    const idx = new CardIndex(m.cards);
    const d0 = delta[0];
    expect(idx.get(d0.passcode)).toBe(d0);
  });

  it("mergeCards on tiny inputs: counts added / updated / changed", () => {
    const a = { passcode: 1, alias: 0, name: "A", type: 1, ot: 3, isExtra: false, isToken: false };
    const b = { ...a, passcode: 2, name: "B" };
    const m = mergeCards([a, b], [{ ...b, name: "B2" }, { ...a }, { ...a, passcode: 3 }]);
    expect([m.added, m.updated, m.changed, m.cards.map((c) => c.name)]).toEqual([1, 2, 1, ["A", "B2", "A"]]);
  });

  it("readCdb rejects bytes that are not a card database", async () => {
    await expect(readCdb(new TextEncoder().encode("not sqlite at all"), { wasmBinary: await sqlWasmBinary() })).rejects.toThrow();
  });
});

describe("YGOPRODeck JSON (RULES §7.4)", () => {
  it("C75: banlist_info mapping for a TCG event (Banned/Forbidden both 0; OCG status ignored)", () => {
    expect(ygoprodeckLimit({}, "tcg")).toBe(3);
    expect(ygoprodeckLimit({ banlist_info: { ban_tcg: "Banned" } }, "tcg")).toBe(0);
    expect(ygoprodeckLimit({ banlist_info: { ban_tcg: "Forbidden", ban_ocg: "Limited" } }, "tcg")).toBe(0);
    expect(ygoprodeckLimit({ banlist_info: { ban_tcg: "Semi-Limited" } }, "tcg")).toBe(2);
    expect(ygoprodeckLimit({ banlist_info: { ban_ocg: "Limited" } }, "tcg")).toBe(3);
    expect(ygoprodeckLimit({ banlist_info: { ban_ocg: "Limited" } }, "ocg")).toBe(1);
  });

  it("C76: card_images alt-art ids alias to the card id; 2 + 2 copies = 4 > 3 → illegal", () => {
    const X = 46986415;
    const json = {
      data: [
        { id: 46986414, name: "Dark Magician", type: "Normal Monster", frameType: "normal", card_images: [{ id: 46986414 }, { id: X }] },
        {
          id: 1861629,
          name: "Decode Talker",
          type: "Link Monster",
          frameType: "link",
          card_images: [{ id: 1861629 }],
          banlist_info: { ban_tcg: "Limited" },
        },
      ],
    };
    const { cards, banlists } = readYgoprodeckJson(json);
    expect(cards.map((c) => [c.passcode, c.alias, c.isExtra])).toEqual([
      [46986414, 0, false],
      [X, 46986414, false],
      [1861629, 0, true],
    ]);
    expect(banlists.tcg.entries.get(1861629)).toBe(1);
    const index = new CardIndex(cards);
    const main = [46986414, 46986414, X, X];
    const res = checkDuelist({ main, extra: [], side: [] }, { preset: PRESETS.KONAMI_STANDARD_1V1, cards: index });
    const copies = res.violations.filter((v) => v.code === "TOO_MANY_COPIES");
    expect(copies).toHaveLength(1);
    expect(copies[0]).toMatchObject({ card: { key: 46986414, name: "Dark Magician" }, count: 4, limit: 3 });
  });

  it("readYgoprodeckJson tolerates odd shapes (no data, bad ids)", () => {
    expect(readYgoprodeckJson(null).cards).toEqual([]);
    expect(readYgoprodeckJson({ data: [{ id: "x" }, 5, null] }).cards).toEqual([]);
    expect(readYgoprodeckJson({ id: 55144522, name: "Pot of Greed", type: "Spell Card", frameType: "spell" }).cards[0]).toMatchObject({
      passcode: 55144522,
      type: 2,
    });
  });
});

describe("checked .cdb reader: table shapes (issue #12 Card files)", () => {
  it("a WITHOUT ROWID datas or texts table is refused (not ordinary, no SQLite message); extra columns, triggers ignored", async () => {
    const { default: initSqlJs } = await import("sql.js");
    const { readCdbRows } = await import("../../lib/decks/cdbRows.mjs");
    const SQL = await initSqlJs();
    const file = (datasTail: string, textsTail: string, extra: string[] = []) => {
      const d = new SQL.Database();
      d.run(`CREATE TABLE datas (id INTEGER PRIMARY KEY, ot INTEGER, alias INTEGER, type INTEGER, evil BLOB)${datasTail}`);
      d.run(`CREATE TABLE texts (id INTEGER PRIMARY KEY, name TEXT, desc TEXT)${textsTail}`);
      for (const s of extra) d.run(s);
      d.run("INSERT INTO datas VALUES (89631139, 3, 0, 17, zeroblob(100000))");
      d.run(`INSERT INTO texts VALUES (89631139, '${"B".repeat(300)}', 'x')`);
      const b = d.export();
      d.close();
      return b;
    };
    for (const [datas, texts, table] of [
      [" WITHOUT ROWID", "", "datas"],
      ["", " WITHOUT ROWID", "texts"],
    ]) {
      const r = readCdbRows(SQL, file(datas, texts));
      expect(r).toEqual({
        ok: false,
        more: 0,
        errors: [
          {
            table: null,
            row: null,
            code: "NOT_A_TABLE",
            message: `"${table}" is a WITHOUT ROWID table, not an ordinary table`,
            params: { table, kind: "WITHOUT ROWID table" },
          },
        ],
      });
    }
    // An ordinary file with an unread BLOB column and a trigger: read (the 300-character name is the only fault).
    const r = readCdbRows(SQL, file("", "", ["CREATE TRIGGER t AFTER INSERT ON datas BEGIN SELECT 1; END"]));
    expect(r).toMatchObject({ ok: false, errors: [{ code: "NAME_TOO_LONG", table: "texts", row: 1 }] });
  });

  it("name and card text caps count characters, not bytes: 200 / 10,000 two-byte characters read, 201 / 10,001 refused", async () => {
    const { default: initSqlJs } = await import("sql.js");
    const { readCdbRows } = await import("../../lib/decks/cdbRows.mjs");
    const SQL = await initSqlJs();
    const file = (rows: [number, string, string][]) => {
      const d = new SQL.Database();
      d.run("CREATE TABLE datas (id INTEGER PRIMARY KEY, ot INTEGER, alias INTEGER, type INTEGER)");
      d.run("CREATE TABLE texts (id INTEGER PRIMARY KEY, name TEXT, desc TEXT)");
      for (const [id, name, desc] of rows) {
        d.run("INSERT INTO datas VALUES (?, 3, 0, 17)", [id]);
        d.run("INSERT INTO texts VALUES (?, ?, ?)", [id, name, desc]);
      }
      const b = d.export();
      d.close();
      return b;
    };
    // "é" is 2 bytes in UTF-8: 400 and 20,000 bytes, within the character caps.
    const ok = readCdbRows(SQL, file([[1, "é".repeat(200), "é".repeat(10_000)]]));
    expect(ok).toMatchObject({ ok: true, passcodes: [1], names: ["é".repeat(200)] });
    const refused = readCdbRows(
      SQL,
      file([
        [1, "é".repeat(200), "é".repeat(10_000)],
        [2, "é".repeat(201), ""],
        [3, "x", "é".repeat(10_001)],
      ]),
    );
    expect(refused).toMatchObject({
      ok: false,
      errors: [
        { code: "NAME_TOO_LONG", table: "texts", row: 2 },
        { code: "TEXT_TOO_LONG", table: "texts", row: 3 },
      ],
    });
    expect(refused.ok ? [] : refused.errors).toHaveLength(2);
  });
});
