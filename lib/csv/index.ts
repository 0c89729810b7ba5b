/**
 * CSV writing for spreadsheet users (issue #12 "CSV"). Pure; papaparse does the quoting.
 *
 * Spreadsheets run a cell as a formula when its text starts with `=`, `+`, `-` or `@` (TAB and CR
 * are also used to smuggle one past a naive check, OWASP "CSV Injection"). Excel in locales whose
 * list separator is `;` (it, pt-BR) also splits a cell on `;` when a file is opened or pasted, so
 * every `;`-separated part of a field is a potential cell start too.
 * - {@link neutralizeFormula}: every such part (after optional spaces) gets a leading `'`, which
 *   spreadsheets show as text; `Jean-Luc`, `Anne-Marie; Bob` stay as they are (no part starts with
 *   a formula character).
 * - {@link toCsv}: a field containing `,` `;` `"` CR or LF is quoted (quotes doubled), as are the
 *   neutralized ones; numbers are written as numbers (never escaped, so `-3` stays a number).
 */
import Papa from "papaparse";

/** A cell value: strings are escaped, numbers/booleans written as they are, null/undefined empty. */
export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^( *)([=+\-@\t\r])/;

/** `text` with a `'` before every `;`-separated part that starts (after spaces) with = + - @ TAB or CR. */
export function neutralizeFormula(text: string): string {
  return text
    .split(";")
    .map((part) => part.replace(FORMULA_START, "'$1$2"))
    .join(";");
}

/** True when a written field must be quoted: it contains `,` `;` `"` CR or LF, or was neutralized. */
function mustQuote(value: unknown): boolean {
  return typeof value === "string" && /[,;"\r\n]|^'/.test(value);
}

/**
 * One CSV document: header row `fields`, then `rows` (each as long as `fields`), lines ended by
 * CRLF (RFC 4180), no trailing newline. String cells go through {@link neutralizeFormula}.
 */
export function toCsv(fields: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const clean = (v: CsvValue) => (typeof v === "string" ? neutralizeFormula(v) : (v ?? ""));
  return Papa.unparse(
    { fields: fields.map((f) => neutralizeFormula(f)), data: rows.map((r) => r.map(clean)) },
    { escapeFormulae: false, quotes: (value: unknown) => mustQuote(value), newline: "\r\n" },
  );
}
