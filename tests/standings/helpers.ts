import path from "node:path";
import { readFileSync, readdirSync } from "node:fs";
import type { RoundRecord, MatchRecord } from "@/lib/standings";

/** ../shared/data resolved once, relative to this file. */
export const SHARED_DATA = path.resolve(import.meta.dirname, "../../../shared/data");
export const EVENTS_DIR = path.join(SHARED_DATA, "events");

export interface MeleeEvent {
  file: string;
  rounds: RoundRecord[];
  players: string[];
  standings: { Rank: number; Player: string; Points: number; OMWP: number; GWP: number; OGWP: number }[];
}

/** Load a melee.gg event; rounds loaded directly as results ("-" = bye; Result "W-L-D" games). */
export function loadMeleeEvent(file: string): MeleeEvent {
  const d = JSON.parse(readFileSync(path.join(EVENTS_DIR, file), "utf8"));
  const players = new Set<string>();
  const rounds: RoundRecord[] = d.Rounds.map(
    (r: { RoundName: string; Matches: { Player1: string; Player2: string; Result: string }[] }, i: number) => ({
      number: i + 1,
      matches: r.Matches.map((m): MatchRecord => {
        const [w, l, dr] = m.Result.split("-").map(Number);
        players.add(m.Player1);
        if (m.Player2 === "-") return { team1: m.Player1, team2: null, result: "bye", games: { team1: w, team2: l, draws: dr } };
        players.add(m.Player2);
        return {
          team1: m.Player1,
          team2: m.Player2,
          result: w > l ? "team1" : l > w ? "team2" : "draw",
          games: { team1: w, team2: l, draws: dr },
        };
      }),
    }),
  );
  return { file, rounds, players: [...players], standings: d.Standings };
}

export function eventFiles(): string[] {
  return readdirSync(EVENTS_DIR)
    .filter((f) => f.endsWith(".json"))
    .sort();
}
