/**
 * Property tests (fast-check): each parser gets 10,000 generated and mutated inputs built from
 * the real files in shared/data (dropped / duplicated / corrupted lines, random bytes, BOMs,
 * CRLF, truncation). Properties: never throws; a rejection is `{ok:false, errors}` with typed
 * codes, 0 ≤ line ≤ number of lines and a rendered message; an acceptance has well-formed decks.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { CardIndex } from "../../lib/decks/cdb";
import { parseForgeFormat, parseLflist } from "../../lib/decks/lflist";
import en from "../../messages/en/decks.json";
import { parseDecklist } from "../../lib/decks/parse/detect";
import { parseMtgoDek, parseMtgText, parseXmageDck } from "../../lib/decks/parse/mtgtext";
import { parseYdk } from "../../lib/decks/parse/ydk";
import { decodeYdke, encodeYdke } from "../../lib/decks/parse/ydke";
import { parseYgoText } from "../../lib/decks/parse/ygotext";
import type { MtgDeck, ParseError, YgoDeck } from "../../lib/decks/types";
import { listDir, loadMergedCards, readText } from "./helpers";

const RUNS = 10_000;
const CODES = new Set(Object.keys(en.decks.parse));

const ydkFiles = listDir("decks", "ydk")
  .filter((f) => f.endsWith(".ydk"))
  .map((f) => readText("decks", "ydk", f));
const ydkeUrls = readText("decks", "ydk", "ydke_urls.txt")
  .split("\n")
  .filter((l) => l.startsWith("ydke://"));
const mtgTexts = listDir("decks", "mtg")
  .filter((f) => f.endsWith(".txt") || f === "buckket_test_plaintext.dek")
  .map((f) => readText("decks", "mtg", f));
const dckTexts = listDir("decks", "mtg")
  .filter((f) => f.endsWith(".dck"))
  .map((f) => readText("decks", "mtg", f));
const dekTexts = [readText("decks", "mtg", "mtgo_sample_counterspell.dek")];
// first 40 lines of each real list (headers, $whitelist, CRLF, comments) keep 10,000 runs fast
const lflTexts = ["TCG_2026.05", "GOAT_2005.4", "Traditional_current"]
  .map((f) => readText("banlists", `ygo_edopro_${f}.lflist.conf`).split("\n").slice(0, 40).join("\n"))
  .concat(readText("banlists", "ygo_ygopro_multilist_lflist.conf").split("\n").slice(0, 30).join("\n"));
const forgeTexts = ["Modern", "Legacy", "Pauper", "Pioneer"].map((f) => readText("banlists", `mtg_forge_${f}.txt`));
const ygoNameText =
  "Main Deck\n3 Ash Blossom & Joyous Spring\n2x Droll & Lock Bird\nPot of Greed\nExtra Deck\nLinkuriboh x2\nSide Deck:\n1 Called " +
  "by the Grave\n";

type Op =
  | { k: "drop"; i: number }
  | { k: "dup"; i: number }
  | { k: "corrupt"; i: number; s: string }
  | { k: "insert"; i: number; s: string }
  | { k: "bytes"; i: number; b: number[] }
  | { k: "bom" }
  | { k: "crlf" }
  | { k: "truncate"; at: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ k: fc.constant("drop" as const), i: fc.nat() }),
  fc.record({ k: fc.constant("dup" as const), i: fc.nat() }),
  fc.record({ k: fc.constant("corrupt" as const), i: fc.nat(), s: fc.string({ maxLength: 12 }) }),
  fc.record({
    k: fc.constant("insert" as const),
    i: fc.nat(),
    s: fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.constantFrom(
        "#extra",
        "!side",
        "#main",
        "sideboard",
        "SB: 2 X",
        "$123$",
        "ydke://!!!",
        '<Cards Quantity="x"/>',
        "99999999999",
        "0 Island",
        "4x",
        "!",
        "#",
      ),
    ),
  }),
  fc.record({ k: fc.constant("bytes" as const), i: fc.nat(), b: fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 8 }) }),
  fc.constant({ k: "bom" as const }),
  fc.constant({ k: "crlf" as const }),
  fc.record({ k: fc.constant("truncate" as const), at: fc.nat() }),
);

function mutate(base: string, ops: Op[]): string {
  let lines = base.split("\n");
  let text: string | null = null;
  for (const op of ops) {
    if (text !== null) {
      lines = text.split("\n");
      text = null;
    }
    const n = Math.max(lines.length, 1);
    switch (op.k) {
      case "drop":
        lines.splice(op.i % n, 1);
        break;
      case "dup":
        lines.splice(op.i % n, 0, lines[op.i % n] ?? "");
        break;
      case "corrupt":
        lines[op.i % n] = op.s;
        break;
      case "insert":
        lines.splice(op.i % n, 0, op.s);
        break;
      case "bytes":
        lines[op.i % n] = (lines[op.i % n] ?? "") + String.fromCharCode(...op.b);
        break;
      case "bom":
        text = "\uFEFF" + lines.join("\n");
        break;
      case "crlf":
        text = lines.join("\r\n");
        break;
      case "truncate": {
        const t = lines.join("\n");
        text = t.slice(0, op.at % (t.length + 1));
        break;
      }
    }
  }
  return text ?? lines.join("\n");
}

const inputArb = (bases: string[]) =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .record({ base: fc.constantFrom(...bases), ops: fc.array(opArb, { maxLength: 6 }) })
        .map(({ base, ops }) => mutate(base, ops)),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((b) => new TextDecoder().decode(b)) },
  );

function checkErrors(errors: ParseError[], text: string): void {
  if (errors.length === 0) throw new Error("rejection without errors");
  const nLines = text.split(/\r\n|\r|\n/).length;
  for (const e of errors) {
    const template = (en.decks.parse as Record<string, string>)[e.code];
    const ok =
      CODES.has(e.code) &&
      Number.isInteger(e.line) &&
      e.line >= 0 &&
      e.line <= nLines &&
      typeof e.message === "string" &&
      e.message.length > 0 &&
      [...template.matchAll(/\{(\w+)\}/g)].every((m) => m[1] in e.params);
    if (!ok) throw new Error(`untyped or malformed error ${JSON.stringify(e)}`);
  }
}
function checkYgoDeck(d: YgoDeck): void {
  const bad = [d.main, d.extra, d.side].flat().filter((c) => !(Number.isInteger(c) && c >= 0 && c <= 0xffffffff));
  if (bad.length) throw new Error(`bad passcodes ${bad.join(",")}`);
}
function checkMtgDeck(d: MtgDeck): void {
  for (const m of [d.main, d.side])
    for (const [name, n] of m) if (!(name.trim() !== "" && Number.isInteger(n) && n > 0)) throw new Error(`bad entry ${name}: ${n}`);
}

function property<T extends { ok: boolean }>(bases: string[], parse: (t: string) => T, okCheck: (r: T) => void) {
  fc.assert(
    fc.property(inputArb(bases), (text) => {
      let r: T;
      try {
        r = parse(text);
      } catch (e) {
        throw new Error(`parser threw on ${JSON.stringify(text.slice(0, 200))}: ${String(e)}`);
      }
      if (r.ok) okCheck(r);
      else checkErrors((r as unknown as { errors: ParseError[] }).errors, text);
    }),
    { numRuns: RUNS, seed: 20260822 },
  );
}

let cards: CardIndex;
beforeAll(async () => {
  cards = (await loadMergedCards()).index;
});

describe("DL03 property tests: parsers never crash, rejections are typed", () => {
  it("DL03: parseYdk on 10,000 mutated real .ydk files", () => {
    property(ydkFiles, parseYdk, (r) => r.ok && checkYgoDeck(r.deck));
  });

  it("C68: decodeYdke on 10,000 mutated real ydke URLs", () => {
    property(
      ydkeUrls,
      (t) => decodeYdke(t),
      (r) => r.ok && checkYgoDeck(r.deck),
    );
  });

  it("C69: encodeYdke → decodeYdke round-trips 10,000 random decks", () => {
    const sec = fc.array(fc.integer({ min: 1, max: 2_147_483_647 }), { maxLength: 20 });
    fc.assert(
      fc.property(fc.record({ main: sec, extra: sec, side: sec }), (deck) => {
        expect(decodeYdke(encodeYdke(deck))).toEqual({ ok: true, deck });
      }),
      { numRuns: RUNS, seed: 7 },
    );
  });

  it("parseYgoText on 10,000 mutated name lists", () => {
    property(
      [ygoNameText],
      (t) => parseYgoText(t, cards),
      (r) => r.ok && checkYgoDeck(r.deck),
    );
  });

  it("C77: parseMtgText on 10,000 mutated real MTG text lists", () => {
    property(mtgTexts, parseMtgText, (r) => r.ok && checkMtgDeck(r.deck));
  });

  it("parseXmageDck on 10,000 mutated real .dck files", () => {
    property(dckTexts, parseXmageDck, (r) => r.ok && checkMtgDeck(r.deck));
  });

  it("C79: parseMtgoDek on 10,000 mutated .dek XML files", () => {
    property(dekTexts, parseMtgoDek, (r) => r.ok && checkMtgDeck(r.deck));
  });

  it("C80: parseDecklist (format detection) on 10,000 mutated files of every format", () => {
    property(
      [...ydkFiles, ...ydkeUrls, ...mtgTexts, ...dckTexts, ...dekTexts, ygoNameText],
      (t) => parseDecklist(t, { cards: t.includes("Ash") ? cards : undefined }),
      (r) => {
        if (!r.ok) return;
        if (r.game === "YGO") checkYgoDeck(r.deck);
        else checkMtgDeck(r.deck);
      },
    );
  });

  it("C74: parseLflist on 10,000 mutated real lflist files", () => {
    property(lflTexts, parseLflist, (r) => {
      if (!r.ok) return;
      for (const b of r.banlists)
        for (const [k, v] of b.entries) if (!(Number.isInteger(k) && v >= 0 && v <= 3)) throw new Error(`bad entry ${k} ${v}`);
    });
  });

  it("parseForgeFormat on 10,000 mutated Forge format files", () => {
    property(forgeTexts, parseForgeFormat, (r) => {
      if (r.ok) expect(typeof r.list.name).toBe("string");
    });
  });

  it("parseDecklist on 10,000 random byte arrays never throws", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const r = parseDecklist(bytes);
        if (!r.ok) checkErrors(r.errors, new TextDecoder().decode(bytes));
      }),
      { numRuns: RUNS, seed: 11 },
    );
  });
});
