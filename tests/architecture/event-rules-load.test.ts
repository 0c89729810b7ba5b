/**
 * Issue #11 item 2: a transaction loads the event, its preset and the resolved settings once,
 * through lib/server/write/eventRules.ts (`eventRules(tx, eventId)`). A text scan of the action
 * definitions and write helpers: resolving a preset or settings anywhere else fails this test.
 * lib/server/actions/events.ts is the exception: creating an event or changing its preset resolves
 * the preset named in the input, not a stored one.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const ALLOWED = new Set(["lib/server/write/eventRules.ts", "lib/server/actions/events.ts"]);
const RESOLVES = /\b(getPreset|resolveSettings)\s*\(/g;

/** Lines (1-based) of `source` that resolve a preset or settings themselves. */
export function adHocRuleLoads(source: string): number[] {
  return [...source.matchAll(RESOLVES)].map((m) => source.slice(0, m.index).split("\n").length);
}

const files = ["lib/server/actions", "lib/server/write"].flatMap((d) =>
  readdirSync(path.join(ROOT, d))
    .filter((n) => /\.(ts|mts)$/.test(n))
    .map((n) => `${d}/${n}`),
);

describe("actions load event rules once, through eventRules", () => {
  it("finds a preset resolved by hand and ignores a destructured eventRules load", () => {
    expect(adHocRuleLoads(`const preset = getPreset(event.formatPreset);\nconst s = resolveSettings(preset, {});`)).toEqual([1, 2]);
    expect(adHocRuleLoads(`const { event, preset, settings } = await eventRules(tx, input.eventId);`)).toEqual([]);
  });

  it("no action or write helper but eventRules.ts (and events.ts, which resolves the input's preset) resolves a preset", () => {
    expect(files.length).toBeGreaterThan(10);
    const offenders = files
      .filter((f) => !ALLOWED.has(f))
      .flatMap((f) => adHocRuleLoads(readFileSync(path.join(ROOT, f), "utf8")).map((l) => `${f}:${l}`));
    expect(offenders).toEqual([]);
  });
});
