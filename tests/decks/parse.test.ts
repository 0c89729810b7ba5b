import { describe, expect, it } from "vitest";
import { parseDecklist, detectFormat } from "../../lib/decks/parse/detect";
import { parseMtgoDek, parseMtgText, parseXmageDck } from "../../lib/decks/parse/mtgtext";
import { parseYdk, writeYdk } from "../../lib/decks/parse/ydk";
import { decodeYdke, encodeYdke } from "../../lib/decks/parse/ydke";
import { parseYgoText } from "../../lib/decks/parse/ygotext";
import { loadMergedCards, readText } from "./helpers";

const ydkeLines = () =>
  readText("decks", "ydk", "ydke_urls.txt")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "" && !l.startsWith("#"));

const tally = (xs: number[]) => {
  const m = new Map<number, number>();
  for (const x of xs) m.set(x, (m.get(x) ?? 0) + 1);
  return m;
};

describe("ydke:// (RULES §7.2)", () => {
  it("C68: ydke decode", () => {
    const r = decodeYdke("ydke://o6lXBZyFNAI=!viOnAg==!7ydRAA==!");
    expect(r).toEqual({ ok: true, deck: { main: [89631139, 36996508], extra: [44508094], side: [5318639] } });
  });

  it("C69: ydke encode", () => {
    expect(encodeYdke({ main: [46986414, 46986414, 5318639], extra: [44508094], side: [55144522] })).toBe(
      "ydke://rvTMAq70zALvJ1EA!viOnAg==!SnBJAw==!",
    );
    expect(encodeYdke({ main: [], extra: [], side: [] })).toBe("ydke://!!!");
  });

  it("C71: real ydke sample (emcee-tournament-bot): 40 main (13×3 + 31447217×1), extra 62873545×3, side 31447217×2", () => {
    const url = ydkeLines().at(-1)!;
    const r = decodeYdke(url);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const main = tally(r.deck.main);
    expect(r.deck.main).toHaveLength(40);
    expect(main.size).toBe(14);
    expect([...main.values()].filter((n) => n === 3)).toHaveLength(13);
    expect(main.get(31447217)).toBe(1);
    expect(r.deck.extra).toEqual([62873545, 62873545, 62873545]);
    expect(r.deck.side).toEqual([31447217, 31447217]);
    expect(encodeYdke(r.deck)).toBe(url); // round trip
  });

  it("C68: URL-safe base64 and missing padding are accepted", () => {
    const std = "ydke://o6lXBZyFNAI=!viOnAg==!7ydRAA==!";
    const urlSafe = "ydke://" + std.slice(7).replace(/\+/g, "-").replace(/\//g, "_").replace(/=/g, "");
    expect(decodeYdke(urlSafe)).toEqual(decodeYdke(std));
    // a section containing '/' and '+' (from ydeck's urlNoMain sample)
    const r = decodeYdke("ydke://!yV-_A8lfvwPJX78D!sdjfAbHY3wE!");
    expect(r.ok && r.deck.extra).toEqual([62873545, 62873545, 62873545]);
  });

  it("C68: exactly three '!' are required; bad base64 / length are typed errors", () => {
    const codes = (u: string) => {
      const r = decodeYdke(u);
      return r.ok ? "ok" : r.errors.map((e) => e.code).join();
    };
    expect(codes("ydke://!!")).toBe("YDKE_BAD_SECTIONS");
    expect(codes("ydke://!!!!")).toBe("YDKE_BAD_SECTIONS");
    expect(codes("ydke://o6lXBZyFNAI=!viOnAg==!7ydRAA==")).toBe("YDKE_BAD_SECTIONS");
    expect(codes("ydk://!!!")).toBe("YDKE_BAD_PREFIX");
    expect(codes("ydke://ab$c!!!")).toBe("YDKE_BAD_BASE64");
    expect(codes("ydke://AAA=!!!")).toBe("YDKE_BAD_LENGTH");
    expect(codes("ydke://!!!")).toBe("ok");
    const e = decodeYdke("ydke://!!", 7);
    expect(!e.ok && e.errors[0].message).toBe("line 7: a ydke:// URL needs exactly three '!' (found 2)");
  });

  it("C71: every URL in ydke_urls.txt decodes (14 URLs, 13 valid) and re-encodes to itself; passcode 0 is a line error", () => {
    const urls = ydkeLines();
    expect(urls).toHaveLength(14);
    expect(decodeYdke("ydke://AAAAAA==!!!", 3)).toMatchObject({
      ok: false,
      errors: [{ line: 3, code: "PASSCODE_RANGE", params: { text: "0" } }],
    });
    for (const u of urls.filter((x) => x !== "ydke://AAAAAA==!!!")) {
      const r = decodeYdke(u);
      expect(r.ok, u).toBe(true);
      if (r.ok) expect(encodeYdke(r.deck)).toBe(u);
    }
  });
});

describe(".ydk (RULES §7.1)", () => {
  it("C72: Starter Deck Link Strike: '#created by Merijn Hendriks' ignored; 40 / 3 / 0", () => {
    const text = readText("decks", "ydk", "ignis_distribution_starter_link_strike.ydk");
    expect(text.startsWith("#created by Merijn Hendriks")).toBe(true);
    const r = parseYdk(text);
    expect(r.ok && [r.deck.main.length, r.deck.extra.length, r.deck.side.length]).toEqual([40, 3, 0]);
  });

  it("DL03: BOM + CRLF + trailing spaces + zero padding + no final newline + missing !side", () => {
    const r = parseYdk("\uFEFF#created by wxapp_ygo \r\n#main\r\n06498706  \r\n\r\n14558127\r\n#extra\r\n41999284");
    expect(r).toEqual({ ok: true, deck: { main: [6498706, 14558127], extra: [41999284], side: [] } });
  });

  it("DL03: extra '#' sections after the side deck (MDPro3 #pickup/#case, 408 #spare with $id$) are never read as cards", () => {
    const r = parseYdk(
      "#main\n1\n#extra\n!side\n2\n#pickup\n#0\n#case\n#1080001\n##be987d30da\n###301322\n#spare\n#representative\n$57281778$\n99\n",
    );
    expect(r).toEqual({ ok: true, deck: { main: [1], extra: [], side: [2] } });
  });

  it("DL03: the real 408 file keeps 40 Main and skips the $…$ lines; the MDPro3 Archfiend file keeps 40/15/3", () => {
    const z = parseYdk(readText("decks", "ydk", "goat408_starter_zombie.ydk"));
    expect(z.ok && [z.deck.main.length, z.deck.extra.length, z.deck.side.length]).toEqual([40, 0, 0]);
    const a = parseYdk(readText("decks", "ydk", "windbot_AI_Archfiend_mdpro3_prerelease.ydk"));
    expect(a.ok && [a.deck.main.length, a.deck.extra.length, a.deck.side.length]).toEqual([40, 15, 3]);
    expect(a.ok && a.deck.side).toEqual([70781052, 26462013, 99161253]);
  });

  it("DL03: junk inside a card section is a typed error naming the line (never a throw)", () => {
    const r = parseYdk("#main\n123\nhello\n#extra\n12x\n");
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map((e) => [e.line, e.code])).toEqual([
      [3, "YDK_BAD_LINE"],
      [5, "YDK_BAD_LINE"],
    ]);
    expect(r.errors[0].message).toBe("line 3: 'hello' is not a passcode");
    expect(parseYdk("   \n\n").ok).toBe(false);
  });

  it("writeYdk round-trips", () => {
    const deck = { main: [1, 2, 2], extra: [3], side: [4] };
    expect(parseYdk(writeYdk(deck))).toEqual({ ok: true, deck });
  });
});

describe("plain-text Yu-Gi-Oh! lists by name", () => {
  it("counts '3 Name', '3x Name', 'Name x2', headers Main/Extra/Side; unknown names are errors naming the line", async () => {
    const { index } = await loadMergedCards();
    const r = parseYgoText(
      "Main Deck\nMonsters: 4\n3 Ash Blossom & Joyous Spring\n1x Droll & Lock Bird\nSpells\nPot of Greed\nExtra Deck " +
        "(1)\nLinkuriboh x1\nSide Deck:\n2 called by the grave\n",
      index,
    );
    expect(r).toEqual({
      ok: true,
      deck: { main: [14558127, 14558127, 14558127, 94145021, 55144522], extra: [41999284], side: [24224830, 24224830] },
    });
    const bad = parseYgoText("3 Ash Blossom\n1 Droll & Lock Bird\n", index);
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.errors.map((e) => [e.line, e.code])).toEqual([[1, "TEXT_UNKNOWN_CARD"]]);
      expect(bad.errors[0].message).toBe("line 1: no card named 'Ash Blossom'");
    }
  });

  it("without headers, Extra Deck monsters go to the Extra Deck (RULES §7.1)", async () => {
    const { index } = await loadMergedCards();
    const r = parseYgoText("2 Linkuriboh\n1 Pot of Greed", index);
    expect(r.ok && r.deck).toEqual({ main: [55144522], extra: [41999284, 41999284], side: [] });
  });
});

describe("MTG text, XMage .dck, MTGO .dek (RULES §7.6)", () => {
  it("C77: //Sideboard header wins; blank line inside Main does not end it; Main 60, Sideboard 15; Chandra 1 + 1", () => {
    const r = parseMtgText(readText("decks", "mtg", "ali_mtg_standard_jeskai_tokens.txt"));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
    expect([sum(r.deck.main), sum(r.deck.side)]).toEqual([60, 15]);
    expect(r.deck.side.get("Chandra, Fire of Kaladesh")).toBe(1);
    expect(r.deck.main.get("Treasure Cruise")).toBe(4);
    expect(r.deck.main.size).toBe(27);
    expect(r.deck.side.size).toBe(11);
  });

  it("C79: MTGO .dek: Main {Counterspell 4, Island 20} = 24; Sideboard {Hydroblast 2}", () => {
    const r = parseMtgoDek(readText("decks", "mtg", "mtgo_sample_counterspell.dek"));
    expect(r.ok && [[...r.deck.main], [...r.deck.side]]).toEqual([
      [
        ["Counterspell", 4],
        ["Island", 20],
      ],
      [["Hydroblast", 2]],
    ]);
  });

  it("C79: repeated names in .dek are summed; entities decoded; a <Cards> without Quantity is a typed error", () => {
    const xml =
      `<Deck><Cards CatID="1" Quantity="2" Sideboard="false" Name="Island"/><Cards Quantity='3' Name="Island" Sideboard="false" ` +
      `/><Cards Quantity="1" Sideboard="false" Name="Lim-D&#251;l&apos;s Vault"/></Deck>`;
    const r = parseMtgoDek(xml);
    expect(r.ok && [...r.deck.main]).toEqual([
      ["Island", 5],
      ["Lim-Dûl's Vault", 1],
    ]);
    const bad = parseMtgoDek(`<Deck>\n<Cards Name="X"/></Deck>`);
    expect(!bad.ok && bad.errors.map((e) => [e.line, e.code])).toEqual([[2, "DEK_BAD_XML"]]);
    expect(!parseMtgoDek("<html></html>").ok).toBe(true);
  });

  it("C80: a .dek file that is plain text is detected as text: 62 main, no sideboard", () => {
    const text = readText("decks", "mtg", "buckket_test_plaintext.dek");
    expect(detectFormat(text, { filename: "test.dek" })).toBe("mtg-text");
    const r = parseDecklist(text, { filename: "test.dek" });
    expect(r.ok && r.game === "MTG" && [[...r.deck.main], r.deck.side.size]).toEqual([
      [
        ["Island", 27],
        ["Mountain", 27],
        ["Treasure Hunt", 4],
        ["Lightning Storm", 4],
      ],
      0,
    ]);
  });

  it("MTG text: duplicates summed, 'x' counts, SB: prefix, lowercase 'sideboard', split cards, Arena suffix, zero lines ignored", () => {
    const r = parseMtgText(
      "4x Lightning Bolt\n2 Preordain\n2 Preordain\n1 Wear // Tear\n3 Fire/Ice\n0 Island\n1 Opt (XLN) 65\nSB: 2 " +
        "Pyroblast\nsideboard\n1 Lightning Bolt\n",
    );
    expect(r.ok && [[...r.deck.main], [...r.deck.side]]).toEqual([
      [
        ["Lightning Bolt", 4],
        ["Preordain", 4],
        ["Wear // Tear", 1],
        ["Fire/Ice", 3],
        ["Opt", 1],
      ],
      [
        ["Pyroblast", 2],
        ["Lightning Bolt", 1],
      ],
    ]);
  });

  it("C77 heuristic: without a header, the last blank-line chunk (≤ 15 cards) is the sideboard; 60-at-a-line split", () => {
    const r = parseMtgText("20 Island\n40 Counterspell\n\n15 Hydroblast\n");
    expect(r.ok && [[...r.deck.main].length, [...r.deck.side]]).toEqual([2, [["Hydroblast", 15]]]);
    const flat = parseMtgText("20 Island\n40 Counterspell\n4 Hydroblast\n");
    expect(flat.ok && [...flat.deck.side]).toEqual([["Hydroblast", 4]]);
    const bigLast = parseMtgText("20 Island\n\n40 Counterspell\n");
    expect(bigLast.ok && bigLast.deck.side.size).toBe(0);
  });

  it("MTG text errors name the line", () => {
    const r = parseMtgText("4 Lightning Bolt\nLightning Bolt\n99999 Island\n");
    expect(!r.ok && r.errors.map((e) => [e.line, e.code])).toEqual([
      [2, "TEXT_BAD_LINE"],
      [3, "TEXT_BAD_COUNT"],
    ]);
  });

  it("XMage .dck: NAME:, [SET:num], SB: lines, LAYOUT ignored, CRLF (WC 1998 Draw-Go: 60 main, 18 Island)", () => {
    const r = parseXmageDck(readText("decks", "mtg", "xmage_wc1998_drawgo_buehler.dck"));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.name).toBe("Draw Go by Randy Buehler 12th place WC 1998");
    expect([...r.deck.main.values()].reduce((a, b) => a + b)).toBe(60);
    expect(r.deck.main.get("Island")).toBe(18);
    expect(r.deck.main.get("Forbid")).toBe(3);
    expect(r.deck.side.size).toBe(0);
    const s = parseXmageDck("NAME:x\n2 [M11:1] A\nSB: 3 [PRM:9] B\n");
    expect(s.ok && [[...s.deck.main], [...s.deck.side]]).toEqual([[["A", 2]], [["B", 3]]]);
  });

  it("XMage: the two GP Portland files have identical card lists (data error in source)", () => {
    const a = parseXmageDck(readText("decks", "mtg", "xmage_gp_portland_2013_pod_1st.dck"));
    const b = parseXmageDck(readText("decks", "mtg", "xmage_gp_portland_2013_pod_5th8th.txt.dck"));
    expect(a.ok && b.ok).toBe(true);
    if (a.ok && b.ok) {
      expect([...a.deck.main]).toEqual([...b.deck.main]);
      expect([...a.deck.side]).toEqual([...b.deck.side]);
      expect(a.name).not.toBe(b.name);
    }
  });
});

describe("parseDecklist format detection (C80: by content)", () => {
  it("detects ydk, ydke, mtgo-dek, xmage, MTGGoldfish JSON, MTG text; YGO text with a card index", async () => {
    const { index } = await loadMergedCards();
    expect(parseDecklist(readText("decks", "ydk", "windbot_AI_Maliss.ydk")).ok).toBe(true);
    expect(detectFormat(readText("decks", "ydk", "windbot_AI_Maliss.ydk"))).toBe("ydk");
    expect(detectFormat(readText("decks", "ydk", "ydke_urls.txt"))).toBe("ydke");
    expect(detectFormat(readText("decks", "mtg", "mtgo_sample_counterspell.dek"))).toBe("mtgo-dek");
    expect(detectFormat(readText("decks", "mtg", "xmage_pt_theros_devotion_blue_1st.dck"))).toBe("xmage-dck");
    expect(detectFormat(readText("decks", "mtg", "mtggoldfish_legacy_7688038.json"))).toBe("mtggoldfish-json");
    expect(detectFormat(readText("decks", "mtg", "mtggoldfish_legacy_7688038.txt"))).toBe("mtg-text");
    expect(detectFormat("3 Pot of Greed", { cards: index })).toBe("ygo-text");
    const y = parseDecklist("3 Pot of Greed", { cards: index });
    expect(y.ok && y.game === "YGO" && y.deck.main).toEqual([55144522, 55144522, 55144522]);
    const noIdx = parseDecklist("3 Pot of Greed", { game: "YGO" });
    expect(!noIdx.ok && noIdx.errors[0].code).toBe("TEXT_NO_CARD_INDEX");
  });

  it("MTGGoldfish JSON wrapper: deck_text read, name kept; JSON equals its .txt twin", () => {
    const j = parseDecklist(readText("decks", "mtg", "mtggoldfish_legacy_7688038.json"));
    const t = parseDecklist(readText("decks", "mtg", "mtggoldfish_legacy_7688038.txt"));
    expect(j.ok && j.game === "MTG" && j.name).toBe("legacy-painter");
    expect(j.ok && t.ok && j.game === "MTG" && t.game === "MTG" && [[...j.deck.main], [...j.deck.side]]).toEqual(
      t.ok && t.game === "MTG" && [[...t.deck.main], [...t.deck.side]],
    );
    const bad = parseDecklist('{"x": 1}');
    expect(!bad.ok && bad.errors[0].code).toBe("JSON_BAD");
  });

  it("empty and binary inputs are typed errors", () => {
    const e = parseDecklist("  \n");
    expect(!e.ok && e.errors[0].code).toBe("EMPTY_INPUT");
    const b = parseDecklist(new Uint8Array([0x53, 0x51, 0x4c, 0x00, 0x01]));
    expect(!b.ok && b.errors[0].code).toBe("BINARY_INPUT");
  });
});
