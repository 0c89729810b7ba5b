/** Small builders for integration tests: users and events created through the real actions. */
import { db } from "@/lib/db";
import { hashSecret } from "@/lib/auth/passwords";
import { ACTIONS } from "@/lib/server/actions";

export async function makeUser(username: string, opts: { organizer?: boolean } = {}): Promise<string> {
  const u = await db().user.create({ data: { username, displayName: username, isOrganizer: opts.organizer ?? false, passwordHash: await hashSecret("password123") } });
  return u.id;
}

/** Runs an action and returns its data, failing the test with the server's message otherwise. */
export async function must<T = unknown>(name: string, userId: string | null, input: unknown): Promise<T> {
  const res = await ACTIONS[name].handle(userId, input);
  if (!res.ok) throw new Error(`${name} failed: ${res.error.code} ${res.error.message}`);
  return res.data as T;
}

/** An organizer, a judge and a Tag Duel event with them as staff. */
export async function makeEvent(prefix: string) {
  const organizer = await makeUser(`${prefix}-to`, { organizer: true });
  const judge = await makeUser(`${prefix}-judge`);
  const { eventId } = await must<{ eventId: string }>("createEvent", organizer, { name: `${prefix} event`, formatPreset: "KONAMI_TAG_2019" });
  await must("addJudge", organizer, { eventId, username: `${prefix}-judge` });
  return { organizer, judge, eventId };
}

export async function registerTeams(eventId: string, judge: string, n: number, prefix = "T") {
  const ids: string[] = [];
  for (let i = 1; i <= n; i++) {
    const { teamId } = await must<{ teamId: string }>("registerTeam", judge, { eventId, name: `${prefix}${i}`, a: { name: `${prefix}${i} Alpha`, playerId: `${prefix}${i}01` }, b: { name: `${prefix}${i} Beta` } });
    ids.push(teamId);
  }
  return ids;
}
