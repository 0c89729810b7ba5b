/**
 * Is this input a text file? Decklists, `lflist.conf` and Forge format files are text; an image,
 * a `.cdb` or a zip picked by mistake must be rejected with ONE clear error instead of one error
 * per garbage "line" (a PNG picked as F&L list used to give 19 `'IHDR…' is not a passcode` lines).
 *
 * `isTextFile(text)` takes the file as the browser/Node decoded it (UTF-8, so invalid bytes are
 * already U+FFFD) or raw bytes (decoded here). It returns false when:
 * - the input holds a NUL character (no text format we read has one; every PNG/SQLite/zip does), or
 * - bytes are not valid UTF-8 (bytes input), or
 * - "suspicious" characters — U+FFFD replacement characters, C0 controls other than tab, LF, CR,
 *   FF, VT, and C1 controls / DEL — are more than 2 % of the characters (at least one). A stray
 *   mis-encoded character in a long list is tolerated; an image is always far above 2 %.
 * An empty input counts as text (emptiness is reported separately). Pure; never throws.
 */
export function isTextFile(input: string | Uint8Array): boolean {
  let text: string;
  if (typeof input === "string") text = input;
  else {
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(input);
    } catch {
      return false;
    }
  }
  if (text.includes("\u0000")) return false;
  let bad = 0;
  let total = 0;
  for (const ch of text) {
    total++;
    const c = ch.codePointAt(0)!;
    if (c === 0xfffd || (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c && c !== 0x0b) || (c >= 0x7f && c < 0xa0)) bad++;
  }
  return bad === 0 || bad / total <= 0.02;
}
