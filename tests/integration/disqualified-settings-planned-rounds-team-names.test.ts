/**
 * Organizer operations on real Postgres:
 * a disqualified team cannot re-enter and is never paired or seeded into the top cut;
 * a settings choice that does not apply to the event's preset is refused, naming the field;
 * pairing a Swiss round beyond the planned count (with a top cut planned) needs confirmation;
 * team names clash case-insensitively after Unicode normalization (register and edit).
 */
import { describe, expect, it } from "vitest";
import { rowCounts, useTestDatabase } from "./db";
import { makeEvent, must, registerTeams } from "./fixtures";
import { ACTIONS } from "@/lib/server/actions";
import { db } from "@/lib/db";
import { localizeFailure } from "@/lib/i18n/actionErrors";
import { loadMessages } from "@/lib/i18n/messages";
import { PRESET_IDS, applicableSettings, getPreset } from "@/lib/formats/presets";

await useTestDatabase();

type Ev = Awaited<ReturnType<typeof makeEvent>>;

async function fail(name: string, userId: string, input: unknown) {
  const res = await ACTIONS[name].handle(userId, input);
  expect(res.ok, `${name} should fail`).toBe(false);
  if (res.ok) throw new Error("unreachable");
  return res.error;
}

async function playRound(ev: Ev, seed: string, extra: Record<string, unknown> = {}) {
  const { roundId } = await must<{ roundId: string }>("pairNextRound", ev.organizer, { eventId: ev.eventId, seed, ...extra });
  await must("publishRound", ev.organizer, { roundId });
  const matches = await db().match.findMany({ where: { roundId, outcome: null } });
  for (const m of matches) await must("reportResult", ev.judge, { roundId, matchId: m.id, result: "team1" });
  await must("closeRound", ev.organizer, { roundId });
  return roundId;
}

async function disqualify(ev: Ev, teamId: string) {
  const d = await db().duelist.findFirstOrThrow({ where: { teamId, designation: "A" } });
  await must("issuePenalty", ev.judge, {
    duelistId: d.id,
    infraction: "Cheating — manipulation of game materials",
    penalty: "DISQUALIFICATION",
  });
}

describe("a disqualified team stays out", () => {
  it("re-entry of a disqualified team is refused with a translated error; nothing is written", async () => {
    const ev = await makeEvent("t1re");
    const [a] = await registerTeams(ev.eventId, ev.judge, 4, "D");
    await playRound(ev, "s1");
    await disqualify(ev, a);
    expect((await db().team.findUniqueOrThrow({ where: { id: a } })).status).toBe("DROPPED");
    const before = await rowCounts();
    const err = await fail("reenterTeam", ev.judge, { teamId: a });
    expect(err.code).toBe("DISQUALIFIED_NO_REENTRY");
    expect(err.field).toBe("teamId");
    expect(await rowCounts()).toEqual(before);
    expect((await db().team.findUniqueOrThrow({ where: { id: a } })).status).toBe("DROPPED");
    expect(localizeFailure(err, (await loadMessages("pt-BR")) as never, "pt-BR").message).toBe(
      "D1 foi desqualificada: uma equipe desqualificada não pode voltar ao evento.",
    );
    expect(localizeFailure(err, (await loadMessages("it")) as never, "it").message).toBe(
      "D1 è stato squalificato: un team squalificato non può rientrare.",
    );
    expect(localizeFailure(err, (await loadMessages("en")) as never, "en").message).toBe(
      "D1 was disqualified: a disqualified team cannot re-enter.",
    );
    // A plain drop can still re-enter.
    const b = (await db().team.findFirstOrThrow({ where: { eventId: ev.eventId, name: "D2" } })).id;
    await must("dropTeam", ev.judge, { teamId: b });
    await must("reenterTeam", ev.judge, { teamId: b });
  });

  it("defence in depth: a disqualified team forced back to ACTIVE is neither paired in Swiss nor seeded into the top cut", async () => {
    const ev = await makeEvent("t1cut");
    const ids = await registerTeams(ev.eventId, ev.judge, 6, "Q");
    await must("setStructure", ev.organizer, { eventId: ev.eventId, swissRounds: 2, topCut: 4 });
    const r1 = await playRound(ev, "q1");
    // A round-1 winner (slot 1 wins everywhere) — a top-cut seed on points — is disqualified, then forced ACTIVE.
    const winner = (await db().matchTeam.findFirstOrThrow({ where: { roundId: r1, slot: 1 } })).teamId;
    await disqualify(ev, winner);
    await db().team.update({ where: { id: winner }, data: { status: "ACTIVE", droppedAfter: null } });
    const r2 = await playRound(ev, "q2");
    const seated2 = await db().matchTeam.findMany({ where: { roundId: r2 } });
    expect(seated2.map((s) => s.teamId)).not.toContain(winner);
    expect(seated2).toHaveLength(5);
    const cut = await must<{ roundId: string }>("pairTopCutRound", ev.organizer, { eventId: ev.eventId });
    const seeded = await db().matchTeam.findMany({ where: { roundId: cut.roundId } });
    expect(seeded).toHaveLength(4);
    expect(seeded.map((s) => s.teamId)).not.toContain(winner);
    expect(ids).toContain(winner);
  });
});

describe("settings follow the preset contract", () => {
  it("a Magic event refuses a Yu-Gi-Oh! EOMP procedure and a per-duelist Limited count, naming the field; nothing written", async () => {
    const ev = await makeEvent("t2mtg");
    await must("updateEvent", ev.organizer, { eventId: ev.eventId, formatPreset: "MTG_2HG" });
    const before = await rowCounts();
    const eomp = await fail("updateEvent", ev.organizer, { eventId: ev.eventId, settings: { eomp: "phase_then_lp" } });
    expect(eomp.code).toBe("SETTING_NOT_FOR_PRESET");
    expect(eomp.field).toBe("settings.eomp");
    expect(localizeFailure(eomp, (await loadMessages("en")) as never, "en").message).toMatch(
      /^End of Match procedure: this choice does not apply/,
    );
    const scope = await fail("updateEvent", ev.organizer, {
      eventId: ev.eventId,
      settings: { eomp: "mtg_three_turns", listScope: "duelist" },
    });
    expect(scope.field).toBe("settings.listScope");
    expect(localizeFailure(scope, (await loadMessages("pt-BR")) as never, "pt-BR").message).toMatch(/^Contagem de Limitadas:/);
    expect(await rowCounts()).toEqual(before);
    await must("updateEvent", ev.organizer, {
      eventId: ev.eventId,
      settings: { eomp: "mtg_three_turns", listScope: "team", teamCopyRule: "strict_unified" },
    });
    expect((await db().event.findUniqueOrThrow({ where: { id: ev.eventId } })).settings).toMatchObject({
      eomp: "mtg_three_turns",
      listScope: "team",
      teamCopyRule: "strict_unified",
    });
  });

  it("every preset accepts exactly its applicable choices; moving to another preset drops stored choices that do not apply", async () => {
    const ev = await makeEvent("t2all");
    for (const id of PRESET_IDS) {
      const ok = applicableSettings(getPreset(id));
      await must("updateEvent", ev.organizer, {
        eventId: ev.eventId,
        formatPreset: id,
        settings: { eomp: ok.eomp.at(-1), listScope: ok.listScope.at(-1) },
      });
      const other = PRESET_IDS.map((p) => applicableSettings(getPreset(p)).eomp)
        .flat()
        .find((v) => !ok.eomp.includes(v))!;
      expect((await fail("updateEvent", ev.organizer, { eventId: ev.eventId, settings: { eomp: other } })).field).toBe("settings.eomp");
    }
    // Tag 2019 with double_loss stored → MTG_2HG: the stored Yu-Gi-Oh! choice gives way to the 2HG default.
    await must("updateEvent", ev.organizer, {
      eventId: ev.eventId,
      formatPreset: "KONAMI_TAG_2019",
      settings: { eomp: "double_loss", listScope: "duelist" },
    });
    await must("updateEvent", ev.organizer, { eventId: ev.eventId, formatPreset: "MTG_2HG" });
    expect((await db().event.findUniqueOrThrow({ where: { id: ev.eventId } })).settings).toMatchObject({
      eomp: "mtg_three_turns",
      listScope: "team",
      teamCopyRule: "combined4",
    });
  });
});

describe("the planned Swiss rounds, then the top cut", () => {
  it("with 2 Swiss rounds + top 4 planned and played, a 3rd Swiss round needs beyondPlan; the top cut needs none", async () => {
    const ev = await makeEvent("t3");
    await registerTeams(ev.eventId, ev.judge, 6, "P");
    await must("setStructure", ev.organizer, { eventId: ev.eventId, swissRounds: 2, topCut: 4 });
    await playRound(ev, "p1");
    await playRound(ev, "p2");
    const before = await rowCounts();
    const err = await fail("pairNextRound", ev.organizer, { eventId: ev.eventId });
    expect(err.code).toBe("BEYOND_PLAN");
    expect(err.field).toBe("beyondPlan");
    expect(localizeFailure(err, (await loadMessages("en")) as never, "en").message).toBe(
      "This event was planned for 2 Swiss rounds and a top 4: start the top cut, or confirm that you want to pair Swiss round 3.",
    );
    expect(await rowCounts()).toEqual(before);
    // Confirmed: round 3 is paired; undo it and start the cut instead.
    const { roundId } = await must<{ roundId: string }>("pairNextRound", ev.organizer, { eventId: ev.eventId, beyondPlan: true });
    await must("undoRound", ev.organizer, { roundId });
    const cut = await must<{ number: number; bracket: unknown[] }>("pairTopCutRound", ev.organizer, { eventId: ev.eventId });
    expect(cut.number).toBe(3);
    expect(cut.bracket).toHaveLength(2);
  });
});

describe("team names are unique regardless of case and Unicode form", () => {
  it("registration refuses a case / spacing / decomposed-accent variant of an existing name; the name is stored normalized", async () => {
    const ev = await makeEvent("t11");
    const team = (name: string, n: number) => ({ eventId: ev.eventId, name, a: { name: `A${n}` }, b: { name: `B${n}` } });
    const { teamId } = await must<{ teamId: string }>("registerTeam", ev.judge, team("  Dragões   Brancos ", 1));
    expect((await db().team.findUniqueOrThrow({ where: { id: teamId } })).name).toBe("Dragões Brancos");
    for (const variant of ["dragões brancos", "DRAGÕES BRANCOS", "Drago\u0303es Brancos", "dragões\u00a0 brancos"]) {
      const before = await rowCounts();
      const err = await fail("registerTeam", ev.judge, team(variant, 2));
      expect(err.code).toBe("TEAM_NAME_TAKEN");
      expect(err.field).toBe("name");
      expect(localizeFailure(err, (await loadMessages("en")) as never, "en").message).toBe(
        "A team named “Dragões Brancos” is already registered.",
      );
      expect(await rowCounts()).toEqual(before);
    }
    // Team edit: renaming another team to a variant is refused; changing the case of one's own name is fine.
    const other = await must<{ teamId: string }>("registerTeam", ev.judge, team("Magos Negros", 3));
    const edit = (id: string, name: string) => ({ teamId: id, name, a: { name: "A3" }, b: { name: "B3" } });
    expect((await fail("updateTeam", ev.judge, edit(other.teamId, "DRAGÕES brancos"))).code).toBe("TEAM_NAME_TAKEN");
    await must("updateTeam", ev.judge, edit(other.teamId, "magos negros"));
    expect((await db().team.findUniqueOrThrow({ where: { id: other.teamId } })).name).toBe("magos negros");
  });
});
