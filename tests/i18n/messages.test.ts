/**
 * Translation consistency for the next-intl catalogues (messages/<locale>/<namespace>.json).
 *
 * For every non-English locale in LOCALES and every namespace file in messages/en/:
 * - the file exists and has every English key (missing keys are listed) and no extra keys;
 * - every message parses with intl-messageformat (the ICU parser next-intl uses);
 * - its placeholder names equal the English ones (plural/select branches included), a
 *   plural/select argument stays a plural/select with the same select keys / `=N` keys and an
 *   `other` branch, plural categories exist in the locale, and `{x, number}` stays numeric;
 * - it formats without throwing for sample values (every select branch, counts 0/1/2/5).
 * A namespace added to messages/en/ without translations makes this test fail on purpose.
 */
import { describe, expect, it } from "vitest";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import IntlMessageFormat from "intl-messageformat";
import { LOCALES } from "../../lib/i18n/config";

const ROOT = path.join(import.meta.dirname, "../../messages");

type Tree = { [k: string]: string | Tree };

/** Minimal view of the @formatjs/icu-messageformat-parser AST (TYPE enum values). */
const T = { literal: 0, argument: 1, number: 2, date: 3, time: 4, select: 5, plural: 6, pound: 7, tag: 8 } as const;
interface El {
  type: number;
  value?: string;
  options?: Record<string, { value: El[] }>;
  children?: El[];
  pluralType?: "cardinal" | "ordinal";
}

/** Flattens a message tree to dotted key → message; non-string leaves are reported as-is. */
export function flatten(tree: Tree, prefix = ""): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === "object" && !Array.isArray(v)) for (const [k2, v2] of flatten(v, key)) out.set(k2, v2);
    else out.set(key, v);
  }
  return out;
}

interface ArgInfo {
  kinds: Set<string>; // "argument" | "number" | "date" | "time" | "select" | "plural" | "selectordinal" | "tag"
  selectKeys: Set<string>; // union of option keys of select/plural uses
}

/** Collects argument names (with their kinds and option keys) from a parsed message. */
export function collectArgs(els: El[], into = new Map<string, ArgInfo>()): Map<string, ArgInfo> {
  const add = (name: string, kind: string, keys: string[] = []) => {
    const info = into.get(name) ?? { kinds: new Set<string>(), selectKeys: new Set<string>() };
    info.kinds.add(kind);
    for (const k of keys) info.selectKeys.add(k);
    into.set(name, info);
  };
  for (const el of els) {
    switch (el.type) {
      case T.argument:
        add(el.value!, "argument");
        break;
      case T.number:
        add(el.value!, "number");
        break;
      case T.date:
        add(el.value!, "date");
        break;
      case T.time:
        add(el.value!, "time");
        break;
      case T.select:
      case T.plural: {
        const kind = el.type === T.select ? "select" : el.pluralType === "ordinal" ? "selectordinal" : "plural";
        add(el.value!, kind, Object.keys(el.options ?? {}));
        for (const opt of Object.values(el.options ?? {})) collectArgs(opt.value, into);
        break;
      }
      case T.tag:
        add(`<${el.value}>`, "tag");
        collectArgs(el.children ?? [], into);
        break;
    }
  }
  return into;
}

/** Parses an ICU message the way next-intl does; returns the AST or the parser error. */
export function parseMessage(message: string, locale: string): { ast?: El[]; error?: string } {
  try {
    return { ast: new IntlMessageFormat(message, locale).getAst() as unknown as El[] };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

function readNamespace(locale: string, file: string): Tree | undefined {
  const p = path.join(ROOT, locale, file);
  return existsSync(p) ? (JSON.parse(readFileSync(p, "utf8")) as Tree) : undefined;
}

/** Compares one translated message against its English source; returns problems (empty = fine). */
export function compareMessage(en: string, tr: string, locale: string): string[] {
  const problems: string[] = [];
  const pe = parseMessage(en, "en");
  const pt = parseMessage(tr, locale);
  if (pt.error) return [`does not parse: ${pt.error}`];
  if (pe.error) return [`English source does not parse: ${pe.error}`];
  const ae = collectArgs(pe.ast!);
  const at = collectArgs(pt.ast!);
  const missing = [...ae.keys()].filter((k) => !at.has(k));
  const extra = [...at.keys()].filter((k) => !ae.has(k));
  if (missing.length) problems.push(`missing placeholders: ${missing.join(", ")}`);
  if (extra.length) problems.push(`unknown placeholders: ${extra.join(", ")}`);
  const categories = new Set<string>(new Intl.PluralRules(locale).resolvedOptions().pluralCategories);
  for (const [name, e] of ae) {
    const t = at.get(name);
    if (!t) continue;
    for (const kind of ["select", "plural", "selectordinal"]) {
      if (e.kinds.has(kind) && !t.kinds.has(kind)) problems.push(`{${name}} must stay a ${kind}`);
    }
    if (e.kinds.has("select") && t.kinds.has("select")) {
      const ek = [...e.selectKeys].sort().join(",");
      const tk = [...t.selectKeys].sort().join(",");
      if (ek !== tk) problems.push(`{${name}, select} keys differ: en [${ek}] vs [${tk}]`);
    }
    if (e.kinds.has("plural") && t.kinds.has("plural")) {
      const exact = (s: Set<string>) =>
        [...s]
          .filter((k) => k.startsWith("="))
          .sort()
          .join(",");
      if (exact(e.selectKeys) !== exact(t.selectKeys))
        problems.push(`{${name}, plural} exact cases differ: en [${exact(e.selectKeys)}] vs [${exact(t.selectKeys)}]`);
      if (!t.selectKeys.has("other")) problems.push(`{${name}, plural} has no 'other' branch`);
      const bad = [...t.selectKeys].filter((k) => !k.startsWith("=") && !categories.has(k));
      if (bad.length) problems.push(`{${name}, plural} uses categories ${bad.join(", ")} that ${locale} never selects`);
    }
    if ((e.kinds.has("number") || e.kinds.has("plural")) && (t.kinds.has("select") || t.kinds.has("date") || t.kinds.has("time"))) {
      problems.push(`{${name}} is numeric in English but not in the translation`);
    }
  }
  if (!problems.length) {
    // Format smoke test: every select branch and a few counts must render without throwing.
    const variants: Record<string, unknown>[] = [];
    const base = (n: number) => {
      const v: Record<string, unknown> = {};
      for (const [name, info] of at) {
        if (info.kinds.has("tag")) v[name.slice(1, -1)] = (chunks: string[]) => chunks.join("");
        else if (info.kinds.has("number") || info.kinds.has("plural") || info.kinds.has("selectordinal")) v[name] = n;
        else if (info.kinds.has("date") || info.kinds.has("time")) v[name] = new Date(0);
        else v[name] = info.kinds.has("select") ? "other" : "X";
      }
      return v;
    };
    for (const n of [0, 1, 2, 5]) variants.push(base(n));
    for (const [name, info] of at) {
      if (!info.kinds.has("select")) continue;
      for (const key of info.selectKeys) variants.push({ ...base(2), [name]: key });
    }
    for (const values of variants) {
      try {
        new IntlMessageFormat(tr, locale).format(values as Record<string, string>);
      } catch (err) {
        problems.push(`fails to format with ${JSON.stringify(values)}: ${(err as Error).message}`);
        break;
      }
    }
  }
  return problems;
}

const NAMESPACE_FILES = readdirSync(path.join(ROOT, "en"))
  .filter((f) => f.endsWith(".json"))
  .sort();
const TARGETS = LOCALES.filter((l) => l !== "en");

describe("messages/en (source catalogue)", () => {
  it.each(NAMESPACE_FILES)("%s: every English message parses as ICU", (file) => {
    const en = flatten(readNamespace("en", file)!);
    const bad = [...en].flatMap(([k, v]) => {
      if (typeof v !== "string") return [`${k}: not a string`];
      const p = parseMessage(v, "en");
      return p.error ? [`${k}: ${p.error}`] : [];
    });
    expect(bad).toEqual([]);
  });
});

describe("compareMessage (the checker itself)", () => {
  it("flags a dropped placeholder, a renamed one, a lost plural, a changed select and bad syntax", () => {
    expect(compareMessage("{team} won", "ganhou", "pt-BR")).toEqual(["missing placeholders: team"]);
    expect(compareMessage("{team} won", "{equipe} venceu", "pt-BR")).toEqual([
      "missing placeholders: team",
      "unknown placeholders: equipe",
    ]);
    expect(compareMessage("{count, plural, one {# team} other {# teams}}", "{count} equipes", "pt-BR")).toEqual([
      "{count} must stay a plural",
    ]);
    expect(compareMessage("{k, select, a {A} other {B}}", "{k, select, b {A} other {B}}", "it")[0]).toMatch(/select} keys differ/);
    expect(compareMessage("{count, plural, =0 {none} other {#}}", "{count, plural, other {#}}", "it")[0]).toMatch(/exact cases differ/);
    expect(compareMessage("{count, plural, one {#} other {#}}", "{count, plural, one {#} few {#} other {#}}", "it")[0]).toMatch(
      /never selects/,
    );
    expect(compareMessage("{a} and {b}", "{a} e {b", "it")[0]).toMatch(/does not parse/);
    // An apostrophe right before a brace starts an ICU quote and swallows the placeholder.
    expect(compareMessage("of {team}", "dell'{team}", "it")).not.toEqual([]);
    // Placeholders inside branches count; adding a select over an English plain argument is allowed.
    expect(compareMessage("{x, select, a {{n} A} other {B}}", "{x, select, a {A} other {B}}", "it")).toEqual(["missing placeholders: n"]);
    expect(compareMessage("floated {direction}", "{direction, select, up {su} down {giù} other {{direction}}}", "it")).toEqual([]);
  });
});

for (const locale of TARGETS) {
  describe(`messages/${locale}`, () => {
    it.each(NAMESPACE_FILES)(`%s: translated, same keys as English`, (file) => {
      const tr = readNamespace(locale, file);
      expect(tr, `messages/${locale}/${file} is missing: translate messages/en/${file}`).toBeDefined();
      const en = flatten(readNamespace("en", file)!);
      const t = flatten(tr!);
      const missing = [...en.keys()].filter((k) => !t.has(k));
      const extra = [...t.keys()].filter((k) => !en.has(k));
      expect(missing, `messages/${locale}/${file} lacks English keys: ${missing.join(", ")}`).toEqual([]);
      expect(extra, `messages/${locale}/${file} has keys English does not: ${extra.join(", ")}`).toEqual([]);
    });

    it.each(NAMESPACE_FILES)(`%s: every message parses and keeps the English placeholders`, (file) => {
      const tr = readNamespace(locale, file);
      expect(tr, `messages/${locale}/${file} is missing`).toBeDefined();
      const en = flatten(readNamespace("en", file)!);
      const t = flatten(tr!);
      const problems: string[] = [];
      for (const [k, v] of t) {
        const src = en.get(k);
        if (typeof src !== "string") continue; // reported by the key test
        if (typeof v !== "string") {
          problems.push(`${k}: not a string`);
          continue;
        }
        for (const p of compareMessage(src, v, locale)) problems.push(`${k}: ${p}`);
      }
      expect(problems).toEqual([]);
    });
  });
}
