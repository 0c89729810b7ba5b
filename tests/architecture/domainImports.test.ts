/**
 * The pure core (issue #11 Acceptance): a module under lib/{formats,decks,pairing,standings,timer,teams}
 * imports only those folders, `pure-rand`, `sql.js` (in the `.cdb` reader only) and the English
 * message catalogues (`messages/en/<namespace>.json`: static data bundled at build time, no I/O).
 * No `node:*` modules, no `process` (cwd, env), no `require`: file access, workers and the WASM
 * binary live in lib/server (e.g. lib/server/sqlWasm.ts).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const DOMAINS = ["formats", "decks", "pairing", "standings", "timer", "teams", "flights"] as const;
/** Files allowed to load sql.js (the `.cdb` reader). */
const SQL_JS_READERS = new Set(["lib/decks/cdb.ts", "lib/decks/cdbRows.mjs"]);

/** Every module specifier (static, `export … from`, dynamic `import()`, `require()`) and every `process` use in a source text. */
export function moduleUses(fileName: string, text: string): { specifiers: string[]; processUses: number } {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const specifiers: string[] = [];
  let processUses = 0;
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node)) {
      const isImport = node.expression.kind === ts.SyntaxKind.ImportKeyword;
      const isRequire = ts.isIdentifier(node.expression) && node.expression.text === "require";
      if (isImport || isRequire) {
        const arg = node.arguments[0];
        specifiers.push(arg && ts.isStringLiteralLike(arg) ? arg.text : "<computed>");
      }
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      specifiers.push(node.argument.literal.text);
    } else if (ts.isIdentifier(node) && node.text === "process" && !ts.isPropertyAccessExpression(node.parent)) {
      processUses++;
    } else if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "process") {
      processUses++;
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return { specifiers, processUses };
}

/**
 * Why one module breaks the domain-import rule, or [] when it keeps it. `file` is relative to the
 * repository root (e.g. "lib/decks/cdb.ts").
 */
export function domainImportViolations(file: string, text: string): string[] {
  const out: string[] = [];
  const { specifiers, processUses } = moduleUses(file, text);
  if (processUses) out.push(`${file}: uses process (${processUses}×)`);
  for (const spec of specifiers) {
    if (spec === "pure-rand" || spec.startsWith("pure-rand/")) continue;
    if (spec === "sql.js" && SQL_JS_READERS.has(file)) continue;
    let target: string | null = null;
    if (spec.startsWith("@/")) target = spec.slice(2);
    else if (spec.startsWith(".")) target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
    if (target !== null) {
      if (DOMAINS.some((d) => target === `lib/${d}` || target!.startsWith(`lib/${d}/`))) continue;
      if (/^messages\/en\/[\w-]+\.json$/.test(target)) continue;
    }
    out.push(`${file}: imports "${spec}"`);
  }
  return out;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return sourceFiles(rel);
    return /\.(ts|tsx|mts|mjs|js)$/.test(e.name) ? [rel] : [];
  });
}

describe("domain-import rule: lib/{formats,decks,pairing,standings,timer,teams} stay pure", () => {
  const files = DOMAINS.flatMap((d) => sourceFiles(`lib/${d}`));

  it("reads every domain module (the walk finds the core)", () => {
    expect(files).toContain("lib/decks/cdb.ts");
    expect(files).toContain("lib/decks/cdbRows.mjs");
    expect(files).toContain("lib/standings/index.ts");
    expect(files.length).toBeGreaterThan(40);
  });

  it("no domain module imports outside the core, pure-rand, sql.js (cdb reader) or the English catalogues", () => {
    const violations = files.flatMap((f) => domainImportViolations(f, readFileSync(path.join(ROOT, f), "utf8")));
    expect(violations).toEqual([]);
  });

  it("flags node:* modules, process.cwd(), require, lib/server and sql.js outside the cdb reader (synthetic modules)", () => {
    const src = [
      `import { readFile } from "node:fs/promises";`,
      `import { db } from "@/lib/db";`,
      `import { x } from "../server/rounds";`,
      `export { y } from "next/navigation";`,
      `const p = process.cwd();`,
      `const q = require("node:path");`,
      `async function f() { return import("sql.js"); }`,
      `type T = import("@prisma/client").Prisma.JsonValue;`,
    ].join("\n");
    expect(domainImportViolations("lib/standings/bad.ts", src)).toEqual([
      `lib/standings/bad.ts: uses process (1×)`,
      `lib/standings/bad.ts: imports "node:fs/promises"`,
      `lib/standings/bad.ts: imports "@/lib/db"`,
      `lib/standings/bad.ts: imports "../server/rounds"`,
      `lib/standings/bad.ts: imports "next/navigation"`,
      `lib/standings/bad.ts: imports "node:path"`,
      `lib/standings/bad.ts: imports "sql.js"`,
      `lib/standings/bad.ts: imports "@prisma/client"`,
    ]);
  });

  it("accepts imports between core folders, pure-rand, sql.js in the cdb reader and the English catalogue", () => {
    const src = [
      `import { getPreset } from "../formats/presets";`,
      `import { pairRound } from "@/lib/pairing";`,
      `import uniformInt from "pure-rand/distribution/uniformInt";`,
      `import en from "../../messages/en/decks.json";`,
      `async function f() { return import("sql.js"); }`,
    ].join("\n");
    expect(domainImportViolations("lib/decks/cdb.ts", src)).toEqual([]);
    expect(domainImportViolations("lib/decks/other.ts", src)).toEqual([`lib/decks/other.ts: imports "sql.js"`]);
  });
});
