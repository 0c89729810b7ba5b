/**
 * Fresh-user finding E10: one term per concept per locale. pt-BR wrote "PV" and "LP" side by side
 * ("PV de Dragões Brancos: informe os LP desta equipe."), "Desqualificação" next to "foi
 * desclassificada", and the report page said "vs" where the others say "x". Italian uses LP,
 * "squalifica" and "vs".
 */
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { createTranslator } from "next-intl";
import { loadMessages } from "@/lib/i18n/messages";

const ROOT = path.join(import.meta.dirname, "../..");

/** Every string of messages/<locale>/*.json as [file:key, text]. */
function strings(locale: string): [string, string][] {
  const dir = path.join(ROOT, "messages", locale);
  const out: [string, string][] = [];
  const walk = (v: unknown, at: string) => {
    if (typeof v === "string") out.push([at, v]);
    else if (v && typeof v === "object") for (const [k, x] of Object.entries(v)) walk(x, `${at}.${k}`);
  };
  for (const f of readdirSync(dir).filter((f) => f.endsWith(".json"))) walk(JSON.parse(readFileSync(path.join(dir, f), "utf8")), f);
  return out;
}
const find = (locale: string, re: RegExp) => strings(locale).filter(([, s]) => re.test(s)).map(([k, s]) => `${k}: ${s}`);

describe("E10: one term per concept per locale", () => {
  it("pt-BR says PV (never LP) for Yu-Gi-Oh! life points", () => {
    expect(find("pt-BR", /\bLP\b/)).toEqual([]);
    expect(find("pt-BR", /\bPV\b/).length).toBeGreaterThan(3);
  });
  it("Italian says LP (never PV)", () => {
    expect(find("it", /\bPV\b/)).toEqual([]);
  });
  it("pt-BR: 'desqualific…' only — never mixed with 'desclassific…'", () => {
    expect(find("pt-BR", /desclassific/i)).toEqual([]);
    expect(find("pt-BR", /desqualific/i).length).toBeGreaterThan(2);
  });
  it("Italian: 'squalific…' only", () => {
    expect(find("it", /(de|s)classific|desqualific|disqualific/i)).toEqual([]);
  });
  it("pt-BR says 'x' between two teams, never 'vs'; no page hard-codes 'vs'", () => {
    expect(find("pt-BR", /\bvs\.?\b/i)).toEqual([]);
    const tsx: string[] = [];
    const walk = (d: string) => { for (const f of readdirSync(d)) { const p = path.join(d, f); if (statSync(p).isDirectory()) walk(p); else if (p.endsWith(".tsx")) tsx.push(p); } };
    walk(path.join(ROOT, "app")); walk(path.join(ROOT, "components"));
    expect(tsx.filter((f) => />\s*vs\.?\s*</.test(readFileSync(f, "utf8"))).map((f) => path.relative(ROOT, f))).toEqual([]);
  });
});

/**
 * Issue #13 item 11: Italian Yu-Gi-Oh! words on Yu-Gi-Oh! events (duello, duellante) while Magic
 * keeps Magic's (giocatore, game/partita); and no developer reference (npm commands, RULES.md
 * sections) in any message of any locale.
 */
describe("words per game and no developer references", () => {
  const it_ = createTranslator({ locale: "it", messages: loadMessages("it") as never, onError: () => {} }) as unknown as (k: string, p?: Record<string, string>) => string;
  const flat = (o: unknown, pre = ""): [string, string][] => typeof o === "string" ? [[pre, o]] : Object.entries(o as Record<string, unknown>).flatMap(([k, v]) => flat(v, pre ? `${pre}.${k}` : k));

  it("every Italian message worded by game says duellante/duello for Yu-Gi-Oh! and keeps giocatore for Magic", () => {
    const worded = flat(loadMessages("it")).filter(([, v]) => v.includes("{game, select,"));
    expect(worded.length).toBeGreaterThan(60);
    const bad: string[] = [];
    for (const [key] of worded) {
      let ygo: string;
      try { ygo = it_(key, { game: "YGO", seatKind: "duelist", designation: "A", name: "N", d: "A", team: "T", table: "1", query: "q", value: "v", at: "known", seat: "1A", turn: "1", count: "2", n: "3", scope: "duelist", stage: "all", phase: "MAIN1", field: "f", slot: "1", extraTurns: "3", extra: "3", kind: "team", start: "8000", mode: "compare", lp: "8000", won: "2", lost: "1", min: "40", max: "60", limit: "40", list: "L", sections: "s", listGame: "YGO", eventGame: "YGO", format: "ydk" }); } catch { continue; }
      if (/\bgiocator[ei]\b|\bgame\b(?! ID)|Game Loss|Match Loss/i.test(ygo.replace(/Card Game ID/g, ""))) bad.push(`${key}: ${ygo}`);
    }
    expect(bad).toEqual([]);
    expect(it_("teams.duelistA", { game: "YGO" })).toBe("Duellante A");
    expect(it_("teams.duelistA", { game: "MTG" })).toBe("Giocatore A");
    expect(it_("reporting.penalties.kind.GAME_LOSS", { game: "YGO" })).toBe("Sconfitta nel duello");
    expect(it_("reporting.penalties.kind.GAME_LOSS", { game: "MTG" })).toBe("Game Loss");
  });

  it.each(["en", "pt-BR", "it"] as const)("%s: no message names an npm command or a RULES.md section", (loc) => {
    const hits = flat(loadMessages(loc)).filter(([, v]) => /npm run|RULES\.md|CASES\.md|§\s*\d/.test(v));
    expect(hits).toEqual([]);
  });
});
