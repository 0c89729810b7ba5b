/**
 * On real Postgres: the end-of-match wizard's eompBegin refuses "time called in
 * the Battle Phase of turn 1" of a Tag Duel (RULES §1.5: the first three turns cannot conduct a
 * Battle Phase) with NO_BATTLE_PHASE — nothing is saved (no eompState, same match version) — and
 * the failure reaches the judge in their language; turn 4's Battle Phase begins normally.
 */
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "./db";
import { makeEvent, must, registerTeams } from "./fixtures";
import { ACTIONS } from "@/lib/server/actions";
import { db } from "@/lib/db";
import { localizeFailure } from "@/lib/i18n/actionErrors";
import { loadMessages } from "@/lib/i18n/messages";

await useTestDatabase();

describe("no Battle Phase on the opening turns (eompBegin)", () => {
  it("Tag 2019: Battle Phase of turn 1 → NO_BATTLE_PHASE, nothing saved, translated; turn 4 → begins", async () => {
    const ev = await makeEvent("f5bp");
    await registerTeams(ev.eventId, ev.judge, 2, "F5BP");
    const { roundId } = await must<{ roundId: string }>("pairNextRound", ev.organizer, { eventId: ev.eventId, seed: "f5" });
    await must("publishRound", ev.organizer, { roundId });
    const m = await db().match.findFirstOrThrow({ where: { roundId } });
    const lp = { slot1: 16000, slot2: 15000 };
    const res = await ACTIONS.eompBegin.handle(ev.judge, {
      matchId: m.id,
      expectedVersion: m.version,
      game: { firstSlot: 1, turn: 1, phase: "BATTLE", lp },
    });
    expect(res.ok).toBe(false);
    if (res.ok) return;
    expect(res.error.code).toBe("NO_BATTLE_PHASE");
    expect(res.error.message).toBe(
      "No Battle Phase on turn 1: the first 3 turns of the duel cannot conduct a Battle Phase. Choose the phase the game was really in.",
    );
    const after = await db().match.findUniqueOrThrow({ where: { id: m.id } });
    expect(after.eompState).toBeNull();
    expect(after.version).toBe(m.version);
    expect(localizeFailure(res.error, loadMessages("pt-BR"), "pt-BR").message).toBe(
      "Não há Fase de Batalha no turno 1: os primeiros 3 turnos do duelo não podem realizar a Fase de Batalha. Escolha a fase em " +
        "que o duelo realmente estava.",
    );
    expect(localizeFailure(res.error, loadMessages("it"), "it").message).toBe(
      "Nessuna Battle Phase nel turno 1: i primi 3 turni del duello non possono effettuare la Battle Phase. Scegli la fase in " +
        "cui si trovava davvero il duello.",
    );
    const ok = await must<{ version: number; code: string }>("eompBegin", ev.judge, {
      matchId: m.id,
      expectedVersion: m.version,
      game: { firstSlot: 1, turn: 4, phase: "BATTLE", lp },
    });
    expect(ok.code).toBe("FINISH_PHASE");
  });
});
