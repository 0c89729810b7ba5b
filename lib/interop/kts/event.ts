/**
 * A KTS `.Tournament` (lib/interop/kts) ⇄ a Tandem event as plain values (issue #17). Pure.
 *
 * Reading ({@link ktsEventPlan}):
 * - every player TeamPosition 0 → a KONAMI_STANDARD_1V1 event, one entrant per player (the team is
 *   named after the player); TeamPosition 1 / 2 → a KONAMI_TAG_2019 event, a TeamPosition 1 player
 *   (duelist A) followed in the file by a TeamPosition 2 player (duelist B) forms one team, named by
 *   the players' `Notes` when given (Tandem writes the team name there), else "A name & B name";
 * - `TournMatch` (Tag: either duelist's ID names the team): two players + Draw → a draw; Winner =
 *   a player → a win; Winner 0 → a double loss; opponent 0 + Winner = the player → a bye; opponent
 *   0 + Winner 0 → an unopposed loss (RULES §6.1), which Tandem stores as a late entry's missed round
 *   (entryRound, policy "losses", RULES §2.3 PS09) — so only rounds 1…k−1 before the first played one;
 * - rounds ≥ `PlayoffRound` (when > 0) are top-cut rounds; the cut size is twice the first cut
 *   round's matches; `DropReason` Drop → the team dropped after `DropRound` (the last round played);
 * - `Rank` and `Points` are kept per player to compare with Tandem's placings and KTS numbers.
 * Writing ({@link ktsFromEvent}) is the inverse: Tag events write one TournPlayer per duelist
 * (TeamPosition 1 = A, 2 = B, `Notes` = team name) and name a team in matches by duelist A's ID.
 * Names follow the forms' rules (issue #17): `<Name>` as an event name (2–120 characters), player
 * names as duelist names (1–80); refused characters or a longer name are refused, never cut.
 * Errors: {@link KtsFileError} naming the player ID / round / table (or Tournament/Name) and the reason.
 */
import { checkField, EVENT_NAME, nameText, PERSON_NAME } from "../../fields";
import { nameProblem, normalizeTeamName } from "../../teams";
import { joinName, KtsFileError, splitName, type KtsDropReason, type KtsMatch, type KtsPlayer, type KtsTournament } from "./index";

const personName = nameText(PERSON_NAME);
const eventName = nameText(EVENT_NAME);

/**
 * A player's display name under the registration form's rules (lib/fields PERSON_NAME: NFC,
 * spaces collapsed, 1–80 characters, no NUL / lone surrogate / bidi control). Issue #17: a longer
 * name is refused like on the form, not cut. @throws KtsFileError naming the player
 */
function playerName(p: KtsPlayer): string {
  const r = checkField(personName, joinName(p));
  if (!r.ok) throw new KtsFileError(`Player ${p.id}: the name ${r.reason}`);
  return r.value;
}

/**
 * The event's name from `<Name>` under the create-event form's rules (lib/fields EVENT_NAME:
 * 2–120 characters once normalized, refused characters); an empty `<Name>` is "KTS event".
 * Issue #17: a longer name is refused, not cut. @throws KtsFileError naming Tournament/Name
 */
function tournamentName(t: KtsTournament): string {
  if (!t.name.trim()) return "KTS event";
  const r = checkField(eventName, t.name);
  if (!r.ok) throw new KtsFileError(`Tournament/Name: the event name ${r.reason}`);
  return r.value;
}

export type KtsPresetId = "KONAMI_STANDARD_1V1" | "KONAMI_TAG_2019";

export interface PlanDuelist {
  designation: "A" | "B";
  name: string;
  /** The KTS player ID as written in TournamentPlayers. */
  playerId: string;
  /** `Rank` and `Points` as stored in the file. */
  fileRank: number;
  filePoints: number;
}

export interface PlanTeam {
  /** Duelist A's player ID (the team's key in the plan's matches). */
  key: string;
  name: string;
  duelists: PlanDuelist[];
  /** Dropped after round `droppedAfter` (DropReason Drop). */
  droppedAfter: number | null;
  /** First round played after unopposed losses in rounds 1…entryRound−1; null = none. */
  entryRound: number | null;
}

export interface PlanMatch {
  table: number;
  team1: string;
  team2: string | null;
  outcome: "WIN" | "DRAW" | "DOUBLE_LOSS" | "BYE";
  winnerSlot: 1 | 2 | null;
}

export interface PlanRound {
  number: number;
  kind: "SWISS" | "TOP_CUT";
  matches: PlanMatch[];
}

export interface EventPlan {
  name: string;
  /** YYYY-MM-DD or null. */
  startsOn: string | null;
  preset: KtsPresetId;
  finalized: boolean;
  teams: PlanTeam[];
  rounds: PlanRound[];
  swissRounds: number;
  /** Top-cut size (0 = none). */
  topCut: number;
}

function groupTeams(t: KtsTournament): { preset: KtsPresetId; teams: PlanTeam[]; teamOf: Map<string, string> } {
  const positions = new Set(t.players.map((p) => p.teamPosition));
  if (t.players.length === 0) throw new KtsFileError("TournamentPlayers lists no player.");
  const dupe = (p: KtsPlayer) => ({
    designation: "A" as const,
    name: playerName(p),
    playerId: p.id,
    fileRank: p.rank,
    filePoints: p.points,
  });
  const teamOf = new Map<string, string>();
  const drop = (ps: KtsPlayer[]) => {
    const d = ps.find((p) => p.dropReason === "Drop");
    return d ? d.dropRound : null;
  };
  if (positions.size === 1 && positions.has(0)) {
    const teams = t.players.map((p) => {
      teamOf.set(p.id, p.id);
      return { key: p.id, name: playerName(p), duelists: [dupe(p)], droppedAfter: drop([p]), entryRound: null };
    });
    return { preset: "KONAMI_STANDARD_1V1", teams, teamOf };
  }
  const solo = t.players.find((p) => p.teamPosition === 0);
  if (solo) throw new KtsFileError(`Player ${solo.id} has TeamPosition 0 but others have 1 or 2: a file is either all 1v1 or all Tag.`);
  const teams: PlanTeam[] = [];
  for (let i = 0; i < t.players.length; i += 2) {
    const a = t.players[i],
      b = t.players[i + 1];
    if (a.teamPosition !== 1) throw new KtsFileError(`Player ${a.id}: a Tag team starts with its TeamPosition 1 player (duelist A).`);
    if (!b || b.teamPosition !== 2)
      throw new KtsFileError(`Player ${a.id}: duelist A must be followed by the team's TeamPosition 2 player.`);
    const notes = normalizeTeamName(a.notes || b.notes);
    const name = notes && !nameProblem(notes) ? notes.slice(0, 80) : `${playerName(a)} & ${playerName(b)}`.slice(0, 80);
    teamOf.set(a.id, a.id);
    teamOf.set(b.id, a.id);
    teams.push({ key: a.id, name, duelists: [dupe(a), { ...dupe(b), designation: "B" }], droppedAfter: drop([a, b]), entryRound: null });
  }
  return { preset: "KONAMI_TAG_2019", teams, teamOf };
}

/** The Tandem event a parsed `.Tournament` describes (see the module docstring). @throws KtsFileError */
export function ktsEventPlan(t: KtsTournament): EventPlan {
  const name = tournamentName(t);
  const { preset, teams, teamOf } = groupTeams(t);
  const byKey = new Map(teams.map((x) => [x.key, x]));
  const roundNumbers = [...new Set(t.matches.map((m) => m.round))].sort((a, b) => a - b);
  const unopposedLosses = new Map<string, number[]>();
  const rounds: PlanRound[] = [];
  for (const number of roundNumbers) {
    const kind = t.playoffRound > 0 && number >= t.playoffRound ? "TOP_CUT" : "SWISS";
    const seen = new Set<string>();
    const tables = new Set<number>();
    let byeTable = 0;
    const matches: PlanMatch[] = [];
    for (const m of t.matches.filter((x) => x.round === number)) {
      const where = `Round ${number}, table ${m.table}`;
      const team1 = teamOf.get(m.player1)!;
      const team2 = m.player2 === null ? null : teamOf.get(m.player2)!;
      if (team1 === team2) throw new KtsFileError(`${where}: both players are on one team`);
      for (const team of [team1, team2]) {
        if (team === null) continue;
        if (seen.has(team)) throw new KtsFileError(`${where}: player ${team} plays twice in round ${number}`);
        seen.add(team);
      }
      if (team2 === null && m.winner === null) {
        if (kind === "TOP_CUT") throw new KtsFileError(`${where}: an unopposed loss in a top-cut round`);
        unopposedLosses.set(team1, [...(unopposedLosses.get(team1) ?? []), number]);
        continue;
      }
      const winnerTeam = m.winner === null ? null : teamOf.get(m.winner)!;
      let pm: PlanMatch;
      if (team2 === null) pm = { table: byeTable--, team1, team2, outcome: "BYE", winnerSlot: null };
      else {
        if (tables.has(m.table)) throw new KtsFileError(`${where}: table ${m.table} is used twice in round ${number}`);
        if (m.table < 1) throw new KtsFileError(`${where}: a match between two players needs a table number of 1 or more`);
        tables.add(m.table);
        const outcome = m.status === "Draw" ? "DRAW" : winnerTeam === null ? "DOUBLE_LOSS" : "WIN";
        if (kind === "TOP_CUT" && outcome !== "WIN") throw new KtsFileError(`${where}: a top-cut match needs a winner (RULES §1.8)`);
        pm = { table: m.table, team1, team2, outcome, winnerSlot: outcome === "WIN" ? (winnerTeam === team1 ? 1 : 2) : null };
      }
      matches.push(pm);
    }
    rounds.push({ number, kind, matches: matches.sort((a, b) => tableOrder(a.table) - tableOrder(b.table)) });
  }
  for (const [team, lost] of unopposedLosses) {
    const ok = lost.every((r, i) => r === roundNumbers[i]);
    if (!ok)
      throw new KtsFileError(
        `Player ${team}: an unopposed loss in round ${lost.find((r, i) => r !== roundNumbers[i])} after a played round; Tandem ` +
          `records unopposed losses only for a late entry's missed first rounds.`,
      );
    byKey.get(team)!.entryRound = lost.length + 1;
  }
  const swiss = rounds.filter((r) => r.kind === "SWISS");
  const firstCut = rounds.find((r) => r.kind === "TOP_CUT");
  swiss.forEach((r, i) => {
    if (r.number !== i + 1) throw new KtsFileError(`Round ${i + 1} has no match: Swiss rounds must be numbered 1, 2, 3 …`);
  });
  return {
    name,
    startsOn: t.date || null,
    preset,
    finalized: t.finalized,
    teams,
    rounds,
    swissRounds: swiss.length,
    topCut: firstCut ? firstCut.matches.length * 2 : 0,
  };
}

/** Tables in Tandem's order: 1, 2, 3 … then the round's byes 0, −1, −2 … */
const tableOrder = (table: number) => (table > 0 ? table : 1e9 - table);

/** A stored event as {@link ktsFromEvent} reads it (plain values loaded by lib/server/interop/kts.ts). */
export interface EventForKts {
  name: string;
  startsOn: string | null;
  finished: boolean;
  /** teamSize 1 presets write TeamPosition 0 and only duelist A. */
  teamSize: 1 | 2;
  teams: {
    id: string;
    name: string;
    duelists: { designation: "A" | "B"; name: string; playerId: string | null }[];
    dropped: boolean;
    entryRound: number | null;
    entryPolicy: "losses" | "byes";
    /** Final place (eventPlacings), null = none. */
    place: number | null;
    /** Swiss match points and the KTS number (computeStandings `points`, `kts`). */
    points: number;
    kts: string;
  }[];
  rounds: {
    number: number;
    kind: "SWISS" | "TOP_CUT";
    matches: {
      table: number;
      team1: string;
      team2: string | null;
      outcome: "WIN" | "DRAW" | "DOUBLE_LOSS" | "BYE" | null;
      winnerSlot: number | null;
    }[];
  }[];
}

/**
 * The `.Tournament` of a stored event (the inverse of {@link ktsEventPlan}). A duelist without a
 * digits-only Player ID gets a temporary one, 9999000001, 9999000002 … in team order (the temporary
 * COSSY ID convention); pending matches are left out; a late entry's missed rounds are written as
 * unopposed losses (policy "losses") or byes.
 */
export function ktsFromEvent(e: EventForKts): KtsTournament {
  const used = new Set(e.teams.flatMap((t) => t.duelists.map((d) => d.playerId).filter((p): p is string => !!p && /^\d{1,20}$/.test(p))));
  let temp = 9_999_000_000;
  const idOf = new Map<string, string>();
  const duelistId = (teamId: string, d: { designation: string; playerId: string | null }) => {
    const k = `${teamId}:${d.designation}`;
    if (!idOf.has(k)) {
      let id = d.playerId && /^\d{1,20}$/.test(d.playerId) ? d.playerId : "";
      while (!id) {
        const c = String(++temp);
        if (!used.has(c)) id = c;
      }
      idOf.set(k, id);
    }
    return idOf.get(k)!;
  };
  const cutRounds = e.rounds.filter((r) => r.kind === "TOP_CUT");
  const inCut = new Set(cutRounds.flatMap((r) => r.matches.flatMap((m) => [m.team1, m.team2])));
  const lastPlayed = new Map<string, number>();
  for (const r of e.rounds)
    for (const m of r.matches)
      if (m.outcome !== null) for (const t of [m.team1, m.team2]) if (t) lastPlayed.set(t, Math.max(lastPlayed.get(t) ?? 0, r.number));
  const players: KtsPlayer[] = [];
  const teamKey = new Map<string, string>();
  for (const t of e.teams) {
    const duelists = [...t.duelists].sort((a, b) => a.designation.localeCompare(b.designation)).slice(0, e.teamSize);
    const dropReason: KtsDropReason = t.dropped ? "Drop" : cutRounds.length > 0 && !inCut.has(t.id) ? "PlayoffCut" : "Active";
    for (const d of duelists) {
      const id = duelistId(t.id, d);
      if (d.designation === "A") teamKey.set(t.id, id);
      players.push({
        id,
        ...splitName(d.name),
        teamPosition: e.teamSize === 1 ? 0 : d.designation === "A" ? 1 : 2,
        dropRound: lastPlayed.get(t.id) ?? 0,
        dropReason,
        rank: t.place ?? 0,
        wins: t.points,
        points: Number(t.kts),
        notes: e.teamSize === 1 ? "" : t.name,
      });
    }
  }
  const matches: KtsMatch[] = [];
  for (const r of e.rounds) {
    const present = new Set(r.matches.flatMap((m) => [m.team1, m.team2]));
    if (r.kind === "SWISS")
      for (const t of e.teams)
        if (t.entryRound !== null && r.number < t.entryRound && !present.has(t.id)) {
          const id = teamKey.get(t.id)!;
          const bye = t.entryPolicy === "byes";
          matches.push({
            player1: id,
            player2: null,
            round: r.number,
            status: "Winner",
            table: 0,
            winner: bye ? id : null,
            playoff: false,
          });
        }
    for (const m of r.matches) {
      if (m.outcome === null) continue;
      const p1 = teamKey.get(m.team1)!;
      const p2 = m.team2 ? teamKey.get(m.team2)! : null;
      const winner = m.outcome === "BYE" ? p1 : m.outcome === "WIN" ? (m.winnerSlot === 2 ? p2 : p1) : null;
      matches.push({
        player1: p1,
        player2: p2,
        round: r.number,
        status: m.outcome === "DRAW" ? "Draw" : "Winner",
        table: m.outcome === "BYE" ? 0 : m.table,
        winner,
        playoff: r.kind === "TOP_CUT",
      });
    }
  }
  return {
    name: e.name,
    id: "",
    date: e.startsOn ?? "",
    currentRound: e.rounds.at(-1)?.number ?? 0,
    playoffRound: cutRounds[0]?.number ?? 0,
    finalized: e.finished,
    players,
    matches,
  };
}
