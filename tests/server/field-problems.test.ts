/** Validation problems become codes the UI translates with the field's label (never raw zod text). */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { zodFailure } from "@/lib/server/action";

const schema = z.object({
  name: z.string().trim().min(1, "the team name is required").max(80),
  a: z.object({ name: z.string().max(3) }),
  lp1: z.coerce.number().int().min(0),
  minutes: z.coerce.number().int().min(5).max(240),
  result: z.enum(["team1", "team2"]),
  username: z.string().regex(/^[a-z]+$/, "use letters only"),
});

describe("zodFailure", () => {
  it("classifies each bad field with its path, a code and parameters", () => {
    const r = schema.safeParse({ a: { name: "abcd" }, lp1: -1.5, minutes: 300, username: "Bad Name" }, { reportInput: true });
    expect(r.success).toBe(false);
    const f = zodFailure(r.error!);
    expect(f.code).toBe("INVALID");
    expect(f.details!.map((d) => [d.field, d.code, d.params])).toEqual([
      ["name", "REQUIRED", {}],
      ["a.name", "TOO_LONG", { max: 3 }],
      ["lp1", "NOT_INTEGER", {}],
      ["minutes", "TOO_BIG", { max: 240 }],
      ["result", "CHOOSE_ONE", {}],
      ["username", "FORMAT", { rule: "use letters only" }],
    ]);
    expect(f.message).toBe("name: is required");
  });
  it("an empty string for a required text is REQUIRED, a negative number TOO_SMALL, an unknown option CHOOSE_ONE", () => {
    const f = zodFailure(
      schema.safeParse({ name: "  ", a: { name: "x" }, lp1: -3, minutes: 30, result: "team3", username: "ok" }, { reportInput: true })
        .error!,
    );
    expect(f.details!.map((d) => [d.field, d.code, d.params])).toEqual([
      ["name", "REQUIRED", {}],
      ["lp1", "TOO_SMALL", { min: 0 }],
      ["result", "CHOOSE_ONE", {}],
    ]);
  });
});

describe("a radio choice left empty is CHOOSE_ONE, not 'enter a number'", () => {
  it("numberChoice: missing, empty, out-of-set and non-numeric values are CHOOSE_ONE; '1'/'2' and 1/2 parse", async () => {
    const { numberChoice } = await import("@/lib/server/action");
    const s = z.object({ firstSlot: numberChoice([1, 2]) });
    for (const bad of [{}, { firstSlot: "" }, { firstSlot: "3" }, { firstSlot: "x" }, { firstSlot: 0 }]) {
      const f = zodFailure(s.safeParse(bad, { reportInput: true }).error!);
      expect(
        f.details!.map((d) => [d.field, d.code]),
        JSON.stringify(bad),
      ).toEqual([["firstSlot", "CHOOSE_ONE"]]);
    }
    expect(s.parse({ firstSlot: "2" }).firstSlot).toBe(2);
    expect(s.parse({ firstSlot: 1 }).firstSlot).toBe(1);
  });
  it("the team report's 'who went first' without a value is CHOOSE_ONE (the duelist's report action)", async () => {
    const { submitTeamReport } = await import("@/lib/server/actions/reporting");
    const res = await submitTeamReport.handle(null, { matchId: "m1", result: "team1" });
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.error.details!.map((d) => [d.field, d.code])).toEqual([["firstSlot", "CHOOSE_ONE"]]);
  });
});

describe("named custom rules (issue #6: no English rule text in the form)", () => {
  it("a refine/regex whose message is a CUSTOM_RULES code reports that code; the English fallback is the rule's text", async () => {
    const { CUSTOM_RULES, fieldError } = await import("@/lib/server/action");
    const s = z.object({
      playerId: z.string().regex(/^[0-9A-Za-z-]*$/, "PLAYER_ID_CHARS"),
      seconds: z.number().refine((n) => n !== 0, "NOT_ZERO"),
    });
    const f = zodFailure(s.safeParse({ playerId: "a b", seconds: 0 }, { reportInput: true }).error!);
    expect(f.details!.map((d) => [d.field, d.code, d.message])).toEqual([
      ["playerId", "PLAYER_ID_CHARS", `playerId: ${CUSTOM_RULES.PLAYER_ID_CHARS}`],
      ["seconds", "NOT_ZERO", `seconds: ${CUSTOM_RULES.NOT_ZERO}`],
    ]);
    const e = fieldError("lp1", "LP_AT_TIME", { team: "Blue" }) as unknown as {
      code: string;
      field: string;
      details: { field: string; code: string }[];
    };
    expect([e.code, e.field, e.details[0].field, e.details[0].code]).toEqual(["INVALID", "lp1", "lp1", "LP_AT_TIME"]);
  });
  it("every custom rule has a common.errors message with the field label in each locale", async () => {
    const { CUSTOM_RULES } = await import("@/lib/server/action");
    const { loadMessages } = await import("@/lib/i18n/messages");
    for (const loc of ["en", "pt-BR", "it"] as const) {
      const errors = (loadMessages(loc) as unknown as { common: { errors: Record<string, string> } }).common.errors;
      for (const code of Object.keys(CUSTOM_RULES)) expect(errors[code], `${loc} common.errors.${code}`).toMatch(/^\{label\}: /);
    }
  });
});
