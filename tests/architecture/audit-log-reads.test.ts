/**
 * Issue #11 item 3: the audit log is written by every mutation but read only by the audit page's
 * read model. Features keep their facts in their own columns and rows (Decklist.unlockedAt,
 * UNDONE RoundSnapshot rows, PairingEdit rows), never by reading audit rows back by action string.
 * A text scan of the sources: any Prisma read of `auditLog` (find*, count, groupBy, aggregate) or
 * SQL reading "AuditLog" outside the one reader module fails this test.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** The one module allowed to read the audit log: the audit page's read model (a later event export reads through it). */
const AUDIT_READER = "lib/server/read/audit.ts";
const SCANNED = ["lib", "app", "components", "scripts"];
const SKIPPED = new Set(["lib/generated"]);

// Whitespace (newlines included) may separate the parts: `db()\n  .auditLog\n  .findMany(...)`.
const PRISMA_READ = /\bauditLog\s*\.\s*(findMany|findFirst|findFirstOrThrow|findUnique|findUniqueOrThrow|count|groupBy|aggregate)\b/g;
const SQL_READ = /\b(FROM|JOIN)\s+"?AuditLog\b/gi;

/** Lines of `source` (1-based) where a read of the audit log starts. */
export function auditLogReads(source: string): number[] {
  const lineOf = (index: number) => source.slice(0, index).split("\n").length;
  const hits = [...source.matchAll(PRISMA_READ), ...source.matchAll(SQL_READ)].map((m) => lineOf(m.index));
  return [...new Set(hits)].sort((a, b) => a - b);
}

function sourceFiles(dir: string): string[] {
  const rel = path.relative(ROOT, dir).split(path.sep).join("/");
  if (SKIPPED.has(rel)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mts|mjs|cjs|js)$/.test(name) ? [full] : [];
  });
}

describe("the audit log is read only by the audit page's read model", () => {
  it("finds a read in a one-line call, a call split over lines and raw SQL, and no read in a write", () => {
    expect(auditLogReads(`const r = await tx.auditLog.groupBy({ by: ["entityId"] });`)).toEqual([1]);
    expect(auditLogReads(`const x = 1;\nconst r = await db()\n  .auditLog\n  .findMany({ where: {} });`)).toEqual([3]);
    expect(auditLogReads(`await tx.$queryRaw\`SELECT * FROM "AuditLog" WHERE action = 'x'\`;`)).toEqual([1]);
    expect(auditLogReads(`await tx.auditLog.create({ data: row });`)).toEqual([]);
  });

  it(`no module but ${AUDIT_READER} reads auditLog`, () => {
    const offenders = SCANNED.flatMap((d) => sourceFiles(path.join(ROOT, d)))
      .map((f) => path.relative(ROOT, f).split(path.sep).join("/"))
      .filter((f) => f !== AUDIT_READER)
      .flatMap((f) => auditLogReads(readFileSync(path.join(ROOT, f), "utf8")).map((line) => `${f}:${line}`));
    expect(offenders).toEqual([]);
  });

  it(`${AUDIT_READER} is the reader (the allowed path is not stale)`, () => {
    expect(auditLogReads(readFileSync(path.join(ROOT, AUDIT_READER), "utf8")).length).toBeGreaterThan(0);
  });
});
