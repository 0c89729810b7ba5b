/**
 * Issue #5: a fault injected halfway through "pair next round" leaves no rows behind. The fault is
 * injected in Postgres itself (a trigger that fails the 3rd MatchTeam insert of this event), so the
 * production code runs unchanged; the whole transaction must roll back.
 */
import { describe, expect, it } from "vitest";
import { rowCounts, useTestDatabase } from "./db";
import { makeEvent, must, registerTeams } from "./fixtures";
import { ACTIONS } from "@/lib/server/actions";
import { db } from "@/lib/db";

await useTestDatabase();

describe("pairing is all or nothing", () => {
  it("a fault while writing the 3rd pairing leaves no round, match or audit row; pairing works once the fault is gone", async () => {
    const ev = await makeEvent("fault");
    await registerTeams(ev.eventId, ev.judge, 8, "F");
    await db().$executeRawUnsafe(`CREATE SEQUENCE fault_seq`);
    await db().$executeRawUnsafe(`
      CREATE FUNCTION fail_third_seat() RETURNS trigger AS $$
      BEGIN
        IF nextval('fault_seq') = 3 THEN RAISE EXCEPTION 'injected fault'; END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`);
    await db().$executeRawUnsafe(
      `CREATE TRIGGER fault_injection BEFORE INSERT ON "MatchTeam" FOR EACH ROW EXECUTE FUNCTION fail_third_seat()`,
    );
    const before = await rowCounts();
    const res = await ACTIONS.pairNextRound.handle(ev.organizer, { eventId: ev.eventId, seed: "f" });
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.error).toMatchObject({ code: "INTERNAL", message: "Something went wrong on the server. Nothing was saved." });
    expect(await rowCounts()).toEqual(before);
    expect(await db().round.count({ where: { eventId: ev.eventId } })).toBe(0);
    await db().$executeRawUnsafe(`DROP TRIGGER fault_injection ON "MatchTeam"`);
    const ok = await must<{ number: number }>("pairNextRound", ev.organizer, { eventId: ev.eventId, seed: "f" });
    expect(ok.number).toBe(1);
    expect(await db().match.count({ where: { round: { eventId: ev.eventId } } })).toBe(4);
  });
});
