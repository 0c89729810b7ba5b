/** Small builders for integration tests: users and events created through the real actions. */
import { db } from "@/lib/db";
import { hashSecret } from "@/lib/auth/passwords";
import { ACTIONS } from "@/lib/server/actions";

export async function makeUser(username: string, opts: { organizer?: boolean } = {}): Promise<string> {
  const u = await db().user.create({
    data: { username, displayName: username, isOrganizer: opts.organizer ?? false, passwordHash: await hashSecret("password123") },
  });
  return u.id;
}

/** Runs an action and returns its data, failing the test with the server's message otherwise. */
export async function must<T = unknown>(name: string, userId: string | null, input: unknown): Promise<T> {
  const res = await ACTIONS[name].handle(userId, input);
  if (!res.ok) throw new Error(`${name} failed: ${res.error.code} ${res.error.message}`);
  return res.data as T;
}

/** The organizer invites an existing account as judge and its owner accepts (issue #10: consent). */
export async function addJudgeAccepted(organizer: string, eventId: string, username: string, judge: string) {
  await must("addJudge", organizer, { eventId, username });
  await must("acceptInvitation", judge, { eventId });
}

/** An organizer, a judge and a Tag Duel event with them as staff. */
export async function makeEvent(prefix: string) {
  const organizer = await makeUser(`${prefix}-to`, { organizer: true });
  const judge = await makeUser(`${prefix}-judge`);
  const { eventId } = await must<{ eventId: string }>("createEvent", organizer, {
    name: `${prefix} event`,
    formatPreset: "KONAMI_TAG_2019",
  });
  await addJudgeAccepted(organizer, eventId, `${prefix}-judge`, judge);
  return { organizer, judge, eventId };
}

export async function registerTeams(eventId: string, judge: string, n: number, prefix = "T") {
  const ids: string[] = [];
  for (let i = 1; i <= n; i++) {
    const { teamId } = await must<{ teamId: string }>("registerTeam", judge, {
      eventId,
      name: `${prefix}${i}`,
      a: { name: `${prefix}${i} Alpha`, playerId: `${prefix}${i}01` },
      b: { name: `${prefix}${i} Beta` },
    });
    ids.push(teamId);
  }
  return ids;
}

/** An event with round 1 published whose duelists all have accounts (see {@link reportingWorld}). */
export type ReportingWorld = {
  eventId: string;
  organizer: string;
  judge: string;
  roundId: string;
  matches: { id: string; table: number; t1: string; t2: string }[];
  user: Map<string, string>;
  teams: string[];
};

/**
 * An event of `preset` with `n` teams (names `<prefix>1…n`, duelists `<prefix>1a`/`<prefix>1b`)
 * registered by a judge, every duelist linked to an account (`user` key: "<teamId>:A|B"), round 1
 * paired (seed `<prefix>-1`) and published. `matches`: the non-bye tables in table order.
 */
export async function reportingWorld(prefix: string, preset: string, n: number): Promise<ReportingWorld> {
  const organizer = await makeUser(`${prefix}-to`, { organizer: true });
  const judge = await makeUser(`${prefix}-judge`);
  const { eventId } = await must<{ eventId: string }>("createEvent", organizer, { name: `${prefix} event`, formatPreset: preset });
  await addJudgeAccepted(organizer, eventId, `${prefix}-judge`, judge);
  const teams: string[] = [];
  for (let i = 1; i <= n; i++)
    teams.push(
      (
        await must<{ teamId: string }>("registerTeam", judge, {
          eventId,
          name: `${prefix}${i}`,
          a: { name: `${prefix}${i}a` },
          b: { name: `${prefix}${i}b` },
        })
      ).teamId,
    );
  const hash = await hashSecret("password123");
  const user = new Map<string, string>();
  for (const d of await db().duelist.findMany({ where: { eventId } })) {
    const u = await db().user.create({
      data: { username: `${prefix}-${d.teamId}-${d.designation}`.toLowerCase(), displayName: d.name, passwordHash: hash },
    });
    await db().duelist.update({ where: { id: d.id }, data: { userId: u.id, claimCodeHash: null } });
    user.set(`${d.teamId}:${d.designation}`, u.id);
  }
  const { roundId } = await must<{ roundId: string }>("pairNextRound", organizer, { eventId, seed: `${prefix}-1` });
  await must("publishRound", organizer, { roundId });
  const ms = await db().match.findMany({
    where: { roundId, outcome: null },
    include: { teams: { orderBy: { slot: "asc" } } },
    orderBy: { table: "asc" },
  });
  return {
    eventId,
    organizer,
    judge,
    roundId,
    user,
    teams,
    matches: ms.map((m) => ({ id: m.id, table: m.table, t1: m.teams[0].teamId, t2: m.teams[1].teamId })),
  };
}

/**
 * The /cards page's import: the `importCards` action starts a job; this awaits it (the page polls
 * instead) and returns the job's summary, or throws with the job's error code and message.
 */
export async function importCardsAndWait<T = { added: number; changed: number; total: number; kind: string }>(
  userId: string | null,
  input: unknown,
): Promise<T> {
  const { waitForCardJob } = await import("@/lib/server/write/cardImport");
  const { jobId } = await must<{ jobId: string }>("importCards", userId, input);
  const done = await waitForCardJob(jobId);
  if (!done || done.status !== "DONE") throw new Error(`importCards job ${done?.status}: ${done?.error?.code} ${done?.error?.message}`);
  return done.summary as T;
}

/** Like {@link importCardsAndWait} but returns the finished job view whatever its outcome. */
export async function importCardsJob(userId: string | null, input: unknown) {
  const { waitForCardJob } = await import("@/lib/server/write/cardImport");
  const { jobId } = await must<{ jobId: string }>("importCards", userId, input);
  const done = await waitForCardJob(jobId);
  if (!done) throw new Error("the import job is not running in this process");
  return done;
}
