/**
 * The one way a client form turns an action failure into text:
 * INVALID details are rendered from `common.errors.<code>` with the field's VISIBLE label in the
 * page's language ("Nova senha: pelo menos 8 caracteres."), never the English fallback with the
 * raw input path ("password: needs at least 8 characters"). Other codes arrive already localized
 * (lib/server/action/run.ts → lib/i18n/actionErrors) and are shown as they come.
 *
 * Used by ActionForm (with the form, so labels come from the DOM), ConfirmButton and the small
 * one-button tools (without a form: a detail then names its field by `fallbackLabel` or the path).
 * Pure except for DOM reads; no React.
 */
import type { ActionFailure } from "@/lib/errors";

type Detail = NonNullable<ActionFailure["details"]>[number];
/** next-intl translator of the "common" namespace (only `has` and the call are used). */
export interface CommonT {
  (key: string, values?: Record<string, string | number>): string;
  has(key: string): boolean;
}

/**
 * The form control a detail's `field` path refers to: the control with that exact name, else the
 * first control whose name starts with `field.` — zod reports a nested object that is missing as a
 * whole (`a` when both `a.name` and `a.playerId` were left empty, so ActionForm sent no `a`), and
 * the user must see the first input of that group.
 */
export function controlFor(form: HTMLFormElement, field: string): HTMLElement | null {
  const exact = form.querySelector<HTMLElement>(`[name="${CSS.escape(field)}"]`);
  if (exact) return exact;
  return Array.from(form.querySelectorAll<HTMLElement>("[name]")).find((el) => el.getAttribute("name")!.startsWith(`${field}.`)) ?? null;
}

/** The visible label of the form control for `field` (without the "required" asterisk), or null. */
export function labelOf(form: HTMLFormElement, field: string): string | null {
  const el = controlFor(form, field);
  if (!el) return null;
  if (
    el instanceof HTMLInputElement &&
    (el.type === "radio" || el.type === "checkbox") &&
    el.closest("fieldset")?.querySelector("legend")
  ) {
    return el.closest("fieldset")!.querySelector("legend")!.textContent?.trim() || null;
  }
  const byFor = el.id ? form.querySelector(`label[for="${CSS.escape(el.id)}"]`) : null;
  const label = byFor ?? el.closest("label") ?? el.closest("fieldset")?.querySelector("legend") ?? null;
  const text = label?.textContent?.replace(/\*\s*$/, "").trim();
  return text || el.getAttribute("aria-label");
}

/**
 * A label as it goes before ": <problem>" — without a trailing "?", ":" or "*" (a question-style
 * legend such as "Which team went first?" would otherwise read "Which team went first?: …").
 * Works for every locale (also the full-width "？" and "：").
 */
export function labelForMessage(label: string): string {
  return label.replace(/[\s?？:：*]+$/u, "").trim() || label.trim();
}

/**
 * One INVALID detail as a sentence in the page's language: `common.errors.<code>` with
 * {label, min, max, rule, …params}. `label` = the field's visible label (null → the field path).
 * Details of other codes, or codes without a message, keep their (already localized) message.
 */
export function detailText(
  t: CommonT,
  failureCode: string,
  d: Pick<Detail, "field" | "code" | "message" | "params">,
  label: string | null,
): string {
  if (failureCode !== "INVALID" || !d.code || !t.has(`errors.${d.code}`)) return d.message;
  const name = labelForMessage(label || d.field || "");
  return t(`errors.${d.code}`, { rule: "", min: "", max: "", ...(d.params ?? {}), label: name });
}

/**
 * The failure as {message, details} for display: the first detail becomes the headline, up to 19
 * more are listed. `labelFor(field)` returns a field's visible label (null when unknown).
 */
export function failureText(
  t: CommonT,
  error: ActionFailure,
  labelFor: (field: string) => string | null = () => null,
): { message: string; details: string[] } {
  const details = error.details ?? [];
  const say = (d: Detail) => detailText(t, error.code, d, d.field ? labelFor(d.field) : null);
  if (!details.length) return { message: error.message, details: [] };
  return { message: say(details[0]), details: details.slice(1, 20).map(say) };
}

/** Marks the control of every refused field (aria-invalid, outlined by globals.css); clears old marks first. */
export function markInvalid(form: HTMLFormElement, error: ActionFailure | null): void {
  for (const el of Array.from(form.querySelectorAll("[aria-invalid=true]"))) el.removeAttribute("aria-invalid");
  if (!error) return;
  const fields = error.details?.length ? error.details.map((d) => d.field) : [error.field];
  for (const f of fields) {
    const el = f ? controlFor(form, f) : null;
    if (!el) continue;
    // A radio group is outlined as a whole (every option), not just its first option.
    const group =
      el instanceof HTMLInputElement && el.type === "radio"
        ? Array.from(form.querySelectorAll(`input[type=radio][name="${CSS.escape(el.name)}"]`))
        : [el];
    for (const x of group) x.setAttribute("aria-invalid", "true");
  }
}
