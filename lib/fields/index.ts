/**
 * Field rules shared by the forms (the action inputs of lib/server/actions) and the file imports
 * (lib/archive, lib/interop): names (issue #12 "Names"), free text, time zones, and the English
 * text of a refused field. Issue #17: an imported archive or `.Tournament` file is held to the
 * rules of the form that creates the same row — an event name, team or duelist name or time zone
 * the UI refuses is refused in a file too — so each rule lives here once and both sides use it.
 * Pure: zod and lib/teams only.
 */
import { z } from "zod";
import { nameProblem, normalizeTeamName } from "@/lib/teams";

/**
 * Why a field was refused, as a code the UI translates with the field's visible label
 * (messages `errors.<code>` with {label, min, max}): REQUIRED, TOO_SHORT, TOO_LONG, TOO_SMALL,
 * TOO_BIG, NOT_INTEGER, NOT_A_NUMBER, CHOOSE_ONE, or FORMAT (then `message` carries the rule);
 * or one of the named custom rules (CUSTOM_RULES): a zod refine/regex whose message IS that code
 * (e.g. `.regex(re, "PLAYER_ID_CHARS")`) reports it, rendered from `common.errors.<code>`.
 */
export type FieldProblem =
  "REQUIRED" | "TOO_SHORT" | "TOO_LONG" | "TOO_SMALL" | "TOO_BIG" | "NOT_INTEGER" | "NOT_A_NUMBER" | "CHOOSE_ONE" | "FORMAT" | CustomRule;

/** Named field rules beyond zod's own checks, with their English text (also the fallback). */
export const CUSTOM_RULES = {
  USERNAME_CHARS: "use letters, digits, dot, dash or underscore",
  PLAYER_ID_CHARS: "letters, digits and dashes only",
  TOP_CUT_SIZE: "a top cut needs at least 2 teams (0 = no cut)",
  NOT_ZERO: "give a number other than 0",
  TIME_ZONE: "not a known time zone (e.g. Europe/Rome, America/Sao_Paulo)",
  FILE_SIZE: "the file must be 1 byte to 20 MB",
  FILE_TOO_LARGE: "file too large (max 20 MB)",
  FILE_EMPTY: "the file is empty",
  NAME_CHARS: "must not contain NUL, unpaired surrogate or bidirectional override characters",
  NAME_INVISIBLE: "is empty once invisible characters are removed",
  TEXT_NUL: "must not contain NUL characters",
  LP_AT_TIME: "enter this team's LP",
} as const;
export type CustomRule = keyof typeof CUSTOM_RULES;
const isCustomRule = (s: string): s is CustomRule => Object.hasOwn(CUSTOM_RULES, s);

const ENGLISH: Record<FieldProblem, (p: Record<string, string | number>) => string> = {
  REQUIRED: () => "is required",
  TOO_SHORT: (p) => `needs at least ${p.min} characters`,
  TOO_LONG: (p) => `is too long (at most ${p.max} characters)`,
  TOO_SMALL: (p) => `must be at least ${p.min}`,
  TOO_BIG: (p) => `must be at most ${p.max}`,
  NOT_INTEGER: () => "must be a whole number",
  NOT_A_NUMBER: () => "must be a number",
  CHOOSE_ONE: () => "choose one of the options",
  FORMAT: (p) => String(p.rule ?? "has the wrong format"),
  ...(Object.fromEntries(Object.entries(CUSTOM_RULES).map(([k, v]) => [k, () => v])) as Record<CustomRule, () => string>),
};

/** The English text of a field problem (`name: <this>`), the fallback where no translation is used. */
export function fieldProblemText(code: FieldProblem, params: Record<string, string | number>): string {
  return ENGLISH[code](params);
}

/** Classifies one zod issue (zod 4 issue shapes). */
export function fieldProblem(i: z.core.$ZodIssue): { code: FieldProblem; params: Record<string, string | number> } {
  const iss = i as unknown as {
    code: string;
    expected?: string;
    origin?: string;
    minimum?: number | bigint;
    maximum?: number | bigint;
    message: string;
    input?: unknown;
  };
  const custom = !/^(Invalid|Too (big|small)|Expected)/.test(iss.message);
  if (isCustomRule(iss.message)) return { code: iss.message, params: {} };
  switch (iss.code) {
    case "invalid_type":
      if (/received undefined|received null/.test(iss.message) || ("input" in iss && (iss.input === undefined || iss.input === null)))
        return { code: "REQUIRED", params: {} };
      if (iss.expected === "int") return { code: "NOT_INTEGER", params: {} };
      if (iss.expected === "number") return { code: "NOT_A_NUMBER", params: {} };
      return { code: "FORMAT", params: { rule: iss.message } };
    case "too_small":
      if (iss.origin === "string" || iss.origin === "array")
        return Number(iss.minimum) <= 1 ? { code: "REQUIRED", params: {} } : { code: "TOO_SHORT", params: { min: Number(iss.minimum) } };
      return { code: "TOO_SMALL", params: { min: Number(iss.minimum) } };
    case "too_big":
      if (iss.origin === "string" || iss.origin === "array") return { code: "TOO_LONG", params: { max: Number(iss.maximum) } };
      return { code: "TOO_BIG", params: { max: Number(iss.maximum) } };
    case "invalid_value":
      // An enum / literal set is a choice (radio group or select): nothing chosen and a value
      // outside the set both read "choose one of the options".
      return { code: "CHOOSE_ONE", params: {} };
    default:
      return { code: "FORMAT", params: { rule: custom ? iss.message : "has the wrong format" } };
  }
}

/**
 * Checks one value against a field rule outside a form (a file import, issue #17): the value as
 * the form would store it (e.g. a normalized name), or the English reason of the first problem.
 */
export function checkField<S extends z.ZodType>(rule: S, value: unknown): { ok: true; value: z.output<S> } | { ok: false; reason: string } {
  const r = rule.safeParse(value, { reportInput: true });
  if (r.success) return { ok: true, value: r.data };
  const { code, params } = fieldProblem(r.error.issues[0]);
  return { ok: false, reason: fieldProblemText(code, params) };
}

/** An event's name: 2–120 characters once normalized (create / edit event, archive and KTS import). */
export const EVENT_NAME = { min: 2, max: 120 } as const;
/** A team's name: 1–80 characters once normalized (registration, rename, roster / archive / KTS import). */
export const TEAM_NAME = { max: 80 } as const;
/** A duelist's (or partner-pool entrant's) name: 1–80 characters once normalized. */
export const PERSON_NAME = { max: 80 } as const;

/** A required name of `min`…`max` characters (after normalizing). `message` names the empty case. */
export function nameText(opts: { min?: number; max: number; required?: string }) {
  const min = opts.min ?? 1;
  return z
    .string()
    .superRefine((s, ctx) => {
      const p = nameProblem(s);
      // Blank input is "required" (below); typed-but-invisible is NAME_INVISIBLE.
      if (p === "NAME_CHARS" || (p === "NAME_INVISIBLE" && s.trim() !== "")) ctx.addIssue({ code: "custom", message: p });
    })
    .transform(normalizeTeamName)
    .pipe(
      min > 1
        ? z
            .string()
            .min(1, opts.required ?? "is required")
            .min(min, `at least ${min} characters`)
            .max(opts.max)
        : z
            .string()
            .min(1, opts.required ?? "is required")
            .max(opts.max),
    );
}

/**
 * A free-text field (notes, reasons, a venue, an infraction's wording): trimmed, at most `max`
 * characters; NUL is refused with the field error TEXT_NUL (Postgres text cannot hold it — it
 * would end as an internal error). Other characters are kept as typed.
 */
export function plainText(max: number, tooLong?: string) {
  return z
    .string()
    .trim()
    .max(max, tooLong)
    .refine((s) => !s.includes("\u0000"), "TEXT_NUL");
}

/** True when `tz` is an IANA time zone this runtime knows (dates of the event are shown and read in it). */
export function isKnownTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/**
 * An event's time zone: trimmed, 1–64 characters, known to the runtime (TIME_ZONE). An unknown
 * zone would break every date of the event (RangeError in lib/dates), so an import refuses it too.
 */
export const timeZoneText = z.string().trim().min(1).max(64).refine(isKnownTimeZone, "TIME_ZONE");
