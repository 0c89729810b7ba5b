/**
 * Read models of the card database pages (/cards, /cards/changes). /cards/changes is public (the
 * card database is shared by every event); /cards is for signed-in users.
 */
import { db } from "@/lib/db";

/** Card counts of the /cards page: all cards, Extra Deck cards and tokens. */
export async function cardCounts(): Promise<{ total: number; extra: number; tokens: number }> {
  const [total, extra, tokens] = await Promise.all([
    db().card.count(),
    db().card.count({ where: { isExtra: true } }),
    db().card.count({ where: { isToken: true } }),
  ]);
  return { total, extra, tokens };
}

/** The latest `shown` card changes (newest first), the total count, and each change's import file name by job id. */
export async function cardChanges(shown: number) {
  const [count, rows] = await Promise.all([
    db().cardChange.count(),
    db().cardChange.findMany({ orderBy: [{ createdAt: "desc" }, { passcode: "asc" }], take: shown }),
  ]);
  const jobIds = [...new Set(rows.map((r) => r.jobId))];
  const jobRows = await db().cardImportJob.findMany({ where: { id: { in: jobIds } }, select: { id: true, fileName: true } });
  const jobs = new Map(jobRows.map((j) => [j.id, j.fileName]));
  return { count, rows, jobs };
}
