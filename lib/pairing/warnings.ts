/**
 * Warnings about a manual pairing edit (issue #5/#6): the organizer may swap teams or give a bye
 * by hand, and the server reports what the edit runs into instead of refusing it. They are
 * structured values, not sentences: the UI renders them through next-intl
 * (messages `operations.warning.<code>`, ICU placeholders = the fields below), and the audit row
 * of the edit stores them as they are (`after.warnings`).
 *
 * Team names are the names at the time of the edit (the audit row is a historical record).
 */
export type ManualPairingWarning =
  /** The two teams already met in an earlier round of the event (round number, 1-based). */
  | { code: "REMATCH"; a: string; b: string; round: number }
  /** The two teams are on the event's keep-apart list (AvoidPair). */
  | { code: "KEEP_APART"; a: string; b: string }
  /** The team given a bye already had one in an earlier round. */
  | { code: "HAD_BYE"; team: string };

export type ManualPairingWarningCode = ManualPairingWarning["code"];

/**
 * Checks that a JSON value (e.g. read back from an audit row) is a ManualPairingWarning with the
 * fields its code needs. Older audit rows stored English sentences; those are not warnings.
 */
export function isManualPairingWarning(v: unknown): v is ManualPairingWarning {
  if (!v || typeof v !== "object") return false;
  const w = v as Record<string, unknown>;
  switch (w.code) {
    case "REMATCH":
      return typeof w.a === "string" && typeof w.b === "string" && typeof w.round === "number";
    case "KEEP_APART":
      return typeof w.a === "string" && typeof w.b === "string";
    case "HAD_BYE":
      return typeof w.team === "string";
    default:
      return false;
  }
}

/**
 * Renders a list of warnings (as stored or returned by an action) with a translator for the
 * `operations` namespace: each warning → `t("warning.<code>", fields)`; a legacy string is kept
 * as it is; anything else is skipped. Returns the sentences in order.
 */
export function renderManualPairingWarnings(
  t: (key: `warning.${ManualPairingWarningCode}`, values: Record<string, string | number>) => string,
  list: unknown,
): string[] {
  if (!Array.isArray(list)) return [];
  const out: string[] = [];
  for (const w of list) {
    if (typeof w === "string") out.push(w);
    else if (isManualPairingWarning(w)) {
      const { code, ...values } = w;
      out.push(t(`warning.${code}`, values));
    }
  }
  return out;
}
