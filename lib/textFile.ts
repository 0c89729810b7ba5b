/**
 * The text of an uploaded file, as every text upload form reads it in the browser (components/ActionForm
 * `data-as="text"`, the roster import): roster CSV, F&L list, decklist, event archive.
 * `Blob.text()` always decodes UTF-8 and turns every byte it cannot read into U+FFFD, so a CSV that
 * Excel saved as plain "CSV" on Windows (Windows-1252) reached the server as "Jos� Mu�oz" and was
 * stored so. Here the bytes are read by their byte order mark (UTF-16 LE/BE, UTF-8), else as strict
 * UTF-8, else as Windows-1252 (a superset of Latin-1; every byte maps to a character), what Excel's
 * plain "CSV" writes on Windows.
 * The server refuses text that still holds U+FFFD (lib/server/write/uploads.ts requireReadableText),
 * using {@link firstUnreadableLine}. Pure (TextDecoder exists in browsers and Node).
 */

/** The replacement character a decoder puts where it could not read the bytes. */
export const REPLACEMENT_CHAR = "\uFFFD";

/**
 * Decodes a text file's bytes: a UTF-16 LE/BE byte order mark → UTF-16; otherwise strict UTF-8
 * (an optional UTF-8 BOM is dropped, as `Blob.text()` does); bytes that are not valid UTF-8 →
 * Windows-1252, what Excel and other legacy Windows tools write. The BOM is never part of the result.
 */
export function decodeTextFile(bytes: Uint8Array): string {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes);
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return decodeWindows1252(bytes);
  }
}

/**
 * Windows-1252 bytes 0x80–0x9F as the WHATWG Encoding Standard (index-windows-1252) maps them; every
 * other byte is the code point of the same number. The five bytes Windows leaves undefined (0x81, 0x8D,
 * 0x8F, 0x90, 0x9D) stay C1 controls, as browsers decode them.
 */
const CP1252_80_9F = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f, 0x90, 0x2018, 0x2019,
  0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

/**
 * Decodes Windows-1252 bytes. Written out rather than `new TextDecoder("windows-1252")`: Node.js
 * from 20.18.3 / 22.13.0 decodes that label as plain Latin-1 (0x92 → U+0092, not ’; nodejs/node
 * #60888), so the browser and the tests would disagree. Every byte maps to a character.
 */
export function decodeWindows1252(bytes: Uint8Array): string {
  const units = new Uint16Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    units[i] = b >= 0x80 && b < 0xa0 ? CP1252_80_9F[b - 0x80] : b;
  }
  // In slices: String.fromCharCode takes its code units as arguments, and engines cap the count.
  let out = "";
  for (let i = 0; i < units.length; i += 8192) out += String.fromCharCode(...units.subarray(i, i + 8192));
  return out;
}

/** Reads a chosen file (a File or Blob) as text with {@link decodeTextFile}. */
export async function readTextFile(file: Blob): Promise<string> {
  return decodeTextFile(new Uint8Array(await file.arrayBuffer()));
}

/**
 * The 1-based number of the first line of `text` holding U+FFFD (lines end at CRLF, CR or LF),
 * or null when there is none.
 */
export function firstUnreadableLine(text: string): number | null {
  const at = text.indexOf(REPLACEMENT_CHAR);
  if (at < 0) return null;
  const before = text.slice(0, at);
  return before.split(/\r\n|\r|\n/).length;
}
