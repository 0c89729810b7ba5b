/**
 * Text uploads decoded in the browser (lib/textFile.ts): a roster CSV that Excel saved as plain
 * "CSV" on Windows (Windows-1252 / Latin-1 bytes) reads as the names typed, not "Jos� Mu�oz";
 * UTF-8 with or without BOM and UTF-16 with a BOM read as before. The server's defence
 * (lib/server/write/uploads.ts requireReadableText) refuses text still holding U+FFFD with
 * FILE_NOT_UTF8 naming the first such line, in each language.
 */
import { describe, expect, it } from "vitest";
import { decodeTextFile, decodeWindows1252, firstUnreadableLine, readTextFile } from "@/lib/textFile";
import { requireReadableText } from "@/lib/server/write/uploads";
import { ActionError } from "@/lib/errors";
import { localizeFailure } from "@/lib/i18n/actionErrors";
import { loadMessages } from "@/lib/i18n/messages";

const ROSTER = "Équipe Ça,José Muñoz";
const bytes = (...parts: (number[] | Buffer)[]) => new Uint8Array(Buffer.concat(parts.map((p) => Buffer.from(p))));
const utf16be = (s: string) => {
  const le = Buffer.from(s, "utf16le");
  for (let i = 0; i < le.length; i += 2) [le[i], le[i + 1]] = [le[i + 1], le[i]];
  return le;
};

describe("decodeTextFile", () => {
  it("Latin-1 / Windows-1252 bytes of 'Équipe Ça,José Muñoz' decode to the names typed", () => {
    const latin1 = bytes(Buffer.from(ROSTER, "latin1"));
    expect([...latin1.slice(0, 1)]).toEqual([0xc9]); // É is one byte: not valid UTF-8
    expect(decodeTextFile(latin1)).toBe(ROSTER);
  });

  it("the bytes Windows-1252 adds to Latin-1 (0x80–0x9F) decode as Excel and browsers mean them: € ’ – Š Ÿ", () => {
    expect(decodeTextFile(bytes([0x80, 0x20, 0x92, 0x20, 0x96, 0x20, 0x8a, 0x20, 0x9f]))).toBe("€ ’ – Š Ÿ");
    // The five bytes Windows-1252 leaves undefined stay C1 controls (WHATWG), never U+FFFD.
    expect(decodeWindows1252(bytes([0x81, 0x8d, 0x8f, 0x90, 0x9d]))).toBe("\u0081\u008D\u008F\u0090\u009D");
    const all = decodeWindows1252(Uint8Array.from({ length: 256 }, (_, i) => i));
    expect(all).toHaveLength(256);
    expect(all).not.toContain("\uFFFD");
    expect(all.slice(0xa0)).toBe(Buffer.from(Uint8Array.from({ length: 96 }, (_, i) => 0xa0 + i)).toString("latin1"));
  });

  it("a long Windows-1252 file (over one 8,192-byte slice) decodes whole", () => {
    const long = `${ROSTER}\r\n`.repeat(2000);
    expect(decodeTextFile(bytes(Buffer.from(long, "latin1")))).toBe(long);
  });

  it("what Blob.text() did (the bug): the same Latin-1 bytes become replacement characters", async () => {
    const latin1 = Buffer.from(ROSTER, "latin1");
    expect(await new Blob([latin1]).text()).toBe("\uFFFDquipe \uFFFDa,Jos\uFFFD Mu\uFFFDoz");
    expect(await readTextFile(new Blob([latin1]))).toBe(ROSTER);
  });

  it("UTF-8 without and with BOM is unchanged (the BOM is dropped, as Blob.text() drops it)", async () => {
    const utf8 = Buffer.from(`${ROSTER}\r\nÆsir ✓,李小龍\r\n`, "utf8");
    expect(decodeTextFile(bytes(utf8))).toBe(`${ROSTER}\r\nÆsir ✓,李小龍\r\n`);
    expect(decodeTextFile(bytes([0xef, 0xbb, 0xbf], utf8))).toBe(`${ROSTER}\r\nÆsir ✓,李小龍\r\n`);
    expect(decodeTextFile(bytes([0xef, 0xbb, 0xbf], utf8))).toBe(await new Blob([bytes([0xef, 0xbb, 0xbf], utf8)]).text());
  });

  it("UTF-16 LE and BE with a BOM decode to the text (BOM dropped)", () => {
    expect(decodeTextFile(bytes([0xff, 0xfe], Buffer.from(ROSTER, "utf16le")))).toBe(ROSTER);
    expect(decodeTextFile(bytes([0xfe, 0xff], utf16be(ROSTER)))).toBe(ROSTER);
  });

  it("plain ASCII and an empty file", () => {
    expect(decodeTextFile(bytes(Buffer.from("#main\n89631139\n")))).toBe("#main\n89631139\n");
    expect(decodeTextFile(new Uint8Array())).toBe("");
  });
});

describe("firstUnreadableLine / requireReadableText (the server's refusal)", () => {
  it("names the first line holding U+FFFD (CRLF, CR and LF line ends), null when there is none", () => {
    expect(firstUnreadableLine(ROSTER)).toBeNull();
    expect(firstUnreadableLine("Jos\uFFFD")).toBe(1);
    expect(firstUnreadableLine("a\r\nb\rc\nJos\uFFFD\nMu\uFFFDoz")).toBe(4);
  });

  it("refuses with FILE_NOT_UTF8 on the field, params {line, what}; the message renders in each language", () => {
    const refusal = (text: string, what?: "csv" | "text") => {
      try {
        requireReadableText(text, "text", what);
      } catch (e) {
        return e as ActionError;
      }
      return null;
    };
    expect(refusal(ROSTER, "csv")).toBeNull();
    const e = refusal("Team name,A name\r\n\uFFFDquipe \uFFFDa,Jos\uFFFD Mu\uFFFDoz\r\n", "csv")!;
    expect(e).toBeInstanceOf(ActionError);
    expect({ code: e.code, field: e.field, params: e.params }).toEqual({
      code: "FILE_NOT_UTF8",
      field: "text",
      params: { line: 2, what: "csv" },
    });
    expect(e.message).toBe(
      "The file is not UTF-8: line 2 has characters that could not be read. Save it as “CSV UTF-8” and upload it again.",
    );
    const failure = { code: e.code, message: e.message, field: e.field, params: e.params };
    expect(localizeFailure(failure, loadMessages("en"), "en").message).toBe(e.message);
    expect(localizeFailure(failure, loadMessages("pt-BR"), "pt-BR").message).toBe(
      "O arquivo não está em UTF-8: a linha 2 tem caracteres que não puderam ser lidos. Salve-o como “CSV UTF-8” e envie-o de novo.",
    );
    expect(localizeFailure(failure, loadMessages("it"), "it").message).toBe(
      "Il file non è in UTF-8: la riga 2 contiene caratteri che non è stato possibile leggere. " +
        "Salvalo come “CSV UTF-8” e caricalo di nuovo.",
    );
    const list = refusal("!List\n8963113\uFFFD 1\n")!;
    expect(list.params).toEqual({ line: 2, what: "text" });
    const en = localizeFailure({ code: list.code, message: list.message, params: list.params }, loadMessages("en"), "en");
    expect(en.message).toBe(list.message);
    expect(list.message).toBe("The file is not UTF-8: line 2 has characters that could not be read. Save it as UTF-8 and upload it again.");
  });
});
