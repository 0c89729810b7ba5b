/**
 * English rendering of lib/formats codes from the single source of words,
 * messages/en/formats.json (`{"formats": {...}}`, ICU-style templates, also loaded by next-intl).
 *
 * Keys: `formats.<group>.<CODE>` with groups `eomp` (instructions), `errors`, `reasons`
 * (end reasons), `quickref`, `sections`, `warnings`, `phases`, `tiebreakers`.
 * Supported ICU subset: `{name}`, `{name, number}` (en grouping: 16,000),
 * `{name, select, a {…} other {…}}`, `{name, plural, one {…} other {…}}` with `#`.
 * A missing key renders as the key itself (tests assert every emitted code has a template).
 */
import catalogue from "../../messages/en/formats.json";

export type MessageParams = Record<string, string | number | boolean | null | undefined>;
type Tree = { [k: string]: string | Tree };

const ROOT = (catalogue as unknown as { formats: Tree }).formats;

/** The message key for an output kind + code (e.g. ("eomp","FINISH_PHASE") → "formats.eomp.FINISH_PHASE"). */
export function messageKey(group: string, code: string): string {
  return `formats.${group}.${code}`;
}

/** The raw English template for `formats.<group>.<code>`, or undefined. */
export function template(group: string, code: string): string | undefined {
  const g = ROOT[group];
  if (!g || typeof g === "string") return undefined;
  const t = g[code];
  return typeof t === "string" ? t : undefined;
}

/** English text for `formats.<group>.<code>` with params filled in. Never throws. */
export function render(group: string, code: string, params: MessageParams = {}): string {
  const t = template(group, code);
  if (t === undefined) return messageKey(group, code);
  try {
    return format(t, params);
  } catch {
    return t;
  }
}

const NUM = new Intl.NumberFormat("en-US");

/** Formats an ICU-subset template (see module doc). Exported for tests. */
export function format(t: string, params: MessageParams, hash?: string): string {
  let out = "";
  let i = 0;
  while (i < t.length) {
    const c = t[i];
    if (c === "#" && hash !== undefined) {
      out += hash;
      i++;
    } else if (c === "{") {
      const end = matching(t, i);
      out += arg(t.slice(i + 1, end), params);
      i = end + 1;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

function matching(t: string, open: number): number {
  let depth = 0;
  for (let i = open; i < t.length; i++) {
    if (t[i] === "{") depth++;
    else if (t[i] === "}" && --depth === 0) return i;
  }
  throw new Error("unbalanced template");
}

function arg(body: string, params: MessageParams): string {
  const first = body.indexOf(",");
  const name = (first < 0 ? body : body.slice(0, first)).trim();
  const value = params[name];
  if (first < 0) return value === undefined || value === null ? `{${name}}` : String(value);
  const rest = body.slice(first + 1);
  const second = rest.indexOf(",");
  const type = (second < 0 ? rest : rest.slice(0, second)).trim();
  if (type === "number") return typeof value === "number" ? NUM.format(value) : String(value);
  const options = parseOptions(rest.slice(second + 1));
  if (type === "select") {
    const chosen = options[String(value)] ?? options.other ?? "";
    return format(chosen, params);
  }
  if (type === "plural") {
    const n = Number(value);
    const chosen = options[`=${n}`] ?? (n === 1 ? options.one : undefined) ?? options.other ?? "";
    return format(chosen, params, String(n));
  }
  return String(value);
}

function parseOptions(s: string): Record<string, string> {
  const out: Record<string, string> = {};
  let i = 0;
  while (i < s.length) {
    while (i < s.length && /\s/.test(s[i])) i++;
    if (i >= s.length) break;
    let k = "";
    while (i < s.length && s[i] !== "{" && !/\s/.test(s[i])) k += s[i++];
    while (i < s.length && /\s/.test(s[i])) i++;
    const end = matching(s, i);
    out[k] = s.slice(i + 1, end);
    i = end + 1;
  }
  return out;
}
