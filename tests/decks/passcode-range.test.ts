/**
 * Passcodes are whole numbers 1 … 2,147,483,647 in every parser (issue #12 "Numbers and sizes"):
 * 4127313695 (> 2^31 − 1, a value that used to reach the 32-bit Card column) is an error naming
 * the line in ydk, ydke and lflist; 9-digit EDOPro ids stay valid.
 */
import { describe, expect, it } from "vitest";
import { decodeYdke, encodeYdke, parseLflist, parseYdk, parseDecklist, MAX_PASSCODE } from "../../lib/decks";

const HUGE = 4127313695;

describe("passcode range 1 … 2,147,483,647", () => {
  it("ydk: 4127313695 is a line error naming its line; 2147483647 and 9-digit EDOPro ids are read", () => {
    const r = parseYdk(`#main\n89631139\n${HUGE}\n100000101\n${MAX_PASSCODE}\n`);
    expect(r).toMatchObject({ ok: false, errors: [{ line: 3, code: "PASSCODE_RANGE", params: { text: String(HUGE) } }] });
    expect(!r.ok && r.errors[0].message).toBe("line 3: 4127313695 is not a passcode (a whole number from 1 to 2,147,483,647)");
    expect(parseYdk(`#main\n89631139\n100000101\n${MAX_PASSCODE}\n`)).toEqual({
      ok: true,
      deck: { main: [89631139, 100000101, MAX_PASSCODE], extra: [], side: [] },
    });
    expect(parseYdk("#main\n0\n")).toMatchObject({ ok: false, errors: [{ line: 2, code: "PASSCODE_RANGE" }] });
  });

  it("ydke: a section holding 4127313695 is an error naming the URL's line", () => {
    const bytes = new Uint8Array(8);
    new DataView(bytes.buffer).setUint32(0, 89631139, true);
    new DataView(bytes.buffer).setUint32(4, HUGE, true);
    const url = `ydke://${Buffer.from(bytes).toString("base64")}!!!`;
    expect(decodeYdke(url, 4)).toMatchObject({ ok: false, errors: [{ line: 4, code: "PASSCODE_RANGE", params: { text: String(HUGE) } }] });
    const r = parseDecklist(`ydke://${encodeYdke({ main: [89631139], extra: [], side: [] }).slice(7)}\n`);
    expect(r.ok).toBe(true);
    const bad = parseDecklist(`${url}\n`);
    expect(bad.ok).toBe(false);
  });

  it("lflist: 4127313695 is a line error; a 9-digit id is an entry", () => {
    const r = parseLflist(`!2026.05 TCG\n89631139 1\n${HUGE} 0 --huge\n`);
    expect(r).toMatchObject({ ok: false, errors: [{ line: 3, code: "PASSCODE_RANGE", params: { text: String(HUGE) } }] });
    const ok = parseLflist(`!2026.05 TCG\n100000101 0\n`);
    expect(ok.ok && [...ok.banlists[0].entries]).toEqual([[100000101, 0]]);
  });
});
