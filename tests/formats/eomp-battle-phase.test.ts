/**
 * The end-of-match wizard used to accept "time called in the
 * Battle Phase of turn 1" of a Tag Duel and said "1A finishes the Battle Phase of turn 1". The
 * opening turns that cannot conduct a Battle Phase (RULES.md §1.5 Tag 2019 / 2013: the first three
 * turns; §3 UDE 2v2: the 4th player is the first who may attack; §4.1 independent LP: 1A, 2B, 3A
 * skip their first Battle Phase; §2 1v1: the first player's turn 1; §5.1 MTG 2HG: no such rule —
 * combat from turn 1, only the draw is skipped) are refused by the pure engine (NO_BATTLE_PHASE).
 */
import { describe, expect, it } from "vitest";
import { getPreset, PRESET_IDS, type PresetId } from "@/lib/formats/presets";
import { battlePhaseAllowed, isIndependent, phaseAllowed } from "@/lib/formats/turns";
import { allowedSteps, start, startMatch, step, type GameAtTime, type Phase } from "@/lib/formats/eomp";
import { render } from "@/lib/formats/messages";

/** Expected opening turns without a Battle Phase, written from RULES.md (not read from the preset). */
const NO_BATTLE: Record<PresetId, number> = {
  KONAMI_TAG_2019: 3, // §1.5
  KONAMI_TAG_2013: 3, // §1.5 (same turn order)
  UDE_2V2: 3, // §3
  INDEPENDENT_LP_2V2: 3, // §4.1
  MTG_2HG: 0, // §5.1
  KONAMI_STANDARD_1V1: 1, // §2
};

function gameAt(preset: PresetId, turn: number, phase: Phase): GameAtTime {
  const p = getPreset(preset);
  if (isIndependent(p)) return { firstSlot: 1, turn, phase, duelistLp: Object.fromEntries(p.turnOrder.map((s) => [s, p.life.start])) };
  return { firstSlot: 1, turn, phase, lp: { slot1: p.life.start, slot2: p.life.start - 1 } };
}
/** Independent LP needs the TO's time rule (§8.10); the other presets take their defaults. */
const settingsOf = (id: PresetId) => (id === "INDEPENDENT_LP_2V2" ? { independentTimeRule: "survivors_then_lp" as const } : null);

describe("no Battle Phase on the opening turns — battlePhaseAllowed per preset", () => {
  it("every preset is covered by the RULES.md table", () => {
    expect(Object.keys(NO_BATTLE).sort()).toEqual([...PRESET_IDS].sort());
  });
  for (const id of PRESET_IDS) {
    it(`${id}: turns 1–${NO_BATTLE[id]} without Battle Phase, turn ${NO_BATTLE[id] + 1} with`, () => {
      const p = getPreset(id);
      const allowed = [1, 2, 3, 4, 5].map((turn) => battlePhaseAllowed(p, turn));
      expect(allowed).toEqual([1, 2, 3, 4, 5].map((turn) => turn > NO_BATTLE[id]));
    });
  }
  it("a turn number that is not a turn (0, 1.5) is left to TURN_INVALID", () => {
    expect(battlePhaseAllowed(getPreset("KONAMI_TAG_2019"), 0)).toBe(true);
    expect(battlePhaseAllowed(getPreset("KONAMI_TAG_2019"), 1.5)).toBe(true);
  });
});

describe("the end-of-match engine refuses time called in an impossible Battle Phase", () => {
  for (const id of PRESET_IDS) {
    const n = NO_BATTLE[id];
    if (n > 0) {
      it(`${id}: start() with the Battle Phase of turn 1..${n} → error NO_BATTLE_PHASE, nothing begins`, () => {
        for (let turn = 1; turn <= n; turn++) {
          const t = start({ preset: id, settings: settingsOf(id), stage: "swiss", game: gameAt(id, turn, "BATTLE") });
          expect(t.output).toEqual({
            kind: "error",
            code: "NO_BATTLE_PHASE",
            params: { turn, turns: n },
            text: render("errors", "NO_BATTLE_PHASE", { turn, turns: n }),
          });
          expect(t.state.mode.m).toBe("INVALID");
          expect(allowedSteps(t.state)).toEqual([]);
        }
      });
      it(`${id}: a match started before time refuses TIME_CALLED in the Battle Phase of turn ${n} (state unchanged)`, () => {
        const before = startMatch({ preset: id, settings: settingsOf(id), stage: "swiss" });
        const t = step(before.state, { type: "TIME_CALLED", game: gameAt(id, n, "BATTLE") });
        expect(t.output.kind === "error" && t.output.code).toBe("NO_BATTLE_PHASE");
        expect(t.state).toEqual(before.state);
      });
      it(`${id}: Main Phase 1 of turn 1 is fine`, () => {
        const t = start({ preset: id, settings: settingsOf(id), stage: "swiss", game: gameAt(id, 1, "MAIN1") });
        expect(t.output.kind).toBe("instruction");
      });
    }
    it(`${id}: the Battle Phase of turn ${n + 1} is accepted ("… finishes the Battle Phase of turn ${n + 1}")`, () => {
      const t = start({ preset: id, settings: settingsOf(id), stage: "swiss", game: gameAt(id, n + 1, "BATTLE") });
      expect(t.output.kind).toBe("instruction");
      expect(t.state.mode.m).not.toBe("INVALID");
      expect(t.state.game?.phase).toBe("BATTLE");
    });
  }
  it("the English text names the turn and the rule", () => {
    expect(render("errors", "NO_BATTLE_PHASE", { turn: 1, turns: 3 })).toBe(
      "No Battle Phase on turn 1: the first 3 turns of the duel cannot conduct a Battle Phase. Choose the phase the game was really in.",
    );
    expect(render("errors", "NO_BATTLE_PHASE", { turn: 1, turns: 1 })).toBe(
      "No Battle Phase on turn 1: the first turn of the duel cannot conduct a Battle Phase. Choose the phase the game was really in.",
    );
  });
});

describe("Main Phase 2 follows only a Battle Phase (Yu-Gi-Oh! rulebook, I): none on the opening turns that cannot battle", () => {
  for (const id of PRESET_IDS) {
    const n = NO_BATTLE[id];
    const mtg = id === "MTG_2HG";
    it(`${id}: phaseAllowed(MAIN2) on turns 1..${n + 1}`, () => {
      const p = getPreset(id);
      expect([1, 2, 3, 4].map((turn) => phaseAllowed(p, turn, "MAIN2"))).toEqual([1, 2, 3, 4].map((turn) => mtg || turn > n));
      expect([1, 2, 3, 4].map((turn) => phaseAllowed(p, turn, "MAIN1"))).toEqual([true, true, true, true]);
    });
    if (n > 0) {
      it(`${id}: start() with Main Phase 2 of turn ${n} → error NO_MAIN_PHASE_2; turn ${n + 1} accepted`, () => {
        const bad = start({ preset: id, settings: settingsOf(id), stage: "swiss", game: gameAt(id, n, "MAIN2") });
        expect(bad.output).toEqual({
          kind: "error",
          code: "NO_MAIN_PHASE_2",
          params: { turn: n, turns: n },
          text: render("errors", "NO_MAIN_PHASE_2", { turn: n, turns: n }),
        });
        expect(bad.state.mode.m).toBe("INVALID");
        const ok = start({ preset: id, settings: settingsOf(id), stage: "swiss", game: gameAt(id, n + 1, "MAIN2") });
        expect(ok.output.kind).toBe("instruction");
      });
    }
  }
  it("MTG 2HG: the postcombat main phase of turn 1 is accepted (§5.1: combat from turn 1)", () => {
    const t = start({ preset: "MTG_2HG", settings: null, stage: "swiss", game: gameAt("MTG_2HG", 1, "MAIN2") });
    expect(t.output.kind).toBe("instruction");
  });
  it("the English text names the turn and why", () => {
    expect(render("errors", "NO_MAIN_PHASE_2", { turn: 2, turns: 3 })).toBe(
      "No Main Phase 2 on turn 2: Main Phase 2 only follows a Battle Phase, and the first 3 turns of the duel cannot conduct " +
        "one. Choose the phase the game was really in.",
    );
  });
});
