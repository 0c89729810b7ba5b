/**
 * Before pairing a Swiss round (issue #13 item 9): what the organizer should know — decklists
 * that are missing or illegal, teams not checked in. Pure: counts come from plain values.
 *
 * Warnings never block pairing unless the event setting `requireLegalDecklists` ("block pairing
 * on decklist problems", default off, lib/formats/presets BASE_SETTINGS) is on; then missing or
 * illegal decklists block (RULES.md §2.6 / §5.2 MTR 2.7: lists are due before round 1; whether a
 * problem stops the event is the organizer's call). Teams not checked in never block: pairing
 * drops them as no-shows (lib/server/operations pairingInput).
 */

/** One team that would be paired: its check-in flag and each duelist's decklist state. */
export interface ReadinessTeam {
  id: string;
  checkedIn: boolean;
  decklists: readonly ("legal" | "illegal" | "missing")[];
}

export interface PairingReadiness {
  /** Duelists whose decklist is illegal / missing (a team of two can count twice). */
  illegalDecklists: number;
  missingDecklists: number;
  /** Teams not checked in (counted only while check-in is open; they would be dropped as no-shows). */
  notCheckedIn: number;
  /** Team ids per problem, in input order. */
  teams: { illegal: string[]; missing: string[]; notCheckedIn: string[] };
  /** True when the event setting makes decklist problems block pairing and there is one. */
  blocks: boolean;
  /** True when there is anything to tell. */
  any: boolean;
}

/**
 * The readiness of the teams about to be paired. `checkInOpen`: check-in is running (only then is
 * `checkedIn: false` a no-show). `blockOnDecklists`: the event setting requireLegalDecklists.
 */
export function pairingReadiness(
  teams: readonly ReadinessTeam[],
  opts: { checkInOpen: boolean; blockOnDecklists: boolean },
): PairingReadiness {
  const out = { illegal: [] as string[], missing: [] as string[], notCheckedIn: [] as string[] };
  let illegal = 0,
    missing = 0;
  for (const t of teams) {
    const i = t.decklists.filter((d) => d === "illegal").length;
    const m = t.decklists.filter((d) => d === "missing").length;
    illegal += i;
    missing += m;
    if (i) out.illegal.push(t.id);
    if (m) out.missing.push(t.id);
    if (opts.checkInOpen && !t.checkedIn) out.notCheckedIn.push(t.id);
  }
  const decklistProblems = illegal + missing > 0;
  return {
    illegalDecklists: illegal,
    missingDecklists: missing,
    notCheckedIn: out.notCheckedIn.length,
    teams: out,
    blocks: opts.blockOnDecklists && decklistProblems,
    any: decklistProblems || out.notCheckedIn.length > 0,
  };
}
