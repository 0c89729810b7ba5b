/** The penalty success message reads as one sentence per effect (no "Match: pending: …"). */
import { describe, expect, it } from "vitest";
import { createTranslator } from "next-intl";
import { loadMessages } from "@/lib/i18n/messages";

const EFFECTS = [
  "none",
  "no_round",
  "round_not_open",
  "no_match",
  "bye",
  "already_final",
  "match_final",
  "game_recorded",
  "next_match_final",
  "next_game_recorded",
  "pending_next",
];

describe("penalty recorded message", () => {
  it("en reads naturally for a pending penalty", async () => {
    const t = createTranslator({
      locale: "en",
      messages: (await loadMessages("en")) as never,
      namespace: "reporting.penalties" as never,
    }) as unknown as (k: string, p?: Record<string, string>) => string;
    expect(t("saved", { effect: t("matchEffect.pending_next") })).toBe(
      "Penalty recorded. It will apply to the team's next match, when that round is paired.",
    );
  });
  it.each(["en", "pt-BR", "it"] as const)(
    "%s: every effect is a full sentence with one colon at most and no 'pending:' label",
    async (locale) => {
      const t = createTranslator({
        locale,
        messages: (await loadMessages(locale)) as never,
        namespace: "reporting.penalties" as never,
      }) as unknown as (k: string, p?: Record<string, string>) => string;
      for (const game of ["YGO", "MTG"])
        for (const e of EFFECTS) {
          const s = t("saved", { effect: t(`matchEffect.${e}`, { game }) });
          expect(s, s).toMatch(/\.$/);
          expect(s.split(":").length, s).toBeLessThanOrEqual(2);
          expect(s, s).not.toMatch(/pending:|pendente:|in attesa:/i);
          expect(t(`matchEffect.${e}`, { game }), e).toMatch(/^\p{Lu}/u);
        }
    },
  );
});
