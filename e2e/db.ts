/**
 * The e2e database (E2E_DATABASE_URL: the one the web server under test uses, set by
 * playwright.config.ts) for specs that seed or read rows directly.
 */
import pg from "pg";

/** The e2e database's connection string. */
export const e2eDatabaseUrl = () => process.env.E2E_DATABASE_URL!;

/** Runs one query on its own connection; returns the rows. */
export async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await c.connect();
  try {
    return (await c.query(text, params)).rows as T[];
  } finally {
    await c.end();
  }
}
