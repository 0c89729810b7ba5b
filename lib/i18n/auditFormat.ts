/**
 * The audit page's values in the organizer's language. Pure: works with
 * any translator `t(path, params)` over the WHOLE message tree plus `t.has(path)` (next-intl
 * `getTranslations()` without a namespace, or `createTranslator` in tests).
 *
 * - Keys: `audit.keys.<key>` (tests/i18n/audit-labels fails when an audited key has no label).
 * - Values of known code families ({@link AUDIT_VALUE_FAMILIES}) reuse the messages the rest of the
 *   app shows for them: a penalty kind → `reporting.penalties.kind.*`, an end reason →
 *   `formats.reasons.*`, a penalty's effect on the match ("match final") →
 *   `reporting.penalties.matchEffect.match_final`, …; yes/no and status codes → `audit.values.*`.
 * - Nested objects read "Label: value, Label: value" (internal ids left out); arrays of objects are joined with "; ";
 *   the same rules apply inside (a pending penalty's kind is translated too). Never raw JSON.
 * Anything without a message keeps its raw text; free text inside a list or object is isolated
 * (lib/i18n/bidi `isolate`) so names keep their order next to each other.
 */
import { isolate } from "@/lib/i18n/bidi";

/** A next-intl translator over the whole message tree. */
export interface RootT {
  (key: string, values?: Record<string, string | number>): string;
  has(key: string): boolean;
}

/**
 * Audited keys whose string values are codes, and the message prefix that names each code
 * (`<prefix>.<code>`, or the prefix with `{}` replaced by the code; for matchEffect the code's
 * spaces become "_": "match final" → match_final).
 */
export const AUDIT_VALUE_FAMILIES: Record<string, string> = {
  penalty: "reporting.penalties.kind",
  consequence: "reporting.penalties.effect",
  matchEffect: "reporting.penalties.matchEffect",
  endReason: "formats.reasons",
  outcome: "audit.values",
  status: "audit.values",
  teamStatus: "audit.values",
  entryPolicy: "audit.values",
  role: "audit.values",
  kind: "audit.values",
  state: "audit.values",
  result: "audit.values.result",
  action: "audit.values.timer",
  reason: "live.extend.reasons",
  formatPreset: "presets.{}.name",
  // End-of-match wizard rows (eomp.begin/step): the procedure's step, the step recorded, the phase.
  mode: "audit.values.mode",
  type: "audit.values.step",
  phase: "live.eomp.phases",
  // Event settings (event.update): the choice values as the settings form names them.
  eomp: "settings.eompValues",
  listScope: "audit.values.listScope",
  decklistChanges: "audit.values.decklistChanges",
  teamCopyRule: "operations.settingsForm.teamCopyValues",
  independentTimeRule: "operations.settingsForm.independentValues",
  // A penalty's rule basis (lib/formats/penalties ruleKey), in words instead of a section number.
  rule: "reporting.penalties.ruleBasis",
  // Issue #16 venue rows: how a duelist checked in, when a self-drop takes effect.
  checkInVia: "venue.auditValues.checkInVia",
  dropEffect: "venue.auditValues.dropEffect",
};

/** The message path naming `value` of audited `key`, or undefined when `key` holds no codes. */
export function auditValuePath(key: string, value: string): string | undefined {
  const prefix = AUDIT_VALUE_FAMILIES[key];
  if (!prefix) return undefined;
  const code = value.replace(/[\s-]+/g, "_");
  return prefix.includes("{}") ? prefix.replace("{}", code) : `${prefix}.${code}`;
}

/** The label of an audited key (`audit.keys.<key>`, worded by the event's game), else the key itself. */
export function auditKeyLabel(t: RootT, key: string, ctx: AuditContext = {}): string {
  return t.has(`audit.keys.${key}`) ? t(`audit.keys.${key}`, { game: ctx.game ?? "YGO" }) : key;
}

/** An ISO 8601 instant as the server stores it (Date.toISOString): 2026-11-29T20:46:30.413Z. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** The organizer-facing word for an audit entity type ("Round" → "Rodada"), else the type itself. */
export function auditEntityLabel(t: RootT, entity: string, ctx: AuditContext = {}): string {
  return t.has(`audit.entities.${entity}`) ? t(`audit.entities.${entity}`, { game: ctx.game ?? "YGO" }) : entity;
}

/**
 * What the event adds to every value's message: `game` words reasons and phases (Magic: life,
 * Yu-Gi-Oh!: LP) — messages such as formats.reasons.LP_ZERO need it, or the raw template shows.
 */
export interface AuditContext {
  game?: "YGO" | "MTG";
}

/**
 * One audited value as text: null/undefined → "—"; booleans → yes/no; a code of a known family →
 * its message; an ISO 8601 instant → `formatDate(date)` when given; numbers and other strings as
 * they are; objects and arrays → readable nested text.
 */
export function renderAuditValue(
  t: RootT,
  key: string,
  value: unknown,
  nested = false,
  formatDate?: (d: Date) => string,
  ctx: AuditContext = {},
): string {
  if (value === null || value === undefined) return "—";
  if (typeof value === "boolean") return t.has(`audit.values.${value}`) ? t(`audit.values.${value}`) : String(value);
  if (typeof value === "string") {
    // A stored instant (ISO 8601, e.g. reportedAt) reads in the page's locale and the event's time zone.
    if (formatDate && ISO_INSTANT.test(value)) return formatDate(new Date(value));
    const path = auditValuePath(key, value);
    if (path && t.has(path)) return t(path, { game: ctx.game ?? "YGO" });
    // Inside a list or object a free text (a team or duelist name) is isolated, so two Hebrew
    // names joined by ", " keep their order for a left-to-right reader.
    return nested ? isolate(value) : value;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return "—";
    const sep = value.some((v) => v && typeof v === "object") ? "; " : ", ";
    return value.map((v) => renderAuditValue(t, key, v, true, formatDate, ctx)).join(sep);
  }
  if (typeof value === "object") {
    // Inside a nested object, internal ids (matchId, penaltyId, …) are left out: they mean nothing to a reader.
    const entries = Object.entries(value as Record<string, unknown>).filter(([k, v]) => v !== null && v !== undefined && !/Id$/.test(k));
    if (entries.length === 0) return "—";
    return entries.map(([k, v]) => `${auditKeyLabel(t, k, ctx)}: ${renderAuditValue(t, k, v, true, formatDate, ctx)}`).join(", ");
  }
  return String(value);
}
