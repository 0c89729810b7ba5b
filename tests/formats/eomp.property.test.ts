import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { getPreset, PRESET_IDS, type PresetId } from "@/lib/formats/presets";
import {
  allowedSteps,
  EOMP_VARIANTS,
  PHASES,
  start,
  startMatch,
  step,
  type EompEvent,
  type EompInput,
  type EompOutput,
  type EompState,
  type GameAtTime,
} from "@/lib/formats/eomp";
import { END_REASONS, gamesToWin, validateMatchResult, type MatchResult } from "@/lib/formats/results";
import { template } from "@/lib/formats/messages";
import { isIndependent, seatsOfTeam } from "@/lib/formats/turns";

const SEATS = ["1A", "2A", "1B", "2B", "3A", "4B", "1", "2", "9Z"];
const lpValue = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(1000, 2000, 3000) },
  { weight: 1, arbitrary: fc.constant(0) },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 9000 }) },
  { weight: 1, arbitrary: fc.constantFrom(-1, 1.5) },
);
const slot = fc.constantFrom(1, 2);
const turnTeamLp = fc.record({ slot1: lpValue, slot2: lpValue }, { requiredKeys: [] });

const eventArb: fc.Arbitrary<EompEvent> = fc.oneof(
  { weight: 5, arbitrary: fc.constant({ type: "TURN_ENDED" } as EompEvent) },
  { weight: 3, arbitrary: fc.constant({ type: "PHASE_FINISHED" } as EompEvent) },
  { weight: 5, arbitrary: turnTeamLp.map((lp) => ({ type: "LP_CHANGED", lp }) as EompEvent) },
  {
    weight: 4,
    arbitrary: fc
      .dictionary(fc.constantFrom("1A", "2B", "3A", "4B", "1B"), lpValue, { maxKeys: 2 })
      .map((duelistLp) => ({ type: "LP_CHANGED", duelistLp }) as EompEvent),
  },
  { weight: 1, arbitrary: fc.constantFrom(...SEATS).map((seat) => ({ type: "DUELIST_ELIMINATED", seat }) as EompEvent) },
  {
    weight: 2,
    arbitrary: fc
      .record({ firstSlot: fc.constantFrom(1, 2, 3), sided: fc.boolean() })
      .map((e) => ({ type: "GAME_STARTED", ...e }) as EompEvent),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({
        winner: fc.constantFrom(1, 2, null, 7),
        reason: fc.constantFrom("LP_ZERO", "DECK_OUT", "SPECIAL_WIN", "CONCESSION", "GAME_LOSS_PENALTY", "DRAW", "BOGUS"),
      })
      .map((e) => ({ type: "GAME_ENDED", ...e }) as EompEvent),
  },
  { weight: 1, arbitrary: fc.constantFrom({ type: "TIME_CALLED", game: null } as EompEvent, { type: "WHATEVER" } as unknown as EompEvent) },
);

function gameArb(preset: PresetId): fc.Arbitrary<GameAtTime> {
  const base = {
    firstSlot: slot,
    turn: fc.oneof({ weight: 9, arbitrary: fc.integer({ min: 1, max: 12 }) }, { weight: 1, arbitrary: fc.constant(0) }),
    phase: fc.constantFrom(...PHASES),
    passingTurn: fc.boolean(),
    sided: fc.boolean(),
  };
  if (isIndependent(getPreset(preset)))
    return fc.record({
      ...base,
      duelistLp: fc.record({ "1A": lpValue, "2B": lpValue, "3A": lpValue, "4B": lpValue }),
    }) as fc.Arbitrary<GameAtTime>;
  return fc.record({ ...base, lp: fc.record({ slot1: lpValue, slot2: lpValue }) }) as fc.Arbitrary<GameAtTime>;
}

function inputArb(presetArb: fc.Arbitrary<PresetId>, variantArb: fc.Arbitrary<string>) {
  return fc.tuple(presetArb, variantArb).chain(([preset, eomp]) => {
    const max = gamesToWin(getPreset(preset)) - 1;
    return fc.record({
      preset: fc.constant(preset),
      stage: fc.constantFrom("swiss", "single_elimination"),
      settings: fc.record({
        eomp: fc.constant(eomp),
        swissAllowsDraws: fc.boolean(),
        independentTimeRule: fc.constantFrom("sum_surviving_lp", "survivors_then_lp", "draw", "survivors_then_lp", null),
      }),
      games: fc.oneof(
        {
          weight: 9,
          arbitrary: fc.record({
            slot1: fc.integer({ min: 0, max }),
            slot2: fc.integer({ min: 0, max }),
            drawn: fc.integer({ min: 0, max: 1 }),
          }),
        },
        {
          weight: 1,
          arbitrary: fc.record({
            slot1: fc.integer({ min: 0, max: 2 }),
            slot2: fc.integer({ min: -1, max: 2 }),
            drawn: fc.integer({ min: 0, max: 2 }),
          }),
        },
      ),
      game: fc.option(gameArb(preset), { nil: null }),
      viaStartMatch: fc.boolean(),
    });
  });
}

/** Team comparison values the way the rules define them (independent: survivors, LP sum). */
function values(state: EompState, s: 1 | 2): [number, number] {
  const g = state.game!;
  const p = getPreset(state.preset);
  if (!isIndependent(p) || !g.duelistLp) return [g.lp[s === 1 ? "slot1" : "slot2"], 0];
  const team = s === g.firstSlot ? 1 : 2;
  const alive = seatsOfTeam(p, team).filter((x) => !g.eliminations.some((e) => e.seat === x) && g.duelistLp![x] > 0);
  const sum = alive.reduce((a, x) => a + g.duelistLp![x], 0);
  return state.settings.independentTimeRule === "sum_surviving_lp" ? [sum, 0] : [alive.length, sum];
}
const greater = (a: [number, number], b: [number, number]) => a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]);

/** Counts of outputs reached (kind:code or result:reason), to assert the random walks go deep. */
const seen = new Map<string, number>();
function checkOutput(prev: EompState, next: EompState, out: EompOutput, ev: EompEvent | null): void {
  const label = out.kind === "result" ? `result:${out.reason}` : `${out.kind}:${out.code}`;
  seen.set(label, (seen.get(label) ?? 0) + 1);
  const keys = Object.keys(out).sort().join(",");
  expect(["code,kind,params,text", "kind,reason,result,text"]).toContain(keys);
  if (out.kind === "instruction") {
    expect(template("eomp", out.code)).toBeTypeOf("string");
    expect(out.text).not.toContain("{");
  } else if (out.kind === "error") {
    expect(out.code).not.toBe("INTERNAL");
    expect(template("errors", out.code)).toBeTypeOf("string");
    if (ev) expect(next).toEqual(prev);
  } else {
    const r: MatchResult = out.result;
    expect(END_REASONS).toContain(out.reason);
    expect(r.reason).toBe(out.reason);
    const preset = getPreset(next.preset);
    expect(validateMatchResult(r, preset)).toEqual([]);
    expect(allowedSteps(next)).toEqual([]);
    const g = next.game;
    if (r.outcome === "DOUBLE_LOSS") expect(Math.max(r.games.slot1, r.games.slot2)).toBeLessThan(gamesToWin(preset));
    if (r.outcome === "WIN" && g) {
      const w = r.winner!;
      const l = w === 1 ? 2 : 1;
      if (["EOMP_LP_COMPARISON", "EOMP_FIRST_LP_CHANGE", "EOMP_TURN_BY_TURN", "EOMP_TIEBREAK_GAME"].includes(r.reason))
        expect(greater(values(next, w), values(next, l))).toBe(true);
      if (r.reason === "EOMP_SURVIVORS") expect(values(next, w)[0]).toBeGreaterThan(values(next, l)[0]);
      if (r.reason === "LP_ZERO" && next.timeCalled) {
        expect(g.lp[l === 1 ? "slot1" : "slot2"]).toBe(0);
        expect(g.lp[w === 1 ? "slot1" : "slot2"]).toBeGreaterThan(0);
      }
      if (r.reason === "TEAM_ELIMINATED") {
        const p = getPreset(next.preset);
        const loserTeam = l === g.firstSlot ? 1 : 2;
        for (const seat of seatsOfTeam(p, loserTeam)) expect(g.eliminations.some((e) => e.seat === seat)).toBe(true);
      }
    }
  }
  expect(JSON.parse(JSON.stringify(next))).toEqual(next);
}

/**
 * One random step: usually an event of a type the engine allows now (so walks go deep), with a
 * random payload that may still be invalid; sometimes an arbitrary (often invalid) event.
 */
const stepArb = fc.record({
  junk: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
  junkEvent: eventArb,
  pick: fc.nat(),
  lp1: lpValue,
  lp2: lpValue,
  partial: fc.integer({ min: 0, max: 3 }),
  seat: fc.constantFrom("1A", "2B", "3A", "4B"),
  firstSlot: fc.constantFrom(1, 2),
  winner: fc.constantFrom(1, 2, 1, 2, null),
  reason: fc.constantFrom("LP_ZERO", "DECK_OUT", "SPECIAL_WIN", "CONCESSION", "GAME_LOSS_PENALTY", "DRAW"),
});
type StepSeed = typeof stepArb extends fc.Arbitrary<infer T> ? T : never;

function materialise(state: EompState, seed: StepSeed, game: EompInput["game"]): EompEvent {
  const all = allowedSteps(state);
  if (seed.junk || all.length === 0) return seed.junkEvent;
  // game-ending steps rarely after time (1 in 12), so walks reach the deep end-of-match states
  const rare = seed.pick % (state.mode.m === "PLAYING" ? 3 : 12) === 0;
  const allowed = rare ? all : all.filter((x) => x !== "GAME_ENDED");
  if (allowed.length === 0) return seed.junkEvent;
  const type = allowed[seed.pick % allowed.length];
  switch (type) {
    case "LP_CHANGED":
      if (isIndependent(getPreset(state.preset))) return { type, duelistLp: { [seed.seat]: seed.lp1 } };
      return {
        type,
        lp: seed.partial === 0 ? { slot1: seed.lp1 } : seed.partial === 1 ? { slot2: seed.lp2 } : { slot1: seed.lp1, slot2: seed.lp2 },
      };
    case "GAME_STARTED":
      return { type, firstSlot: seed.firstSlot as 1 | 2 };
    case "GAME_ENDED":
      return { type, winner: seed.winner as 1 | 2 | null, reason: seed.reason as never };
    case "DUELIST_ELIMINATED":
      return { type, seat: seed.seat };
    case "TIME_CALLED":
      return { type, game: seed.partial === 0 ? null : game };
    default:
      return { type } as EompEvent;
  }
}

function runProperty(presetArb: fc.Arbitrary<PresetId>, variantArb: fc.Arbitrary<string>, numRuns: number) {
  fc.assert(
    fc.property(inputArb(presetArb, variantArb), fc.array(stepArb, { maxLength: 30 }), (input, seeds) => {
      const { viaStartMatch, ...rest } = input;
      const inp = rest as unknown as EompInput;
      let t;
      if (viaStartMatch) {
        t = startMatch(inp);
        checkOutput(t.state, t.state, t.output, null);
      } else {
        t = start(inp);
        checkOutput(t.state, t.state, t.output, null);
      }
      for (const seed of seeds) {
        const ev = materialise(t.state, seed, inp.game);
        const allowed = allowedSteps(t.state);
        const next = step(t.state, ev);
        if (!allowed.includes(ev.type)) expect(next.output.kind).toBe("error");
        checkOutput(t.state, next.state, next.output, ev);
        t = next;
      }
    }),
    { numRuns, seed: 20261129 },
  );
}

describe("EOMP engine properties (random steps, including invalid ones)", () => {
  for (const variant of EOMP_VARIANTS) {
    it(`property: variant ${variant} on any preset — one typed output per step, LP-consistent results, never throws`, () => {
      runProperty(fc.constantFrom(...PRESET_IDS), fc.constant(variant), 300);
    });
  }
  for (const preset of PRESET_IDS) {
    it(`property: preset ${preset} with its default and any variant`, () => {
      runProperty(fc.constant(preset), fc.constantFrom(getPreset(preset).defaults.eomp, ...EOMP_VARIANTS), 300);
    });
  }
});

describe("EOMP property coverage", () => {
  it("property: the random walks reach every instruction and the main end reasons", () => {
    if (seen.size === 0) runProperty(fc.constantFrom(...PRESET_IDS), fc.constantFrom(...EOMP_VARIANTS), 300);
    if (process.env.EOMP_STATS) console.log([...seen.entries()].sort());
    for (const label of [
      "instruction:FINISH_PHASE",
      "instruction:FINISH_TURN",
      "instruction:EXTRA_TURN",
      "instruction:EQUAL_LP_FINISH_TURN",
      "instruction:TURN_BY_TURN",
      "instruction:FIRST_LP_CHANGE",
      "instruction:TIEBREAK_SETUP",
      "instruction:TIEBREAK_TURN",
      "instruction:NEW_GAME_SUDDEN_DEATH",
      "instruction:TOP_CUT_UNTIMED",
      "instruction:START_NEXT_GAME",
      "instruction:PLAY_ON",
      "result:EOMP_LP_COMPARISON",
      "result:EOMP_FIRST_LP_CHANGE",
      "result:EOMP_TURN_BY_TURN",
      "result:EOMP_TIEBREAK_GAME",
      "result:EOMP_GAME_LEAD",
      "result:EOMP_SURVIVORS",
      "result:LP_ZERO",
      "result:TEAM_ELIMINATED",
      "result:DRAW",
      "result:DOUBLE_LOSS",
      "error:STEP_NOT_ALLOWED",
      "error:LP_INVALID",
      "error:MATCH_OVER",
    ])
      expect.soft(seen.get(label) ?? 0, label).toBeGreaterThan(0);
  });
});
