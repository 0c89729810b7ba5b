/**
 * KONAMI Tournament Software (KTS 3.x) `.Tournament` files (issue #17): XML text ⇄ plain values.
 * Pure: no Next.js, no Prisma, no clock. The XML is read and written by fast-xml-parser.
 *
 * Shape read and written (element names as KTS writes them):
 * ```
 * <Tournament>
 *   <Name/> <ID/> <Date/> <CurrentRound/> <PlayoffRound/>            PlayoffRound = first top-cut round, 0 = none
 *   <Finalized/>                                                     True once the event is over
 *   <TournamentPlayers>
 *     <TournPlayer>
 *       <Player><ID/><FirstName/><LastName/><TeamPosition/></Player>  TeamPosition 0 = 1v1, 1 = duelist A, 2 = duelist B
 *       <DropRound/>      the last round the player played
 *       <DropReason/>     Drop | PlayoffCut (not in the cut) | Active
 *       <Rank/>           final placing (0 = none)
 *       <Wins/>           match points
 *       <Points/>         the tiebreak number XX YYY ZZZ as a plain integer (RULES §6.1)
 *       <Notes/>          Tag events: the team's name (Tandem writes it; read when present)
 *     </TournPlayer>
 *   </TournamentPlayers>
 *   <Matches>
 *     <TournMatch>
 *       <Player/><Player/>   player IDs; the second 0 = no opponent. IDs may lack the 10-digit ID's leading zeros.
 *       <Round/> <Status/>   Winner | Draw
 *       <Table/> <Winner/>   the winner's ID, 0 = none
 *       <PlayoffMatch/>      True | False
 *     </TournMatch>
 *   </Matches>
 * </Tournament>
 * ```
 * An opponent 0 with Winner = the player is a bye; with Winner 0 an unopposed loss (RULES §6.1). Two
 * players with Status Winner and Winner 0 is a double loss (Tandem's reading; KTS 3.0 has no such status).
 *
 * Limits (refused with the reason, {@link KtsFileError}): at most {@link KTS_MAX_BYTES} bytes and
 * {@link KTS_MAX_PLAYERS} players; a `<!DOCTYPE` or an `<!ENTITY` declaration anywhere is refused
 * before parsing (no external or recursive entities can be expanded). A UTF-8 BOM and CRLF line
 * ends are accepted.
 */
import { XMLBuilder, XMLParser, XMLValidator } from "fast-xml-parser";

/** 5 MB: the largest `.Tournament` file read (UTF-8 bytes). */
export const KTS_MAX_BYTES = 5 * 1024 * 1024;
/** The most TournPlayer elements a file may hold. */
export const KTS_MAX_PLAYERS = 10_000;

export type KtsDropReason = "Drop" | "PlayoffCut" | "Active";

/** One `TournPlayer` (a duelist in a Tag event). */
export interface KtsPlayer {
  /** `Player/ID` as written (leading zeros kept), digits only. */
  id: string;
  firstName: string;
  lastName: string;
  /** `Player/TeamPosition`: 0 = individual entrant, 1 = Tag duelist A, 2 = Tag duelist B. */
  teamPosition: 0 | 1 | 2;
  /** `DropRound`: the last round the player played (0 = none). */
  dropRound: number;
  dropReason: KtsDropReason;
  /** `Rank`: final placing, 1-based; 0 = no placing. */
  rank: number;
  /** `Wins`: match points. */
  wins: number;
  /** `Points`: the KTS tiebreak number (RULES §6.1), a non-negative integer. */
  points: number;
  /** `Notes`: free text; a Tag team's name when Tandem wrote the file. */
  notes: string;
}

/** One `TournMatch`; player references are resolved to {@link KtsPlayer.id} values. */
export interface KtsMatch {
  player1: string;
  /** null = `Player` 0 (no opponent). */
  player2: string | null;
  round: number;
  status: "Winner" | "Draw";
  table: number;
  /** null = `Winner` 0. */
  winner: string | null;
  playoff: boolean;
}

export interface KtsTournament {
  name: string;
  /** `ID`: the sanctioned event id (e.g. "X99-000001"), free text. */
  id: string;
  /** `Date` as an ISO day YYYY-MM-DD ("" when the file has none). */
  date: string;
  currentRound: number;
  /** First top-cut round, 0 = no cut. */
  playoffRound: number;
  /** `Finalized`: the event is over. */
  finalized: boolean;
  players: KtsPlayer[];
  matches: KtsMatch[];
}

/** A file refused: `message` says where (element and index) and why. */
export class KtsFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "KtsFileError";
  }
}

/**
 * True when the first characters look like a KTS `.Tournament` document (a `<Tournament` root near
 * the start, after an optional XML declaration, comments and DOCTYPE: a file with a DOCTYPE is a
 * .Tournament file to refuse with that reason, not some other format).
 */
export function looksLikeKts(head: string): boolean {
  const text = head.replace(/^\uFEFF/, "").slice(0, 4096);
  const prolog = String.raw`(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*`;
  const doctype = String.raw`(<!DOCTYPE\s+Tournament\b[^[>]*(\[[\s\S]*?\])?\s*>\s*)?(<!--[\s\S]*?-->\s*)*`;
  return new RegExp(String.raw`^\s*${prolog}${doctype}<Tournament[\s>/]`, "i").test(text);
}

const ARRAY_PATHS = new Set([
  "Tournament.TournamentPlayers.TournPlayer",
  "Tournament.Matches.TournMatch",
  "Tournament.Matches.TournMatch.Player",
]);

type Node = Record<string, unknown>;

function text(v: unknown): string {
  if (v === undefined || v === null) return "";
  if (typeof v === "string") return v.trim();
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  return "";
}

function whole(v: unknown, where: string, field: string, opts: { min?: number } = {}): number {
  const s = text(v);
  if (!/^-?\d+$/.test(s)) throw new KtsFileError(`${where}: ${field} must be a whole number, found "${s.slice(0, 40)}"`);
  const n = Number(s);
  if (!Number.isSafeInteger(n) || n < (opts.min ?? 0)) throw new KtsFileError(`${where}: ${field} out of range (${s.slice(0, 40)})`);
  return n;
}

/** `Date` as YYYY-MM-DD: accepts `2026-12-01`, `2026-12-01T10:00:00` and KTS's US form `12/1/2026` (time ignored). */
function isoDay(v: unknown): string {
  const s = text(v);
  if (!s) return "";
  let m = /^(\d{4})-(\d{2})-(\d{2})/.exec(s);
  if (m) return `${m[1]}-${m[2]}-${m[3]}`;
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})/.exec(s);
  if (m) return `${m[3]}-${m[1].padStart(2, "0")}-${m[2].padStart(2, "0")}`;
  throw new KtsFileError(`Tournament: Date must be YYYY-MM-DD or M/D/YYYY, found "${s.slice(0, 40)}"`);
}

const digitsKey = (id: string) => id.replace(/^0+(?=\d)/, "");

/** The element paths read as lists (fast-xml-parser `isArray` by jPath); a worker thread gets them as data. */
export const KTS_ARRAY_PATHS: readonly string[] = [...ARRAY_PATHS];

/** fast-xml-parser options of {@link parseKts} (without `isArray`, which is built from {@link KTS_ARRAY_PATHS}). */
export const KTS_PARSER_OPTIONS = {
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
} as const;

/**
 * The checks made before any XML parsing (cheap: a byte count and three scans): size, DOCTYPE,
 * ENTITY, player count. Returns the text without its BOM, ready for the parser.
 * @throws KtsFileError
 */
export function ktsPrecheck(input: string): string {
  const bytes = new TextEncoder().encode(input).length;
  if (bytes > KTS_MAX_BYTES)
    throw new KtsFileError(`The file is ${bytes} bytes; a .Tournament file may be at most ${KTS_MAX_BYTES} bytes (5 MB).`);
  const xml = input.replace(/^\uFEFF/, "");
  if (/<!DOCTYPE/i.test(xml))
    throw new KtsFileError("The file contains a <!DOCTYPE> declaration; .Tournament files with a DOCTYPE are refused.");
  if (/<!ENTITY/i.test(xml)) throw new KtsFileError("The file declares an entity (<!ENTITY>); entity declarations are refused.");
  const playerCount = (xml.match(/<TournPlayer[\s>]/g) ?? []).length;
  if (playerCount > KTS_MAX_PLAYERS) throw new KtsFileError(`The file lists ${playerCount} players; at most ${KTS_MAX_PLAYERS} are read.`);
  return xml;
}

/** The message of a document the parser gave up on (fast-xml-parser's reason, e.g. "Maximum nested tags exceeded"). */
export function ktsUnreadable(reason: string): string {
  return `The file could not be read: ${reason}`;
}

/** The message of a not-well-formed document, as {@link parseKts} words it. */
export function ktsMalformed(err: { line: number; col: number; msg: string }): string {
  return `Not well-formed XML at line ${err.line}, column ${err.col}: ${err.msg}`;
}

/**
 * Parses a `.Tournament` file. Returns the event as plain values (players in file order, matches
 * in file order, match player references resolved to the players' IDs). Three steps, so a server
 * can run the middle one in a worker thread (lib/server/interop/ktsWorker.ts):
 * {@link ktsPrecheck} → XML validation and parsing → {@link ktsFromDocument}.
 * @throws KtsFileError — too large, too many players, a DOCTYPE/ENTITY declaration, malformed XML
 *   (with line and column), a missing or non-numeric field (element, index and player ID), a
 *   duplicate player ID, a match naming an unknown player, a Winner who is not in the match.
 */
export function parseKts(input: string): KtsTournament {
  const xml = ktsPrecheck(input);
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new KtsFileError(ktsMalformed(valid.err));
  const parser = new XMLParser({ ...KTS_PARSER_OPTIONS, isArray: (_tag, jPath) => ARRAY_PATHS.has(String(jPath)) });
  let doc: Record<string, unknown>;
  try {
    doc = parser.parse(xml) as Record<string, unknown>;
  } catch (e) {
    throw new KtsFileError(ktsUnreadable(e instanceof Error ? e.message : String(e)));
  }
  return ktsFromDocument(doc);
}

/**
 * The event of a parsed `.Tournament` document (fast-xml-parser's object with
 * {@link KTS_PARSER_OPTIONS} and the list paths of {@link KTS_ARRAY_PATHS}).
 * @throws KtsFileError — as {@link parseKts}, from the root element on
 */
export function ktsFromDocument(doc: Record<string, unknown>): KtsTournament {
  const root = doc.Tournament as Node | undefined;
  if (!root || typeof root !== "object") throw new KtsFileError("The root element must be <Tournament>.");

  const playersNode = (root.TournamentPlayers as Node | undefined)?.TournPlayer as Node[] | undefined;
  const players: KtsPlayer[] = (playersNode ?? []).map((tp, i) => {
    const p = (tp.Player ?? {}) as Node;
    const id = text(p.ID);
    const where = `TournPlayer ${i + 1}${id ? ` (ID ${id})` : ""}`;
    if (!/^\d{1,20}$/.test(id)) throw new KtsFileError(`${where}: Player/ID must be digits, found "${id.slice(0, 40)}"`);
    const pos = text(p.TeamPosition) === "" ? 0 : whole(p.TeamPosition, where, "Player/TeamPosition");
    if (pos !== 0 && pos !== 1 && pos !== 2) throw new KtsFileError(`${where}: Player/TeamPosition must be 0, 1 or 2, found ${pos}`);
    const reason = text(tp.DropReason) || "Active";
    if (reason !== "Drop" && reason !== "PlayoffCut" && reason !== "Active")
      throw new KtsFileError(`${where}: DropReason must be Drop, PlayoffCut or Active, found "${reason.slice(0, 40)}"`);
    const firstName = text(p.FirstName);
    const lastName = text(p.LastName);
    if (!firstName && !lastName) throw new KtsFileError(`${where}: the player has no FirstName and no LastName`);
    return {
      id,
      firstName,
      lastName,
      teamPosition: pos,
      dropRound: text(tp.DropRound) === "" ? 0 : whole(tp.DropRound, where, "DropRound"),
      dropReason: reason,
      rank: text(tp.Rank) === "" ? 0 : whole(tp.Rank, where, "Rank"),
      wins: text(tp.Wins) === "" ? 0 : whole(tp.Wins, where, "Wins"),
      points: text(tp.Points) === "" ? 0 : whole(tp.Points, where, "Points"),
      notes: text(tp.Notes),
    };
  });
  const byKey = new Map<string, string>();
  for (const p of players) {
    const key = digitsKey(p.id);
    if (byKey.has(key)) throw new KtsFileError(`Player ID ${p.id} is listed twice in TournamentPlayers.`);
    byKey.set(key, p.id);
  }

  const matchNodes = ((root.Matches as Node | undefined)?.TournMatch as Node[] | undefined) ?? [];
  const matches: KtsMatch[] = matchNodes.map((m, i) => {
    const round = whole(m.Round, `TournMatch ${i + 1}`, "Round", { min: 1 });
    const table = text(m.Table) === "" ? 0 : whole(m.Table, `TournMatch ${i + 1} (round ${round})`, "Table");
    const where = `TournMatch ${i + 1} (round ${round}, table ${table})`;
    const refs = (m.Player as unknown[] | undefined) ?? [];
    if (refs.length < 1 || refs.length > 2)
      throw new KtsFileError(`${where}: a match names one or two Player elements, found ${refs.length}`);
    const resolve = (v: unknown, field: string): string | null => {
      const s = text(v);
      if (!/^\d{1,20}$/.test(s)) throw new KtsFileError(`${where}: ${field} must be a player ID, found "${s.slice(0, 40)}"`);
      if (/^0+$/.test(s)) return null;
      const id = byKey.get(digitsKey(s));
      if (!id) throw new KtsFileError(`${where}: ${field} ${s} is not in TournamentPlayers`);
      return id;
    };
    const player1 = resolve(refs[0], "Player");
    if (player1 === null) throw new KtsFileError(`${where}: the first Player is 0`);
    const player2 = refs.length > 1 ? resolve(refs[1], "second Player") : null;
    if (player2 === player1) throw new KtsFileError(`${where}: a player cannot meet themselves`);
    const status = text(m.Status) || "Winner";
    if (status !== "Winner" && status !== "Draw")
      throw new KtsFileError(`${where}: Status must be Winner or Draw, found "${status.slice(0, 40)}"`);
    const winner = text(m.Winner) === "" ? null : resolve(m.Winner, "Winner");
    if (winner !== null && winner !== player1 && winner !== player2)
      throw new KtsFileError(`${where}: Winner ${winner} does not play in this match`);
    if (status === "Draw" && (winner !== null || player2 === null))
      throw new KtsFileError(`${where}: a Draw needs two players and Winner 0`);
    const po = text(m.PlayoffMatch).toLowerCase();
    return { player1, player2, round, status, table, winner, playoff: po === "true" || po === "1" };
  });

  return {
    name: text(root.Name),
    id: text(root.ID),
    date: isoDay(root.Date),
    currentRound: text(root.CurrentRound) === "" ? 0 : whole(root.CurrentRound, "Tournament", "CurrentRound"),
    playoffRound: text(root.PlayoffRound) === "" ? 0 : whole(root.PlayoffRound, "Tournament", "PlayoffRound"),
    finalized: ["true", "1"].includes(text(root.Finalized).toLowerCase()),
    players,
    matches,
  };
}

/**
 * Writes a `.Tournament` file (the shape above), UTF-8 without BOM, CRLF line ends, two-space
 * indentation; players and matches in the given order. {@link parseKts} of the result returns
 * `t` again (the property test in tests/interop/kts.test.ts).
 */
export function serializeKts(t: KtsTournament): string {
  const builder = new XMLBuilder({ format: true, indentBy: "  ", suppressEmptyNode: false, processEntities: true });
  const body = builder.build({
    Tournament: {
      Name: t.name,
      ID: t.id,
      Date: t.date,
      CurrentRound: t.currentRound,
      PlayoffRound: t.playoffRound,
      Finalized: t.finalized ? "True" : "False",
      SoftwareVersion: "3.0.0.0",
      TournamentPlayers: {
        TournPlayer: t.players.map((p) => ({
          Player: { ID: p.id, FirstName: p.firstName, LastName: p.lastName, TeamPosition: p.teamPosition },
          DropRound: p.dropRound,
          DropReason: p.dropReason,
          Rank: p.rank,
          Wins: p.wins,
          Points: p.points,
          Notes: p.notes,
        })),
      },
      Matches: {
        TournMatch: t.matches.map((m) => ({
          Player: [m.player1, m.player2 ?? "0"],
          Round: m.round,
          Status: m.status,
          Table: m.table,
          Winner: m.winner ?? "0",
          PlayoffMatch: m.playoff ? "True" : "False",
        })),
      },
    },
  }) as string;
  return `<?xml version="1.0" encoding="utf-8"?>\n${body}`.replace(/\r?\n/g, "\r\n");
}

/** `First Last` → {firstName, lastName}: the last word is the last name (one word: first name only). */
export function splitName(name: string): { firstName: string; lastName: string } {
  const t = name.trim().replace(/\s+/g, " ");
  const at = t.lastIndexOf(" ");
  return at < 0 ? { firstName: t, lastName: "" } : { firstName: t.slice(0, at), lastName: t.slice(at + 1) };
}

/** {firstName, lastName} → one display name (`First Last`, either part may be empty). */
export function joinName(p: { firstName: string; lastName: string }): string {
  return [p.firstName, p.lastName].filter(Boolean).join(" ");
}
