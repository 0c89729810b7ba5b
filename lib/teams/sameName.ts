/**
 * Same-name duelists across teams (issue #13 item 6). Pure: no storage.
 *
 * Two registrations with the same duelist name are probably one person on two teams — unless their
 * Player IDs tell them apart. A clash therefore needs the judge's confirmation ("a different
 * person") when the names match (same key as team names: lib/teams {@link teamNameKey}) and NOT
 * both sides carry a Player ID. Two different IDs = two people, no warning; the same ID is refused
 * elsewhere (one player per event, unique index).
 */
import { teamNameKey } from "./index";

export interface DuelistLike {
  name: string;
  playerId: string | null;
}

/** An existing duelist of another team whose name matches. */
export interface NameClash {
  name: string;
  team: string;
}

/**
 * The existing duelists (other teams only — the caller leaves the edited team out) that `candidate`
 * could be the same person as: same name key and no pair of Player IDs telling them apart.
 * Shape: `existing` rows carry the team's name for the message; result in input order.
 */
export function sameNameClashes(candidate: DuelistLike, existing: readonly (DuelistLike & { team: string })[]): NameClash[] {
  const key = teamNameKey(candidate.name);
  return existing
    .filter((d) => teamNameKey(d.name) === key && !(candidate.playerId && d.playerId && candidate.playerId !== d.playerId))
    .map((d) => ({ name: d.name, team: d.team }));
}
