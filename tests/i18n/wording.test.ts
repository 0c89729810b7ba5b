/**
 * Fresh-user finding E10: one term per concept per locale. pt-BR wrote "PV" and "LP" side by side
 * ("PV de Dragões Brancos: informe os LP desta equipe."), "Desqualificação" next to "foi
 * desclassificada", and the report page said "vs" where the others say "x". Italian uses LP,
 * "squalifica" and "vs".
 */
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

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
