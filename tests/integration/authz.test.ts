/**
 * Authorization (issue #2 acceptance): enumerate every server action and route handler from the
 * code, call each as the public, as a duelist of another team and as a judge of another event —
 * all refused, nothing written (row counts of every table, audit log included, unchanged).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { rowCounts, useTestDatabase } from "./db";
import { buildContext, type AuthzContext, type Fixtures } from "./authz/context";
import { ACTIONS } from "@/lib/server/actions";

await useTestDatabase();

const root = path.resolve(import.meta.dirname, "../..");
function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}
const appFiles = walk(path.join(root, "app")).filter((f) => /\.(ts|tsx)$/.test(f));
// "use server" modules anywhere in the source (today lib/server/actions/browser/*.ts).
const sourceFiles = [
  ...appFiles,
  ...walk(path.join(root, "components")),
  ...walk(path.join(root, "lib")).filter((f) => !f.includes(`${path.sep}generated${path.sep}`)),
];
const serverActionFiles = sourceFiles.filter((f) => /\.(ts|tsx)$/.test(f) && /^\s*["']use server["']/.test(readFileSync(f, "utf8")));
const exportedServerActions = serverActionFiles.flatMap((f) =>
  [...readFileSync(f, "utf8").matchAll(/export\s+async\s+function\s+(\w+)/g)].map((m) => ({ file: path.relative(root, f), name: m[1] })),
);
const routeFiles = appFiles.filter((f) => /\/route\.ts$/.test(f));

const fixtureFiles = readdirSync(path.join(import.meta.dirname, "authz")).filter((f) => f.endsWith(".fixtures.ts"));
const fixtures: Fixtures = {};
for (const f of fixtureFiles) Object.assign(fixtures, ((await import(`./authz/${f}`)) as { fixtures: Fixtures }).fixtures);

describe("authorization of every server action and route handler", () => {
  let ctx: AuthzContext;
  beforeAll(async () => {
    ctx = await buildContext();
  });

  it("every 'use server' export is a registered action of the same name", () => {
    expect(serverActionFiles.map((f) => path.relative(root, f)).sort()).toEqual(
      ["archive", "checkin", "core", "deckops", "flights", "floor", "interop", "live", "offline", "operations", "players", "reporting"].map(
        (m) => `lib/server/actions/browser/${m}.ts`,
      ),
    );
    expect(exportedServerActions.length).toBeGreaterThanOrEqual(Object.keys(ACTIONS).length);
    for (const e of exportedServerActions) expect(ACTIONS[e.name], `${e.file}: ${e.name} is not in lib/server/actions`).toBeDefined();
    for (const name of Object.keys(ACTIONS))
      expect(
        exportedServerActions.map((e) => e.name),
        `${name} has no "use server" export`,
      ).toContain(name);
  });

  it("every 'use server' export runs the definition of its own name (imported, not looked up by name)", async () => {
    for (const f of serverActionFiles) {
      const src = readFileSync(f, "utf8");
      const modules = new Map([...src.matchAll(/import \* as (\w+) from "@\/lib\/server\/actions\/(\w+)"/g)].map((m) => [m[1], m[2]]));
      const wrappers = [
        ...src.matchAll(/export\s+async\s+function\s+(\w+)\([^)]*\)\s*\{\s*return runAction\((\w+)\.(\w+), input\);\s*\}/g),
      ];
      const rel = path.relative(root, f);
      expect(wrappers.length, `${rel}: every export is one runAction(definition, input) call`).toBe(
        [...src.matchAll(/export\s+async\s+function/g)].length,
      );
      for (const [, exported, alias, constName] of wrappers) {
        const mod = modules.get(alias);
        expect(mod, `${rel}: ${alias} is not an import of lib/server/actions/*`).toBeDefined();
        const def = ((await import(`@/lib/server/actions/${mod}`)) as Record<string, { name?: string }>)[constName];
        expect(def?.name, `${rel}: ${exported} runs ${alias}.${constName}`).toBe(exported);
      }
    }
  });

  it("every registered action has an attack fixture", () => {
    for (const name of Object.keys(ACTIONS))
      expect(fixtures[name], `no fixture for ${name} in tests/integration/authz/*.fixtures.ts`).toBeTypeOf("function");
  });

  for (const name of Object.keys(ACTIONS).sort()) {
    it(`${name}: refused to the public, another team's duelist and another event's judge; nothing written`, async () => {
      const before = await rowCounts();
      for (const who of ctx.attackers) {
        const res = await ACTIONS[name].handle(who.userId, fixtures[name](ctx));
        expect(res.ok, `${name} succeeded for ${who.label}`).toBe(false);
        // The refusal must come from authorization, not from a malformed fixture (which would
        // make this test pass for nothing): the input has to get past validation.
        if (!res.ok) expect(res.error.code, `${name} for ${who.label}: ${res.error.message}`).not.toBe("INVALID");
      }
      expect(await rowCounts()).toEqual(before);
    });
  }

  it("route handlers only read (GET), except next-auth's own endpoint", () => {
    for (const f of routeFiles) {
      const src = readFileSync(f, "utf8");
      const methods = [...src.matchAll(/export\s+(?:async\s+function|const|\{[^}]*\bas\s+)\s*(POST|PUT|PATCH|DELETE)\b/g)].map((m) => m[1]);
      const rel = path.relative(root, f);
      if (rel.includes("[...nextauth]")) continue;
      expect(methods, `${rel} exports a mutating handler: add it to this test with an attack`).toEqual([]);
    }
  });
});
