/**
 * Issue #13 item 10 on a real database: UDE's wizard starts without a phase (the procedure
 * finishes the turn) while Tag 2019 still needs one; the UDE tie-break game starts from the new
 * game's LP; the quick result form records a best-of-three score (2–1) and the pairings show it;
 * 2HG Swiss "time called" records a draw without comparing life (MTR 2.4, RULES §5.3).
 */
import { describe, expect, it } from "vitest";
import { createTranslator } from "next-intl";
import { useTestDatabase } from "./db";
import { makeEvent, must, registerTeams } from "./fixtures";
import { ACTIONS } from "@/lib/server/actions";
import { db } from "@/lib/db";
import { roundView } from "@/lib/server/read/pairings";
import { resultLabel } from "@/components/PairingList";
import { loadMessages } from "@/lib/i18n/messages";
import { getPreset, resolveSettings } from "@/lib/formats/presets";
import { timeCalledMode } from "@/lib/formats/lpEntry";

await useTestDatabase();

async function liveRound(prefix: string, preset: string) {
  const ev = await makeEvent(prefix);
  await must("updateEvent", ev.organizer, { eventId: ev.eventId, formatPreset: preset });
  await registerTeams(ev.eventId, ev.judge, 4, prefix.toUpperCase());
  const { roundId } = await must<{ roundId: string }>("pairNextRound", ev.organizer, { eventId: ev.eventId, seed: "wf" });
  await must("publishRound", ev.organizer, { roundId });
  const matches = await db().match.findMany({
    where: { roundId },
    orderBy: { table: "asc" },
    include: { teams: { orderBy: { slot: "asc" }, include: { team: true } } },
  });
  return { ...ev, roundId, matches };
}

describe("wizard and result forms per procedure", () => {
  it("UDE's wizard starts without a phase (finish the turn); Tag 2019 refuses a start without one, naming game.phase", async () => {
    const ude = await liveRound("wude", "UDE_2V2");
    const m = ude.matches[0];
    const begin = await must<{ code: string }>("eompBegin", ude.judge, {
      matchId: m.id,
      expectedVersion: m.version,
      game: { firstSlot: 1, turn: 5, lp: { slot1: 3000, slot2: 5000 } },
    });
    expect(begin.code).toBe("FINISH_TURN");
    const tag = await liveRound("wtag", "KONAMI_TAG_2019");
    const res = await ACTIONS.eompBegin.handle(tag.judge, {
      matchId: tag.matches[0].id,
      expectedVersion: 0,
      game: { firstSlot: 1, turn: 5, lp: { slot1: 3000, slot2: 5000 } },
    });
    expect(!res.ok && [res.error.code, res.error.field]).toEqual(["INVALID", "game.phase"]);
  });

  it("the UDE tie-break game starts from the new game's LP (8,000 each), not the previous game's", async () => {
    const ude = await liveRound("wtb", "UDE_2V2");
    const m = ude.matches[0];
    let v = (
      await must<{ version: number }>("eompBegin", ude.judge, {
        matchId: m.id,
        expectedVersion: m.version,
        games: { slot1: 1, slot2: 0, drawn: 0 },
        game: { firstSlot: 2, turn: 5, lp: { slot1: 3000, slot2: 5000 } },
      })
    ).version;
    for (let i = 0; i < 4; i++)
      v = (
        await must<{ version: number; code: string }>("eompStep", ude.judge, {
          matchId: m.id,
          expectedVersion: v,
          event: { type: "TURN_ENDED" },
        })
      ).version;
    const setup = await db().match.findUniqueOrThrow({ where: { id: m.id } });
    expect((setup.eompState as { mode: { m: string } }).mode.m).toBe("TIEBREAK_SETUP");
    await must("eompStep", ude.judge, { matchId: m.id, expectedVersion: v, event: { type: "GAME_STARTED", firstSlot: 1 } });
    const st = (await db().match.findUniqueOrThrow({ where: { id: m.id } })).eompState as {
      mode: { m: string; total: number };
      game: { lp: { slot1: number; slot2: number }; tiebreak: boolean };
    };
    expect([st.mode.m, st.mode.total, st.game.tiebreak, st.game.lp]).toEqual(["TIEBREAK_TURN", 8, true, { slot1: 8000, slot2: 8000 }]);
  });

  it("the UDE quick form records 2–1 and the pairings say '… won 2–1'", async () => {
    const ude = await liveRound("wsc", "UDE_2V2");
    const m = ude.matches[0];
    await must("reportResult", ude.judge, {
      roundId: ude.roundId,
      matchId: m.id,
      result: "team2",
      games1: 1,
      games2: 2,
      expectedVersion: m.version,
    });
    const row = await db().match.findUniqueOrThrow({ where: { id: m.id } });
    expect([row.outcome, row.winnerSlot, row.games1, row.games2]).toEqual(["WIN", 2, 1, 2]);
    const view = (await roundView(ude.eventId, { number: 1, publishedOnly: true }))!;
    const t = createTranslator({ locale: "en", messages: loadMessages("en"), namespace: "pairings" });
    const vm = view.matches.find((x) => x.id === m.id)!;
    expect(resultLabel(vm, (k, p) => t(k as never, p as never))).toBe(`${m.teams[1].team.name} won 2–1`);
    const bad = await ACTIONS.reportResult.handle(ude.judge, {
      roundId: ude.roundId,
      matchId: ude.matches[1].id,
      result: "team1",
      games1: 2,
      games2: 2,
    });
    expect(bad.ok).toBe(false);
  });

  it("2HG Swiss: 'time called' says and records a draw without comparing life (MTR 2.4)", async () => {
    const preset = getPreset("MTG_2HG");
    const settings = resolveSettings(preset, {});
    expect([timeCalledMode(preset, settings, "swiss"), timeCalledMode(preset, settings, "single_elimination")]).toEqual([
      "draw",
      "compare",
    ]);
    expect(timeCalledMode(getPreset("KONAMI_TAG_2019"), resolveSettings(getPreset("KONAMI_TAG_2019"), {}), "swiss")).toBe("compare");
    const hg = await liveRound("w2hg", "MTG_2HG");
    const m = hg.matches[0];
    await must("reportResult", hg.judge, {
      roundId: hg.roundId,
      matchId: m.id,
      result: "time",
      lp1: 25,
      lp2: 9,
      expectedVersion: m.version,
    });
    expect((await db().match.findUniqueOrThrow({ where: { id: m.id } })).outcome).toBe("DRAW");
    const en = createTranslator({ locale: "en", messages: loadMessages("en"), namespace: "report" });
    expect((en as unknown as (k: string, p: Record<string, string>) => string)("time", { game: "MTG", mode: "draw" })).toMatch(/is a draw/);
  });
});
