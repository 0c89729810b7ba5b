/**
 * Read models for paper and exports (issue #5): pairings by duelist last name, standings rows
 * with public fields only (CSV export and printable standings). Server-only; never includes
 * player IDs, claim codes or decklists.
 */
import { db } from "@/lib/db";
import type { RoundView } from "@/lib/server/read/pairings";
import { standingsView } from "@/lib/server/read/standings";
import { eventPlacings } from "@/lib/server/read/placings";

/** "Ada Lovelace" → { last: "Lovelace", first: "Ada" }; a single word is the last name. */
export function splitName(name: string): { last: string; first: string } {
  const parts = name.trim().split(/\s+/);
  const last = parts.pop() ?? "";
  return { last, first: parts.join(" ") };
}

export interface NameRow {
  last: string;
  first: string;
  designation: "A" | "B";
  team: string;
  /** 0 = bye */
  table: number;
  bye: boolean;
  opponent: string | null;
}

/** Every duelist of a round's pairings, sorted by last name, then first name, then team (locale-aware). */
export function pairingsByName(round: RoundView, locale = "en"): NameRow[] {
  const rows: NameRow[] = [];
  for (const m of round.matches) {
    const bye = m.teams.length === 1;
    for (const s of m.teams) {
      const opp = m.teams.find((o) => o.slot !== s.slot);
      for (const d of s.team.duelists) {
        rows.push({
          ...splitName(d.name),
          designation: d.designation,
          team: s.team.name,
          table: bye ? 0 : m.table,
          bye,
          opponent: opp?.team.name ?? null,
        });
      }
    }
  }
  const c = new Intl.Collator(locale, { sensitivity: "base" });
  return rows.sort((a, b) => c.compare(a.last, b.last) || c.compare(a.first, b.first) || c.compare(a.team, b.team));
}

export interface StandingRow {
  /** Final place (lib/standings finalPlacings) once the event is finished; null before, and for a disqualified team. */
  place: number | null;
  rank: number;
  team: string;
  duelistA: string;
  duelistB: string;
  points: number;
  wins: number;
  losses: number;
  draws: number;
  byes: number;
  /** 0..1 */
  mwp: number;
  omwp: number;
  oomwp: number;
  gwp: number;
  ogwp: number;
  kts: string;
  dropped: boolean;
  /** Late entry: first round played and how missed rounds count (PS09), else null. */
  lateEntry: { round: number; policy: "losses" | "byes" } | null;
}

/**
 * Official standings (closed rounds; frozen once a top cut starts) as public rows. Once the event is
 * finished (`final` true) the rows are in final-placing order with `place` set (eventPlacings, issue #14).
 */
export async function standingRows(eventId: string): Promise<{ rows: StandingRow[]; throughRound: number; final: boolean }> {
  const { standings: swiss, throughRound, teams } = await standingsView(eventId);
  const placed = await eventPlacings(eventId, undefined, { standings: swiss });
  const final = placed.status === "FINISHED" && placed.placings !== null;
  const byTeam = new Map(swiss.map((s) => [s.teamId, s]));
  const standings = final ? placed.placings!.map((p) => byTeam.get(p.teamId)).filter((s) => s !== undefined) : swiss;
  const rows = standings.map((s) => {
    const t = teams.get(s.teamId);
    return {
      place: final ? (placed.byTeam.get(s.teamId)?.place ?? null) : null,
      rank: s.rank,
      team: t?.name ?? "?",
      duelistA: t?.duelists.find((d) => d.designation === "A")?.name ?? "",
      duelistB: t?.duelists.find((d) => d.designation === "B")?.name ?? "",
      points: s.points,
      wins: s.wins,
      losses: s.losses,
      draws: s.draws,
      byes: s.byes,
      mwp: s.mwp,
      omwp: s.omwp,
      oomwp: s.oomwp,
      gwp: s.gwp,
      ogwp: s.ogwp,
      kts: s.kts,
      dropped: s.dropped,
      lateEntry: t?.entryRound ? { round: t.entryRound, policy: t.entryPolicy ?? "losses" } : null,
    };
  });
  return { rows, throughRound, final };
}

/** What the standings CSV repeats of its event (name, preset, day, venue), or null for an unknown id. */
export async function standingsCsvEvent(eventId: string) {
  return db().event.findUnique({ where: { id: eventId }, select: { name: true, formatPreset: true, startsOn: true, location: true } });
}
