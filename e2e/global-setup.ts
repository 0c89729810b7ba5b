/**
 * Creates the accounts every e2e spec signs in with, in the e2e database (the webServer's):
 *   e2e-organizer / e2e-password-123 (organizer account), e2e-judge / e2e-password-123.
 * Written with plain SQL through pg so it works on Postgres and on the embedded PGlite server.
 */
import pg from "pg";
import bcrypt from "bcryptjs";

export const E2E_PASSWORD = "e2e-password-123";

export default async function globalSetup() {
  const url = process.env.E2E_DATABASE_URL!;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const hash = await bcrypt.hash(E2E_PASSWORD, 10);
    for (const [id, username, name, organizer] of [
      ["e2e-organizer-id", "e2e-organizer", "E2E Organizer", true],
      ["e2e-judge-id", "e2e-judge", "E2E Judge", true],
    ] as const) {
      await client.query(
        `INSERT INTO "User" (id, username, "displayName", "passwordHash", "isOrganizer") VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (username) DO UPDATE SET "passwordHash" = EXCLUDED."passwordHash", "isOrganizer" = EXCLUDED."isOrganizer"`,
        [id, username, name, hash, organizer],
      );
    }
  } finally {
    await client.end();
  }
}
