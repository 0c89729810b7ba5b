/**
 * Typed pairing reasons (codes + params). English templates live in messages/en/pairing.json
 * under `pairing.<code>`; `renderReason` fills them for tests and logs.
 */
/** Every reason code (each has a template in messages/en/pairing.json). */
export const REASON_CODES = [
  "round1Random",
  "scoreGroup",
  "floatedDown",
  "floatedUp",
  "floatedAgain",
  "rematchAvoided",
  "rematchForced",
  "byeLowestRanked",
  "byeMovedUp",
  "byeSecond",
  "keptApart",
  "keepApartUnavoidable",
  "keepApartByeRank",
  "byeAwarded",
  "fixedTable",
] as const;

export type ReasonCode =
  | "round1Random" // round 1: seeded random pairing
  | "scoreGroup" // paired within the {points}-point group
  | "floatedDown" // {team} floated down from {from} to {to} points
  | "floatedUp" // {team} floated up from {from} to {to} points
  | "floatedAgain" // {team} floated {direction} in two rounds in a row (unavoidable)
  | "rematchAvoided" // rematch of {team} with {opponent} avoided
  | "rematchForced" // no rematch-free pairing existed: {team1} and {team2} meet again
  | "byeLowestRanked" // bye: {team} is the lowest-ranked team without a bye
  | "byeMovedUp" // bye moved up to {team}: giving it lower would force a rematch
  | "byeSecond" // every active team has had a bye; {team} receives bye number {count}
  | "keptApart" // {team1} and {team2} kept apart as the organizer asked
  | "keepApartUnavoidable" // {team1} and {team2} paired although marked: no pairing keeps the marked pairs apart without a(nother) rematch
  | "keepApartByeRank" // {team1} and {team2} paired although marked: keeping them apart would move the bye to a higher-ranked team
  | "byeAwarded" // {team} holds a bye for rounds 1–{rounds}, awarded before round 1 (RULES §2.3 bye holders)
  | "fixedTable"; // {team} has fixed table {table}

export interface PairingReason {
  code: ReasonCode;
  params: Record<string, string | number>;
}

/** Fill `{name}` placeholders of a template with params. */
export function renderReason(templates: Record<string, string>, r: PairingReason): string {
  const t = templates[r.code];
  if (t === undefined) throw new Error(`no template for pairing reason ${r.code}`);
  return t.replace(/\{(\w+)\}/g, (_, k: string) => (k in r.params ? String(r.params[k]) : `{${k}}`));
}
