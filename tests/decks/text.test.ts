/** Tester issue 5: non-text input (an image picked as F&L list or decklist) is rejected up front. */
import { describe, expect, it } from "vitest";
import { isTextFile } from "../../lib/decks/text";
import { parseForgeFormat, parseLflist } from "../../lib/decks/lflist";
import { parseDecklist } from "../../lib/decks/parse/detect";

// The first bytes of a real PNG (signature + IHDR chunk), as bytes and as a browser would decode them.
const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x01, 0x90, 0x00, 0x00, 0x01,
  0x2c, 0x08, 0x06, 0x00, 0x00, 0x00, 0xc4, 0xb3, 0xe2, 0x8f,
]);
const pngText = new TextDecoder("utf-8").decode(PNG);
// A PNG whose NULs were dropped on the way: only U+FFFD and control characters are left.
const noNul = pngText.replaceAll("\u0000", "") + "\u0001\u0002\u0003IDATx\uFFFD\uFFFD\u0019\u0013";

describe("isTextFile", () => {
  it("accepts text: lflist.conf, a decklist with CRLF/BOM/tabs, UTF-8 names, empty input", () => {
    expect(isTextFile("#[2026.05 TCG]\n!2026.05 TCG\n55144522 0 --Pot of Greed\n")).toBe(true);
    expect(isTextFile("\uFEFF#main\r\n14558127\r\n\t\f")).toBe(true);
    expect(isTextFile("3 Lim-Dûl's Vault\n1 Æther Vial\n1 ミラーフォース")).toBe(true);
    expect(isTextFile("")).toBe(true);
    expect(isTextFile(new TextEncoder().encode("4 Lightning Bolt\n"))).toBe(true);
  });

  it("tolerates one stray mis-encoded character in a long list (≤ 2 %)", () => {
    expect(isTextFile("1 Caf\uFFFD Racer\n" + "4 Island\n".repeat(20))).toBe(true);
  });

  it("rejects NUL bytes, invalid UTF-8 bytes and a high share of control/replacement characters", () => {
    expect(isTextFile(PNG)).toBe(false); // bytes: NUL and invalid UTF-8
    expect(isTextFile(new Uint8Array([0x34, 0x20, 0xff, 0xfe, 0x41]))).toBe(false); // invalid UTF-8, no NUL
    expect(isTextFile(pngText)).toBe(false); // decoded: NUL
    expect(isTextFile(noNul)).toBe(false); // decoded without NUL: U+FFFD + controls
    expect(isTextFile("ok\u0007\u0008\u0001")).toBe(false);
  });
});

describe("binary input gives ONE clear error", () => {
  it("parseLflist: a PNG is BINARY_LIST (line 0), not one error per garbage line", () => {
    const r = parseLflist(pngText + "\n".repeat(18) + noNul);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatchObject({ line: 0, code: "BINARY_LIST" });
    expect(r.errors[0].message).toMatch(/^The file is not a text list \(/);
    expect(r.banlists).toEqual([]);
  });

  it("parseForgeFormat: the same for an MTG format file", () => {
    const r = parseForgeFormat(noNul);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.map((e) => e.code)).toEqual(["BINARY_LIST"]);
  });

  it("parseDecklist: a PNG without NULs is still BINARY_INPUT", () => {
    const r = parseDecklist(noNul, { game: "MTG" });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.map((e) => e.code)).toEqual(["BINARY_INPUT"]);
  });
});
