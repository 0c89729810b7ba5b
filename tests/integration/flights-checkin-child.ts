/**
 * A second app process for tests/integration/flights.test.ts: its own Prisma client and pg pool on
 * the same Postgres (DATABASE_URL). Reads its check-ins (JSON: [{userId, eventId, teamId}]) from
 * argv, prints "ready", waits for a line on stdin, runs them all at once through the real
 * checkInToSeries action and prints one JSON line: each result's "ok" or error code.
 */
import { ACTIONS } from "@/lib/server/actions";
import { db } from "@/lib/db";

const jobs = JSON.parse(process.argv[2]) as { userId: string; eventId: string; teamId: string }[];
await db().$queryRaw`SELECT 1`;
process.stdout.write("ready\n");
process.stdin.once("data", () => {
  void Promise.all(jobs.map((j) => ACTIONS.checkInToSeries.handle(j.userId, { eventId: j.eventId, teamId: j.teamId }))).then(
    async (res) => {
      process.stdout.write(`${JSON.stringify(res.map((r) => (r.ok ? "ok" : r.error.code)))}\n`);
      await db().$disconnect();
      process.exit(0);
    },
  );
});
