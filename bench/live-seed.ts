/**
 * Load-test fixture for the public live pages (issue #6 part B item 4): a Tag Duel event with N
 * teams (default 750) registered through the real actions, round 1 paired, published and on the
 * clock. Prints the event id and the public pairings URL to stdout (JSON).
 * Usage: DATABASE_URL=<the app's database> node --import tsx bench/live-seed.ts [teams]
 */
import { db } from "@/lib/db";
import { hashSecret } from "@/lib/auth/passwords";
import { ACTIONS } from "@/lib/server/actions";

async function must<T>(name: string, userId: string | null, input: unknown): Promise<T> {
  const r = await ACTIONS[name].handle(userId, input);
  if (!r.ok) throw new Error(`${name}: ${r.error.message}`);
  return r.data as T;
}

async function main() {
  const n = Number(process.argv[2] ?? 750);
  const tag = Date.now().toString(36);
  const to = await db().user.create({
    data: { username: `load-to-${tag}`, displayName: "Load TO", isOrganizer: true, passwordHash: await hashSecret("load-password-1") },
  });
  const { eventId } = await must<{ eventId: string }>("createEvent", to.id, {
    name: `Load test ${n} teams`,
    formatPreset: "KONAMI_TAG_2019",
  });
  for (let i = 1; i <= n; i++) {
    await must("registerTeam", to.id, {
      eventId,
      name: `Team ${String(i).padStart(3, "0")} ${["Dragons", "Magicians", "Strikers", "Counters", "Masters"][i % 5]}`,
      a: { name: `Duelist ${i}A Souza` },
      b: { name: `Duelist ${i}B Rossi` },
    });
  }
  const { roundId } = await must<{ roundId: string }>("pairNextRound", to.id, { eventId, seed: "load" });
  await must("publishRound", to.id, { roundId });
  await must("roundClock", to.id, { roundId, action: "START" });
  console.log(JSON.stringify({ eventId, roundId, organizer: to.username, pairings: `/events/${eventId}/pairings` }));
  await db().$disconnect();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
