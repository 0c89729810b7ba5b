/**
 * `ydke://` URL decode/encode (RULES §7.2, C68, C69, C71): three base64 sections (Main, Extra,
 * Side), each an array of little-endian uint32 passcodes, each terminated by `!`.
 * Accepts standard and URL-safe base64, with or without `=` padding. Never throws.
 */
import { parseError } from "../messages";
import type { ParseError, ParseResult, YgoDeck } from "../types";
import { isPasscode } from "../passcode";

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const DEC = new Int16Array(128).fill(-1);
for (let i = 0; i < 64; i++) DEC[B64.charCodeAt(i)] = i;
DEC["-".charCodeAt(0)] = 62;
DEC["_".charCodeAt(0)] = 63;

/** Decodes standard or URL-safe base64 (padding optional); null if invalid. */
export function base64Decode(s: string): Uint8Array | null {
  const body = s.replace(/=+$/, "");
  if (s.length - body.length > 2) return null;
  if (body.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((body.length * 3) / 4));
  let o = 0;
  let acc = 0;
  let bits = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i);
    const v = c < 128 ? DEC[c] : -1;
    if (v < 0) return null;
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
    }
  }
  return out.subarray(0, o);
}

/** Standard base64 with padding. */
export function base64Encode(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    s += B64[(n >> 18) & 63] + B64[(n >> 12) & 63];
    s += i + 1 < bytes.length ? B64[(n >> 6) & 63] : "=";
    s += i + 2 < bytes.length ? B64[n & 63] : "=";
  }
  return s;
}

const SECTIONS = ["main", "extra", "side"] as const;

/**
 * Decodes one `ydke://main!extra!side!` URL (surrounding whitespace ignored). `line` is used
 * in error positions (default 1). Errors: YDKE_BAD_PREFIX, YDKE_BAD_SECTIONS (not exactly three
 * `!`), YDKE_BAD_BASE64, YDKE_BAD_LENGTH (byte length not a multiple of 4), PASSCODE_RANGE
 * (a value outside 1 … 2,147,483,647, lib/decks/passcode.ts; one error per bad value).
 */
export function decodeYdke(url: string, line = 1): ParseResult<YgoDeck> {
  const u = url.trim();
  if (!u.toLowerCase().startsWith("ydke://")) return { ok: false, errors: [parseError(line, "YDKE_BAD_PREFIX")] };
  const rest = u.slice(7);
  const parts = rest.split("!");
  if (parts.length !== 4 || parts[3] !== "") {
    return { ok: false, errors: [parseError(line, "YDKE_BAD_SECTIONS", { found: parts.length - 1 })] };
  }
  const deck: YgoDeck = { main: [], extra: [], side: [] };
  const bad: ParseError[] = [];
  for (let s = 0; s < 3; s++) {
    const bytes = base64Decode(parts[s]);
    if (!bytes) return { ok: false, errors: [parseError(line, "YDKE_BAD_BASE64", { section: SECTIONS[s] })] };
    if (bytes.length % 4 !== 0) {
      return { ok: false, errors: [parseError(line, "YDKE_BAD_LENGTH", { section: SECTIONS[s], bytes: bytes.length })] };
    }
    const arr = deck[SECTIONS[s]];
    for (let i = 0; i < bytes.length; i += 4) {
      const code = (bytes[i] | (bytes[i + 1] << 8) | (bytes[i + 2] << 16) | (bytes[i + 3] << 24)) >>> 0;
      if (!isPasscode(code)) bad.push(parseError(line, "PASSCODE_RANGE", { text: String(code) }));
      else arr.push(code);
    }
  }
  if (bad.length) return { ok: false, errors: bad };
  return { ok: true, deck };
}

function encodeSection(codes: readonly number[]): string {
  const bytes = new Uint8Array(codes.length * 4);
  codes.forEach((c, i) => {
    bytes[i * 4] = c & 0xff;
    bytes[i * 4 + 1] = (c >>> 8) & 0xff;
    bytes[i * 4 + 2] = (c >>> 16) & 0xff;
    bytes[i * 4 + 3] = (c >>> 24) & 0xff;
  });
  return base64Encode(bytes);
}

/** Encodes a deck as `ydke://<main>!<extra>!<side>!` with standard base64 (C69). Passcodes must be uint32. */
export function encodeYdke(deck: YgoDeck): string {
  return `ydke://${encodeSection(deck.main)}!${encodeSection(deck.extra)}!${encodeSection(deck.side)}!`;
}
