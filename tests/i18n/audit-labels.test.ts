/**
 * Issue #6: the audit page shows each action as a label in the organizer's language
 * (messages/<locale>/audit.json `audit.actions.<group>.<name>`, raw code kept in small text).
 * This test collects every audit action written in lib/server — `action: "x.y"` (also
 * `cond ? "x.y" : "x.z"`), `persist(…, "x.y", …)` and the round clock's `clock.<action>` — and
 * fails when one has no label, so a new audited action cannot stay a raw code.
 */
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { loadMessages } from "@/lib/i18n/messages";

const ROOT = path.join(import.meta.dirname, "../..");
const files = (dir: string): string[] => readdirSync(dir).flatMap((f) => {
  const p = path.join(dir, f);
  return statSync(p).isDirectory() ? files(p) : f.endsWith(".ts") ? [p] : [];
});

function auditActions(): Set<string> {
  const out = new Set<string>();
  for (const f of files(path.join(ROOT, "lib/server"))) {
    const src = readFileSync(f, "utf8");
    for (const m of src.matchAll(/action: ([^,]*?"[a-z]+\.[a-zA-Z_]+"[^,]*),/g)) for (const s of m[1].matchAll(/"([a-z]+\.[a-zA-Z_]+)"/g)) out.add(s[1]);
    for (const m of src.matchAll(/persist\([^)]*?"([a-z]+\.[a-zA-Z_]+)"/g)) out.add(m[1]);
    if (src.includes("action: `clock.${input.action.toLowerCase()}`")) {
      const e = /action: z\.enum\(\[([^\]]+)\]\)/.exec(src);
      for (const a of e![1].matchAll(/"([A-Z]+)"/g)) out.add(`clock.${a[1].toLowerCase()}`);
    }
  }
  return out;
}

describe("audit action labels", () => {
  const actions = auditActions();
  it("finds the audited actions of lib/server", () => {
    expect(actions.size).toBeGreaterThan(40);
    for (const a of ["result.team_final", "round.pair", "clock.pause", "eomp.begin", "topcut.start", "checkin.close"]) expect(actions).toContain(a);
  });
  it.each(["en", "pt-BR", "it"] as const)("%s: every audited action has a label", (locale) => {
    const m = loadMessages(locale) as unknown as { audit: { actions: Record<string, Record<string, string>> } };
    const missing = [...actions].filter((a) => { const [g, n] = a.split("."); return typeof m.audit.actions[g]?.[n] !== "string"; });
    expect(missing).toEqual([]);
  });
  it("pt-BR and Italian labels are translations, not English copies", () => {
    const en = (loadMessages("en") as unknown as { audit: { actions: { result: Record<string, string> } } }).audit.actions.result;
    for (const loc of ["pt-BR", "it"] as const) {
      const tr = (loadMessages(loc) as unknown as { audit: { actions: { result: Record<string, string> } } }).audit.actions.result;
      expect(tr.team_final).not.toBe(en.team_final);
    }
  });
});
