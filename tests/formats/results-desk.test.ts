import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { deskGrammar, deskKey, deskKeys, deskRun, deskStart, findTables, type DeskContext, type DeskTable } from "@/lib/formats/desk";
import { allowedSteps, start, step } from "@/lib/formats/eomp";
import { applicableSettings, getPreset, PRESET_IDS, resolveSettings, type PresetId, type PresetSettings } from "@/lib/formats/presets";
import { checkEntryOutcome, resultEntryRule, type EntryStage } from "@/lib/formats/results";

const team = (id: string, name: string, a: string, b: string) => ({
  teamId: id,
  name,
  seats: [
    { designation: "A" as const, name: a },
    { designation: "B" as const, name: b },
  ],
});
const TABLES: DeskTable[] = [
  {
    table: 7,
    matchId: "m7",
    version: 0,
    final: false,
    slot1: team("t1", "Blue Eyes", "Ana", "Bruno"),
    slot2: team("t2", "Dark Magic", "Carla", "Davi"),
  },
  {
    table: 12,
    matchId: "m12",
    version: 3,
    final: true,
    slot1: team("t3", "Żółw Team", "Éva", "Fábio"),
    slot2: team("t4", "Red Dragons", "Gio", "Hana"),
  },
  {
    table: 375,
    matchId: "m375",
    version: 0,
    final: false,
    slot1: team("t5", "Last Table", "Ines", "Jo"),
    slot2: team("t6", "Far Away", "Kai", "Lu"),
  },
  { table: 376, matchId: "bye", version: 0, final: true, slot1: team("t7", "Bye Team", "Mo", "Ni"), slot2: null },
];
const ctx = (id: PresetId, stage: EntryStage = "swiss", s: Partial<PresetSettings> = {}): DeskContext => {
  const preset = getPreset(id);
  return { preset, settings: resolveSettings(preset, s), stage, tables: new Map(TABLES.map((t) => [t.table, t])) };
};
const keys = (s: string) => s.split(" ").flatMap((w) => (w === "⏎" ? ["Enter"] : w.split("")));

describe("results desk key grammar per preset (issue #14 key counts)", () => {
  const WIN_KEYS: Record<PresetId, string> = {
    KONAMI_TAG_2019: "12 ⏎ 1 ⏎", // table, Enter, outcome key, Enter
    KONAMI_TAG_2013: "12 ⏎ 1 ⏎",
    UDE_2V2: "12 ⏎ 1 1 ⏎", // best of three adds one key: 2–1
    INDEPENDENT_LP_2V2: "12 ⏎ 1 ⏎",
    MTG_2HG: "12 ⏎ 1 ⏎",
    KONAMI_STANDARD_1V1: "12 ⏎ 1 1 ⏎",
  };
  for (const id of PRESET_IDS) {
    it(`${id}: a win at table 12 takes ${keys(WIN_KEYS[id]).length} keys`, () => {
      const seq = keys(WIN_KEYS[id]);
      expect(seq.length).toBe(getPreset(id).bestOf === 3 ? 6 : 5);
      const r = deskRun(seq, ctx(id));
      expect(r.refusal).toBeNull();
      expect(r.state.phase).toBe("done");
      expect(r.state.entry).toEqual(
        getPreset(id).bestOf === 3
          ? { matchId: "m12", table: 12, expectedVersion: 3, result: "team1", games1: 2, games2: 1 }
          : { matchId: "m12", table: 12, expectedVersion: 3, result: "team1" },
      );
    });
  }

  it("the outcome keys per preset come from the result-entry rule: time called only with team life; d and x in Swiss only", () => {
    const grammar = Object.fromEntries(
      PRESET_IDS.map((id) => [id, deskGrammar(getPreset(id), resolveSettings(getPreset(id), null), "swiss").outcomeKeys.join("")]),
    );
    expect(grammar).toEqual({
      KONAMI_TAG_2019: "12dxt",
      KONAMI_TAG_2013: "12dxt",
      UDE_2V2: "12dxt",
      INDEPENDENT_LP_2V2: "12dx",
      MTG_2HG: "12dxt",
      KONAMI_STANDARD_1V1: "12dx",
    });
    for (const id of PRESET_IDS)
      expect(deskGrammar(getPreset(id), resolveSettings(getPreset(id), null), "single_elimination").outcomeKeys.join("")).toMatch(/^12t?$/);
  });

  it("best of three: 2–0 is the 0 key; a draw takes a score key too (0–0 / 1–1); a double loss takes none", () => {
    expect(deskRun(keys("7 ⏎ 2 0 ⏎"), ctx("UDE_2V2")).state.entry).toMatchObject({ result: "team2", games1: 0, games2: 2 });
    expect(deskRun(keys("7 ⏎ d 1 ⏎"), ctx("UDE_2V2")).state.entry).toMatchObject({ result: "draw", games1: 1, games2: 1 });
    expect(deskRun(keys("7 ⏎ x ⏎"), ctx("UDE_2V2")).state.entry).toEqual({
      matchId: "m7",
      table: 7,
      expectedVersion: 0,
      result: "doubleLoss",
    });
  });

  it("time called opens the LP fields: table 7, Enter, t, 8000, Enter, 7500, Enter, Enter = 14 keys (Tag 2019)", () => {
    const seq = keys("7 ⏎ t 8000 ⏎ 7500 ⏎ ⏎");
    expect(seq).toHaveLength(14);
    const r = deskRun(seq, ctx("KONAMI_TAG_2019"));
    expect(r.state.entry).toEqual({ matchId: "m7", table: 7, expectedVersion: 0, result: "time", lp1: 8000, lp2: 7500 });
  });

  it("after the table number the desk shows both teams with their A/B seats before any outcome is accepted", () => {
    const r = deskRun(keys("375 ⏎"), ctx("KONAMI_TAG_2019"));
    expect(r.state.phase).toBe("outcome");
    expect(r.state.table).toMatchObject({
      table: 375,
      slot1: {
        name: "Last Table",
        seats: [
          { designation: "A", name: "Ines" },
          { designation: "B", name: "Jo" },
        ],
      },
    });
    expect(deskKeys(r.state, ctx("KONAMI_TAG_2019")).map((k) => [k.key, k.label, k.params.team ?? ""])).toEqual([
      ["1", "win", "Last Table"],
      ["2", "win", "Far Away"],
      ["d", "draw", ""],
      ["x", "doubleLoss", ""],
      ["t", "time", ""],
      ["Escape", "otherTable", ""],
    ]);
    // a digit is not an outcome before the table is confirmed: "3" after "37" without Enter is still the table number
    expect(deskRun(keys("37 5"), ctx("KONAMI_TAG_2019")).state).toMatchObject({ phase: "table", buffer: "375" });
  });

  it("the 'time called' key says what it records: a double loss under the v2.5 switch in Swiss, a draw in 2HG Swiss", () => {
    const label = (c: DeskContext) => deskKeys(deskRun(keys("7 ⏎"), c).state, c).find((k) => k.key === "t")!.label;
    expect(label(ctx("KONAMI_TAG_2019", "swiss", { eomp: "double_loss" }))).toBe("timeDoubleLoss");
    expect(label(ctx("MTG_2HG"))).toBe("timeDraw");
    expect(label(ctx("KONAMI_TAG_2019"))).toBe("time");
  });
});

describe("refusals on the keyboard path are the core's result-entry refusals (issue #11, issue #14)", () => {
  it("top cut: d is refused with NO_DRAWS {what: topCut}, x with TOP_CUT_DOUBLE_LOSS; nothing is entered", () => {
    const c = ctx("KONAMI_TAG_2019", "single_elimination");
    const rule = resultEntryRule(c.preset, c.settings, "single_elimination");
    const d = deskRun(keys("7 ⏎ d"), c);
    expect(d.refusal).toEqual({ code: "NO_DRAWS", field: "result", params: { what: "topCut", game: "YGO" } });
    const core = checkEntryOutcome(rule, "DRAW", "YGO");
    expect(core.ok === false && core.code).toBe("NO_DRAWS");
    expect(d.state.phase).toBe("outcome");
    expect(deskRun(keys("7 ⏎ x"), c).refusal).toMatchObject({ code: "TOP_CUT_DOUBLE_LOSS" });
  });

  it("Swiss with draws off: d is refused with NO_DRAWS {what: match}", () => {
    expect(deskRun(keys("7 ⏎ d"), ctx("KONAMI_TAG_2019", "swiss", { swissAllowsDraws: false })).refusal).toEqual({
      code: "NO_DRAWS",
      field: "result",
      params: { what: "match", game: "YGO" },
    });
  });

  it("a bye table is refused (BYE_MATCH), an unknown table names the number, Enter without a number asks for one", () => {
    expect(deskRun(keys("376 ⏎"), ctx("KONAMI_TAG_2019")).refusal).toMatchObject({ code: "BYE_MATCH", params: { what: "result" } });
    expect(deskRun(keys("99 ⏎"), ctx("KONAMI_TAG_2019")).refusal).toEqual({ code: "TABLE_UNKNOWN", params: { table: 99 } });
    expect(deskRun(["Enter"], ctx("KONAMI_TAG_2019")).refusal).toEqual({ code: "TABLE_REQUIRED", params: {} });
  });

  it("independent LP and 1v1 have no time key (the end-of-match wizard runs time there)", () => {
    expect(deskRun(keys("7 ⏎ t"), ctx("INDEPENDENT_LP_2V2")).refusal).toEqual({ code: "OUTCOME_NO_TIME", params: {} });
  });

  it("LP over ten times the starting life is refused naming the field and the maximum; an empty LP field too", () => {
    expect(deskRun(keys("7 ⏎ t 160001 ⏎"), ctx("KONAMI_TAG_2019")).refusal).toEqual({
      code: "LP_TOO_BIG",
      params: { field: "lp1", max: 160000 },
    });
    expect(deskRun(keys("7 ⏎ t 20 ⏎ ⏎"), ctx("MTG_2HG")).refusal).toEqual({ code: "LP_REQUIRED", params: { field: "lp2" } });
    expect(deskRun(keys("7 ⏎ t 301 ⏎"), ctx("MTG_2HG")).refusal).toEqual({ code: "LP_TOO_BIG", params: { field: "lp1", max: 300 } });
  });

  it("an unknown key is refused and the state is kept; uppercase letters work", () => {
    const r = deskRun(keys("7 ⏎ q"), ctx("KONAMI_TAG_2019"));
    expect(r.refusal).toEqual({ code: "KEY_UNKNOWN", params: { key: "q" } });
    expect(r.pressed).toBe(2);
    expect(deskRun(["7", "Enter", "D", "Enter"], ctx("KONAMI_TAG_2019")).state.entry).toMatchObject({ result: "draw" });
    expect(deskRun(["7", "Enter", "constructor"], ctx("KONAMI_TAG_2019")).refusal).toEqual({
      code: "KEY_UNKNOWN",
      params: { key: "constructor" },
    });
  });
});

describe("property: no key sequence gets past the result-entry rule", () => {
  // After "7 Enter" (table 7 shown), any mix of outcome, score, LP and editing keys.
  const ALPHABET = ["0", "1", "2", "5", "d", "x", "t", "q", "Enter", "Enter", "Backspace"];
  for (const [name, c, banned] of [
    ["top cut (Tag 2019)", ctx("KONAMI_TAG_2019", "single_elimination"), ["draw", "doubleLoss"]],
    ["top cut (UDE, best of three)", ctx("UDE_2V2", "single_elimination"), ["draw", "doubleLoss"]],
    ["Swiss with draws off (2HG)", ctx("MTG_2HG", "swiss", { swissAllowsDraws: false }), ["draw"]],
  ] as const) {
    it(`${name}: every entry the desk completes is an outcome the core allows`, () => {
      let completed = 0;
      fc.assert(
        fc.property(fc.array(fc.constantFrom(...ALPHABET), { maxLength: 12 }), (tail) => {
          let state = deskStart();
          for (const k of ["7", "Enter", ...tail]) {
            state = deskKey(state, k, c).state;
            if (state.phase !== "done") continue;
            completed++;
            if ((banned as readonly string[]).includes(state.entry!.result)) return false;
          }
          return true;
        }),
        { numRuns: 300, seed: 14 },
      );
      expect(completed).toBeGreaterThan(10);
    });
  }
});

describe("editing keys", () => {
  it("Backspace steps back one key at every step; Escape starts over", () => {
    const c = ctx("UDE_2V2");
    let s = deskRun(keys("7 ⏎ 1 1"), c).state;
    expect(s.phase).toBe("confirm");
    s = deskKey(s, "Backspace", c).state;
    expect(s).toMatchObject({ phase: "score", games: null, result: "team1" });
    s = deskKey(s, "Backspace", c).state;
    expect(s).toMatchObject({ phase: "outcome", result: null });
    s = deskKey(s, "Backspace", c).state;
    expect(s).toMatchObject({ phase: "table", buffer: "7", table: null });
    const t = deskRun(keys("7 ⏎ t 800 ⏎ 75"), ctx("KONAMI_TAG_2019")).state;
    expect(deskKey(deskKey(deskKey(t, "Backspace", c).state, "Backspace", c).state, "Backspace", c).state).toMatchObject({
      phase: "lp1",
      buffer: "800",
    });
    expect(deskKey(t, "Escape", c).state).toEqual(deskStart());
  });

  it("after a saved entry the next digit starts the next table", () => {
    const c = ctx("KONAMI_TAG_2019");
    const done = deskRun(keys("7 ⏎ 1 ⏎"), c).state;
    expect(deskKey(done, "3", c).state).toMatchObject({ phase: "table", buffer: "3", entry: null });
  });

  it("20 results by table number in a row, keyboard only: 5 keys each for tables 1–9 (one digit) in Tag 2019", () => {
    const many: DeskTable[] = Array.from({ length: 20 }, (_, i) => ({ ...TABLES[0], table: i + 1, matchId: `m${i + 1}` }));
    const c: DeskContext = { ...ctx("KONAMI_TAG_2019"), tables: new Map(many.map((t) => [t.table, t])) };
    let state = deskStart();
    let pressed = 0;
    const entries: string[] = [];
    for (const t of many) {
      for (const k of [...String(t.table), "Enter", t.table % 2 ? "1" : "2", "Enter"]) {
        const r = deskKey(state, k, c);
        expect(r.refusal).toBeNull();
        state = r.state;
        pressed++;
      }
      entries.push(`${state.entry!.table}:${state.entry!.result}`);
    }
    expect(pressed).toBe(9 * 4 + 11 * 5);
    expect(entries.slice(0, 3)).toEqual(["1:team1", "2:team2", "3:team1"]);
    expect(entries).toHaveLength(20);
  });
});

describe("who went first is never asked at the desk", () => {
  /** The server's time-called path: the engine from "time called" with the LP at the end, stepped to a result. */
  function atTime(id: PresetId, settings: PresetSettings, stage: EntryStage, firstSlot: 1 | 2, lp1: number, lp2: number): string {
    let t = start({
      preset: id,
      settings,
      stage,
      game: { firstSlot, turn: 5, phase: "MAIN1", lp: { slot1: lp1, slot2: lp2 }, turnKnown: false },
    });
    for (let i = 0; i < 30; i++) {
      if (t.output.kind !== "instruction") return JSON.stringify(t.output.kind === "result" ? t.output.result : t.output.code);
      const allowed = allowedSteps(t.state);
      const next = allowed.includes("PHASE_FINISHED") ? "PHASE_FINISHED" : allowed.includes("TURN_ENDED") ? "TURN_ENDED" : null;
      if (!next || ["FIRST_LP_CHANGE", "TURN_BY_TURN", "TIEBREAK_SETUP"].includes(t.state.mode.m)) return `play on: ${t.output.code}`;
      t = step(t.state, { type: next });
    }
    return "unfinished";
  }

  it("every preset with a time key, every procedure, both stages: the result from the LP is the same whichever team went first", () => {
    let compared = 0;
    for (const id of PRESET_IDS) {
      const preset = getPreset(id);
      for (const eomp of applicableSettings(preset).eomp)
        for (const swissAllowsDraws of [true, false])
          for (const stage of ["swiss", "single_elimination"] as const) {
            const settings = resolveSettings(preset, { eomp, swissAllowsDraws });
            expect(deskGrammar(preset, settings, stage).firstSlot).toBe(false);
            if (!deskGrammar(preset, settings, stage).timeCalled) continue;
            for (const [lp1, lp2] of [
              [8000, 7500],
              [300, 9000],
              [4000, 4000],
              [0, 100],
            ]) {
              expect(atTime(id, settings, stage, 1, lp1, lp2), `${id} ${eomp} ${stage} ${lp1}/${lp2}`).toBe(
                atTime(id, settings, stage, 2, lp1, lp2),
              );
              compared++;
            }
          }
    }
    expect(compared).toBeGreaterThan(40);
  });
});

describe("the table box also finds a table by team or duelist name", () => {
  it("case- and accent-insensitive, either team, duelists too; digits are a table number", () => {
    expect(findTables(TABLES, "dark").map((t) => t.table)).toEqual([7]);
    expect(findTables(TABLES, "fabio").map((t) => t.table)).toEqual([12]);
    expect(findTables(TABLES, "EVA").map((t) => t.table)).toEqual([12]);
    expect(findTables(TABLES, "a").map((t) => t.table)).toEqual([7, 12, 375, 376]);
    expect(findTables(TABLES, "red dragons").map((t) => t.table)).toEqual([12]);
    expect(findTables(TABLES, "12")).toEqual([]);
    expect(findTables(TABLES, "  ")).toEqual([]);
  });
});
