/**
 * Issue #15 (push): every audited mutation sends `NOTIFY tandem_live` with {eventId, version,
 * topics} at COMMIT only — a rolled-back mutation sends nothing — and the hub's one LISTEN
 * connection delivers it to this process's streams with the contract's topics
 * (lib/server/live/topics.ts): pairings:<round> for pair/publish, results:<round> + team:<both>
 * for a result, results:<round> + standings when a round closes, team:<id> + standings for a drop.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { z } from "zod";
import { useTestDatabase } from "./db";
import { makeEvent, must, registerTeams } from "./fixtures";
import { db } from "@/lib/db";
import { ActionError } from "@/lib/errors";
import { audit, defineAction } from "@/lib/server/action";
import { requireStaff } from "@/lib/auth/actor";
import { listenConnects, onNotice, openStream, startHub, stopHub } from "@/lib/server/live/hub";
import type { LiveNotice } from "@/lib/server/live/topics";

const url = await useTestDatabase();

const seen: LiveNotice[] = [];
/** A second, independent listener on the database: what any other app server would receive. */
let other: pg.Client;
const otherSeen: string[] = [];

beforeAll(async () => {
  onNotice((n) => seen.push(n));
  await startHub();
  other = new pg.Client({ connectionString: url });
  await other.connect();
  other.on("notification", (m) => otherSeen.push(m.payload ?? ""));
  await other.query("LISTEN tandem_live");
});
afterAll(async () => {
  await other.end();
  await stopHub();
});

async function until<T>(f: () => T | undefined, ms = 3000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = f();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 20));
  }
}
const version = async (eventId: string) => (await db().event.findUniqueOrThrow({ where: { id: eventId } })).version;

/** A mutation that writes its audit row (bumping the version) and then fails: the transaction rolls back. */
const auditThenFail = defineAction({
  name: "testAuditThenFail",
  input: z.object({ eventId: z.string() }),
  async run({ tx, actor, input }) {
    await requireStaff(tx, actor, input.eventId, "ORGANIZER");
    await audit(tx, { eventId: input.eventId, actor, action: "test.fail", entity: "Event", entityId: input.eventId });
    throw new ActionError("TEST_REFUSED", "refused after the audit row");
  },
});

describe("NOTIFY tandem_live after commit (issue #15)", () => {
  let ev: Awaited<ReturnType<typeof makeEvent>>;
  let teams: string[];
  beforeAll(async () => {
    ev = await makeEvent("push");
    teams = await registerTeams(ev.eventId, ev.judge, 4, "P");
  });

  it("the hub holds one LISTEN connection and a registered stream receives the change frame of a commit", async () => {
    expect(listenConnects()).toBe(1);
    const frames: string[] = [];
    const close = openStream({ eventId: ev.eventId, session: null, write: (f) => frames.push(f), close: () => undefined });
    await must("setEventHidden", ev.organizer, { eventId: ev.eventId, hidden: true });
    const v = await version(ev.eventId);
    const frame = await until(() => frames.find((f) => f.startsWith(`id: ${v}\n`)));
    expect(frame).toBe(`id: ${v}\nevent: change\ndata: {"version":${v},"topics":["event"]}\n\n`);
    close();
  });

  it("a rolled-back mutation sends nothing; the next committed one is the only notice seen", async () => {
    const v0 = await version(ev.eventId);
    const from = seen.length,
      fromOther = otherSeen.length;
    const res = await auditThenFail.handle(ev.organizer, { eventId: ev.eventId });
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.error.code).toBe("TEST_REFUSED");
    expect(await version(ev.eventId)).toBe(v0); // the bump rolled back too
    const { roundId } = await must<{ roundId: string }>("pairNextRound", ev.organizer, { eventId: ev.eventId, seed: "push" });
    // NOTIFY is delivered in commit order: once the pairing's notice is here, the failed one would have been too.
    await until(() => (seen.length > from ? true : undefined));
    await until(() => (otherSeen.length > fromOther ? true : undefined));
    expect(seen.slice(from)).toEqual([{ eventId: ev.eventId, version: v0 + 1, topics: ["pairings:1"] }]);
    expect(otherSeen.slice(fromOther).map((p) => JSON.parse(p))).toEqual([
      { eventId: ev.eventId, version: v0 + 1, topics: ["pairings:1"] },
    ]);

    const f2 = seen.length;
    await must("publishRound", ev.organizer, { roundId });
    const pub = await until(() => seen[f2]);
    expect(pub).toEqual({ eventId: ev.eventId, version: v0 + 2, topics: ["pairings:1"] });
  });

  it("a result names its round and both teams; closing the round adds standings; a drop names the team and standings", async () => {
    const round = await db().round.findFirstOrThrow({ where: { eventId: ev.eventId, number: 1 } });
    const matches = await db().match.findMany({ where: { roundId: round.id }, include: { teams: { orderBy: { slot: "asc" } } } });
    const from = seen.length;
    for (const m of matches) await must("reportResult", ev.judge, { roundId: round.id, matchId: m.id, result: "team1" });
    await until(() => (seen.length >= from + matches.length ? true : undefined));
    expect(seen.slice(from).map((n) => n.topics)).toEqual(
      matches.map((m) => ["results:1", `team:${m.teams[0].teamId}`, `team:${m.teams[1].teamId}`]),
    );
    const f2 = seen.length;
    await must("closeRound", ev.organizer, { roundId: round.id });
    expect((await until(() => seen[f2])).topics).toEqual(["results:1", "standings"]);
    const f3 = seen.length;
    await must("dropTeam", ev.organizer, { teamId: teams[3] });
    const drop = await until(() => seen[f3]);
    expect(drop).toEqual({ eventId: ev.eventId, version: await version(ev.eventId), topics: [`team:${teams[3]}`, "standings"] });
  });
});
