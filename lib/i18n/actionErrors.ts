/**
 * Action failures in the user's language (issue #6). An ActionError carries a stable code, an
 * English message and optional params; the "use server" wrappers (lib/server/actions/browser/*.ts, via
 * lib/server/action/run.ts) pass every failure through {@link localizeFailure} before it reaches the
 * browser, so ActionForm, ConfirmButton and the other forms show it as it comes.
 *
 * - `actionErrors.<code>` (messages/<locale>/actionErrors.json, ICU; params = the ActionError's
 *   params) replaces the message. A code's catalogue message must fit EVERY site that throws that
 *   code: codes with several situations use a `{what, select, …}` param. tests/i18n/actionErrors
 *   fails when a code thrown in lib/ has no entry.
 * - Codes of the pure format engine passed through as they are (end-of-match engine errors,
 *   impossible results: lib/formats) have no actionErrors entry: they render from
 *   `formats.errors.<code>` with their params.
 * - A `step` param ("eomp.<CODE>" or "errors.<CODE>", e.g. PLAY_ON) names an end-of-match engine
 *   message: it is rendered from `formats.<step>` with the same params into `{instruction}` first.
 * - details with a decklist / ban-list parse code, a card-file row code (`cdb.<CODE>`) or the
 *   closing "… and N more" (MORE) are rendered from `decks.parse.<code>` with
 *   their params and line (plain `{name}` fill-in, as lib/decks renders them) (the first one also
 *   replaces the top message when it was the same).
 * - INVALID (zod) failures are left alone: the form renders them with the field's own label.
 * Anything that cannot be rendered (unknown code, missing param) keeps its English text.
 */
import { createTranslator } from "next-intl";
import { fillTemplate } from "@/lib/decks/messages";
import type { ActionFailure, ActionResult } from "@/lib/errors";

type Tree = { [k: string]: string | Tree };
type Params = Record<string, string | number>;
/** Params holding a moment (epoch ms), formatted when the failure carries a `timeZone` param. */
const TIME_PARAMS = ["deadline", "opensAt", "closesAt"] as const;

function lookup(messages: Tree, path: string): string | undefined {
  let cur: string | Tree | undefined = messages;
  for (const k of path.split(".")) cur = typeof cur === "object" ? cur[k] : undefined;
  return typeof cur === "string" ? cur : undefined;
}

/** Formats `messages[path]` (ICU, next-intl) with params; undefined when missing or when it cannot be formatted. */
function render(messages: Tree, locale: string, path: string, params: Params): string | undefined {
  let failed = false;
  const t = createTranslator({
    locale,
    messages,
    onError: () => {
      failed = true;
    },
  }) as unknown as {
    (key: string, values: Params): string;
    has(key: string): boolean;
  };
  if (!t.has(path)) return undefined;
  const out = t(path, params);
  return failed ? undefined : out;
}

/**
 * The failure with its message (and parse-error details) in `locale`, from a message catalogue
 * as loaded by lib/i18n/messages `loadMessages(locale)`. Pure; never throws.
 */
export function localizeFailure(error: ActionFailure, messages: Tree, locale: string): ActionFailure {
  if (error.code === "INVALID") return error;
  const details = error.details?.map((d) => {
    if (!d.code) return d;
    // decks.parse templates are `{name}` fill-ins with literal quotes ('{text}'), not ICU (where
    // '{text}' would be an escaped literal): render them the way lib/decks does.
    const template = lookup(messages, `decks.parse.${d.code}`);
    // Counts and limits (MORE's count, a cap's max) in the locale's digits; ids and rows as they are.
    const params = { line: d.line ?? "", ...(d.params ?? {}) } as Params;
    for (const k of ["count", "max"])
      if (typeof params[k] === "number") params[k] = new Intl.NumberFormat(locale).format(params[k] as number);
    const text = template === undefined ? undefined : fillTemplate(template, params);
    return text === undefined ? d : { ...d, message: text };
  });
  let params: Params = error.params ?? {};
  // Times (issue #16): a refusal naming a moment passes it as epoch ms with the event's `timeZone`;
  // it is shown in the user's language, in that time zone (e.g. the decklist deadline).
  if (typeof params.timeZone === "string") {
    const fmt = new Intl.DateTimeFormat(locale, { timeZone: params.timeZone, dateStyle: "medium", timeStyle: "short" });
    params = { ...params };
    for (const k of TIME_PARAMS) if (typeof params[k] === "number") params[k] = fmt.format(params[k] as number);
  }
  if (typeof params.step === "string") {
    const instruction = render(messages, locale, `formats.${params.step}`, params);
    if (instruction === undefined) return { ...error, ...(details ? { details } : {}) };
    params = { ...params, instruction };
  }
  const own =
    render(messages, locale, `actionErrors.${error.code}`, params) ??
    render(messages, locale, `formats.errors.${error.code}`, params) ??
    // Issue #14 lifecycle refusals (lib/pairing/lifecycle finishRule, reopenRule) live in floor.refusals.
    render(messages, locale, `floor.refusals.${error.code}`, params);
  // A parse error's own line-level sentence is more precise than the code's general one.
  const fromDetail =
    error.details?.[0]?.code && details?.[0] && error.message === error.details[0].message ? details[0].message : undefined;
  return { ...error, message: fromDetail ?? own ?? error.message, ...(details ? { details } : {}) };
}

/** {@link localizeFailure} for an action result (successes pass through unchanged). */
export function localizeResult<T>(res: ActionResult<T>, messages: Tree, locale: string): ActionResult<T> {
  return res.ok ? res : { ok: false, error: localizeFailure(res.error, messages, locale) };
}
