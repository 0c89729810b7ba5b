/**
 * Every code and label the issue #14 floor core returns has its text: the core's own refusals in
 * floor.refusals, the result-entry refusals it passes through in actionErrors, desk key labels in
 * floor.desk.keys, batch bases in floor.batch.basis, placing stages in floor.placings.stage.
 */
import { describe, expect, it } from "vitest";
import IntlMessageFormat from "intl-messageformat";
import { loadMessages } from "@/lib/i18n/messages";
import { LOCALES } from "@/lib/i18n/config";
import { DESK_REFUSALS, deskKeys, deskRun, type DeskContext } from "@/lib/formats/desk";
import { CONFIRM_REFUSALS } from "@/lib/formats/reports";
import { BATCH_TOP_CUT } from "@/lib/formats/batchEnd";
import { RESULT_ENTRY_REFUSALS } from "@/lib/formats/results";
import { FINISH_REFUSALS, REOPEN_REFUSALS } from "@/lib/pairing/lifecycle";
import { PLACINGS_REFUSALS } from "@/lib/standings/placings";
import { getPreset, PRESET_IDS, resolveSettings } from "@/lib/formats/presets";

const get = (tree: unknown, key: string) => key.split(".").reduce<unknown>((t, k) => (t as Record<string, unknown> | undefined)?.[k], tree);

describe("floor messages (issue #14)", () => {
  const codes = [...DESK_REFUSALS, ...CONFIRM_REFUSALS, BATCH_TOP_CUT, ...FINISH_REFUSALS, ...REOPEN_REFUSALS, ...PLACINGS_REFUSALS];

  it("every floor refusal code has a message in every locale; the passed-through result-entry codes live in actionErrors", () => {
    for (const locale of LOCALES) {
      const m = loadMessages(locale);
      for (const c of codes) expect(get(m, `floor.refusals.${c}`), `${locale} ${c}`).toBeTypeOf("string");
      for (const c of RESULT_ENTRY_REFUSALS) expect(get(m, `actionErrors.${c}`), `${locale} ${c}`).toBeTypeOf("string");
    }
  });

  it("every desk key label shown for any preset formats in every locale with the params the desk gives", () => {
    for (const locale of LOCALES) {
      const m = loadMessages(locale);
      for (const id of PRESET_IDS) {
        const preset = getPreset(id);
        const t = { teamId: "a", name: "Alpha", seats: [] };
        const ctx: DeskContext = {
          preset,
          settings: resolveSettings(preset, null),
          stage: "swiss",
          tables: new Map([
            [1, { table: 1, matchId: "m", version: 0, final: false, slot1: t, slot2: { ...t, teamId: "b", name: "Beta" } }],
          ]),
        };
        for (const seq of [
          [],
          ["1", "Enter"],
          ["1", "Enter", "1"],
          ["1", "Enter", "t"],
          ["1", "Enter", "t", "5", "Enter"],
          ["1", "Enter", "x"],
        ]) {
          const r = deskRun(seq, ctx);
          if (r.refusal) continue;
          for (const k of deskKeys(r.state, ctx)) {
            const msg = get(m, `floor.desk.keys.${k.label}`);
            expect(msg, `${locale} ${k.label}`).toBeTypeOf("string");
            expect(String(new IntlMessageFormat(msg as string, locale).format(k.params))).not.toMatch(/[{}]/);
          }
        }
      }
    }
  });

  it("batch bases, placing stages and overview states have texts", () => {
    const en = loadMessages("en");
    for (const b of ["doubleLossProcedure", "swissDraw", "noDraws", "chosen", "bothDropped"])
      expect(get(en, `floor.batch.basis.${b}`)).toBeTypeOf("string");
    for (const s of ["champion", "finalist", "cut", "alive", "swiss", "disqualified"])
      expect(get(en, `floor.placings.stage.${s}`)).toBeTypeOf("string");
    for (const s of ["registration", "running", "finished"]) expect(get(en, `floor.overview.${s}`)).toBeTypeOf("string");
  });
});
