/**
 * Reading an event archive (issue #17) before anything is written: the text must be one complete
 * JSON document, of this format and of a version this code knows, matching the zod schema, and
 * consistent (every local id unique, every reference naming a row of the archive, the database's
 * "one" rules held: one seat per team per round, one table per round, one result per match …).
 * Pure. Each problem names its path in the archive (`seats[3].team`) and the reason.
 * Names and the time zone are then held to the rules of the forms that create them (issue #17,
 * {@link archiveFieldRules}), and team names clash as on registration (lib/teams teamNameKey).
 */
import { z } from "zod";
import { checkField, EVENT_NAME, nameText, PERSON_NAME, TEAM_NAME, timeZoneText } from "@/lib/fields";
import { teamNameKey } from "@/lib/teams";
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, eventArchiveSchema, type EventArchive } from "./schema";

/** One reason an archive is refused; `path` is the place in the document ("" = the whole file). */
export interface ArchiveProblem {
  path: string;
  message: string;
}

export type ArchiveRead = { ok: true; archive: EventArchive } | { ok: false; problems: ArchiveProblem[] };

/** At most this many problems are listed. */
export const MAX_ARCHIVE_PROBLEMS = 20;

/** `a.b[2].c` from a zod / manual path. */
export function archivePath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((s, k) => (typeof k === "number" ? `${s}[${k}]` : s ? `${s}.${String(k)}` : String(k)), "");
}

/**
 * The refusal of an archive of another format or a newer version, or null. `doc` is the parsed
 * JSON; a version older than ARCHIVE_VERSION would be upgraded here (none exists yet: version 1
 * is the first).
 */
export function archiveVersionProblem(doc: unknown): ArchiveProblem | null {
  if (!doc || typeof doc !== "object" || Array.isArray(doc)) return { path: "", message: "not an event archive (expected a JSON object)" };
  const d = doc as Record<string, unknown>;
  if (d.format !== ARCHIVE_FORMAT) return { path: "format", message: `not an event archive (format must be "${ARCHIVE_FORMAT}")` };
  if (typeof d.version !== "number" || !Number.isInteger(d.version) || d.version < 1)
    return { path: "version", message: "the archive has no valid version number" };
  if (d.version > ARCHIVE_VERSION)
    return {
      path: "version",
      message: `the archive is version ${d.version}, newer than this Tandem reads (version ${ARCHIVE_VERSION}): update Tandem to import it`,
    };
  return null;
}

/** JSON.parse with a refusal that says the file is cut short or not JSON (with the position). */
export function parseArchiveJson(text: string): { ok: true; doc: unknown } | { ok: false; problems: ArchiveProblem[] } {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (!body.trim()) return { ok: false, problems: [{ path: "", message: "the file is empty" }] };
  try {
    return { ok: true, doc: JSON.parse(body) };
  } catch (e) {
    return { ok: false, problems: [jsonParseProblem(body, e instanceof Error ? e.message : String(e))] };
  }
}

/**
 * The refusal of `text` that JSON.parse rejected with `message`: "truncated" when the parser ran
 * out of text (V8 says "end of JSON input", or names a position at the very end), else "not valid JSON".
 */
export function jsonParseProblem(text: string, message: string): ArchiveProblem {
  const at = /at position (\d+)/.exec(message);
  const truncated =
    /end of (JSON )?input|Unterminated string/i.test(message) || (at !== null && Number(at[1]) >= text.trimEnd().length - 1);
  return {
    path: "",
    message: truncated ? `the file is truncated (not a complete JSON document: ${message})` : `not valid JSON: ${message}`,
  };
}

/** Reads archive text: JSON, version, schema, {@link archiveFieldRules}, then {@link archiveConsistency}. */
export function readArchive(text: string): ArchiveRead {
  const parsed = parseArchiveJson(text);
  if (!parsed.ok) return parsed;
  return readArchiveDocument(parsed.doc);
}

/** Like {@link readArchive} for an already parsed document (the upload parses in a worker thread). */
export function readArchiveDocument(doc: unknown): ArchiveRead {
  const version = archiveVersionProblem(doc);
  if (version) return { ok: false, problems: [version] };
  const r = eventArchiveSchema.safeParse(doc);
  if (!r.success)
    return {
      ok: false,
      problems: r.error.issues.slice(0, MAX_ARCHIVE_PROBLEMS).map((i) => ({ path: archivePath(i.path), message: issueText(i) })),
    };
  const fields = archiveFieldRules(r.data);
  const problems = [...fields.problems, ...archiveConsistency(fields.archive)];
  return problems.length ? { ok: false, problems: problems.slice(0, MAX_ARCHIVE_PROBLEMS) } : { ok: true, archive: fields.archive };
}

const eventName = nameText(EVENT_NAME);
const teamName = nameText(TEAM_NAME);
const personName = nameText(PERSON_NAME);

/**
 * The rules of the forms applied to a schema-valid archive (issue #17: an import must not create
 * what the UI refuses): the event's name (create event: 2–120 characters) and time zone (a known
 * IANA zone — an unknown one breaks every date of the event), each team's name and each duelist's
 * and pool entrant's name (registration: 1–80 characters); no NUL, lone surrogate or bidi control
 * in any of them (lib/teams nameProblem). Returns the problems by path and the archive with the
 * values as the forms store them (names normalized, the zone trimmed).
 */
export function archiveFieldRules(a: EventArchive): { archive: EventArchive; problems: ArchiveProblem[] } {
  const problems: ArchiveProblem[] = [];
  const apply = <S extends z.ZodType<string, string>>(rule: S, value: string, path: string): string => {
    const r = checkField(rule, value);
    if (r.ok) return r.value;
    problems.push({ path, message: r.reason });
    return value;
  };
  const archive: EventArchive = {
    ...a,
    event: {
      ...a.event,
      name: apply(eventName, a.event.name, "event.name"),
      timeZone: apply(timeZoneText, a.event.timeZone, "event.timeZone"),
    },
    teams: a.teams.map((t, i) => ({ ...t, name: apply(teamName, t.name, `teams[${i}].name`) })),
    duelists: a.duelists.map((d, i) => ({ ...d, name: apply(personName, d.name, `duelists[${i}].name`) })),
    poolEntries: a.poolEntries.map((p, i) => ({ ...p, name: apply(personName, p.name, `poolEntries[${i}].name`) })),
  };
  return { archive, problems };
}

function issueText(i: z.core.$ZodIssue): string {
  if (i.code === "invalid_type" && (i as { input?: unknown }).input === undefined) return "is missing";
  return i.message;
}

/**
 * Cross-row checks of a schema-valid archive (pure): duplicate local ids, references to rows the
 * archive does not hold, and the unique rules of the database. Returns the problems in document order.
 */
export function archiveConsistency(a: EventArchive): ArchiveProblem[] {
  const out: ArchiveProblem[] = [];
  const ids = <T extends { id: string }>(list: T[], at: string): Set<string> => {
    const seen = new Set<string>();
    list.forEach((row, i) => {
      if (seen.has(row.id)) out.push({ path: `${at}[${i}].id`, message: `duplicate id ${row.id}` });
      seen.add(row.id);
    });
    return seen;
  };
  const unique = <T>(list: T[], at: string, key: (row: T) => string | null, what: string) => {
    const seen = new Map<string, number>();
    list.forEach((row, i) => {
      const k = key(row);
      if (k === null) return;
      if (seen.has(k)) out.push({ path: `${at}[${i}]`, message: `${what} repeats ${at}[${seen.get(k)}]` });
      else seen.set(k, i);
    });
  };
  const known = (set: Set<string>, value: string | null, path: string, what: string) => {
    if (value !== null && !set.has(value)) out.push({ path, message: `names an unknown ${what} ${value}` });
  };
  const banlists = ids(a.banlists, "banlists");
  const teams = ids(a.teams, "teams");
  const duelists = ids(a.duelists, "duelists");
  ids(a.decklists, "decklists");
  const infractions = ids(a.localInfractions, "localInfractions");
  ids(a.avoidPairs, "avoidPairs");
  const rounds = ids(a.rounds, "rounds");
  const matches = ids(a.matches, "matches");
  ids(a.reports, "reports");
  ids(a.timer, "timer");
  ids(a.snapshots, "snapshots");
  ids(a.pairingEdits, "pairingEdits");
  ids(a.penalties, "penalties");
  ids(a.deckChecks, "deckChecks");
  ids(a.poolEntries, "poolEntries");
  ids(a.judgeCalls, "judgeCalls");

  known(banlists, a.event.banlist, "event.banlist", "F&L list");
  unique(a.cards, "cards", (c) => String(c.passcode), "the passcode");
  // Team names clash as on registration: case, Unicode form and invisible characters ignored (issue #17).
  unique(a.teams, "teams", (t) => teamNameKey(t.name), "the team name");
  unique(a.teams, "teams", (t) => String(t.number), "the team number");
  const teamOf = new Map(a.duelists.map((d) => [d.id, d.team]));
  a.duelists.forEach((d, i) => known(teams, d.team, `duelists[${i}].team`, "team"));
  unique(a.duelists, "duelists", (d) => `${d.team}:${d.designation}`, "the team and designation");
  unique(a.duelists, "duelists", (d) => d.playerId, "the player ID");
  a.decklists.forEach((l, i) => known(duelists, l.duelist, `decklists[${i}].duelist`, "duelist"));
  unique(a.decklists, "decklists", (l) => l.duelist, "the duelist's decklist");
  unique(a.localInfractions, "localInfractions", (l) => l.name, "the name");
  a.avoidPairs.forEach((p, i) => {
    known(teams, p.teamA, `avoidPairs[${i}].teamA`, "team");
    known(teams, p.teamB, `avoidPairs[${i}].teamB`, "team");
  });
  unique(a.avoidPairs, "avoidPairs", (p) => `${p.teamA}:${p.teamB}`, "the pair");
  unique(a.rounds, "rounds", (r) => String(r.number), "the round number");
  const roundOf = new Map(a.matches.map((m) => [m.id, m.round]));
  a.matches.forEach((m, i) => known(rounds, m.round, `matches[${i}].round`, "round"));
  unique(a.matches, "matches", (m) => `${m.round}:${m.table}`, "the round and table");
  a.seats.forEach((s, i) => {
    known(matches, s.match, `seats[${i}].match`, "match");
    known(teams, s.team, `seats[${i}].team`, "team");
  });
  unique(a.seats, "seats", (s) => `${s.match}:${s.slot}`, "the match and slot");
  unique(a.seats, "seats", (s) => (roundOf.has(s.match) ? `${roundOf.get(s.match)}:${s.team}` : null), "the team's seat in this round");
  a.results.forEach((r, i) => known(matches, r.match, `results[${i}].match`, "match"));
  unique(a.results, "results", (r) => r.match, "the match's result");
  a.reports.forEach((r, i) => {
    known(matches, r.match, `reports[${i}].match`, "match");
    known(teams, r.team, `reports[${i}].team`, "team");
  });
  a.timer.forEach((t, i) => {
    known(rounds, t.round, `timer[${i}].round`, "round");
    known(matches, t.match, `timer[${i}].match`, "match");
  });
  a.snapshots.forEach((s, i) => {
    known(rounds, s.round, `snapshots[${i}].round`, "round");
    if ((s.round === null) !== (s.phase === "UNDONE"))
      out.push({
        path: `snapshots[${i}].round`,
        message: "an UNDONE snapshot names no round (only its number); every other phase names its round",
      });
  });
  unique(a.snapshots, "snapshots", (s) => (s.round ? `${s.round}:${s.phase}` : null), "the round and phase");
  a.pairingEdits.forEach((p, i) => known(rounds, p.round, `pairingEdits[${i}].round`, "round"));
  a.penalties.forEach((p, i) => {
    known(teams, p.team, `penalties[${i}].team`, "team");
    known(duelists, p.duelist, `penalties[${i}].duelist`, "duelist");
    if (p.duelist && teams.has(p.team) && teamOf.get(p.duelist) !== undefined && teamOf.get(p.duelist) !== p.team)
      out.push({ path: `penalties[${i}].duelist`, message: `duelist ${p.duelist} is not on team ${p.team}` });
    const local = p.infractionCode?.startsWith("local:") ? p.infractionCode.slice(6) : null;
    known(infractions, local, `penalties[${i}].infractionCode`, "local infraction");
  });
  a.deckChecks.forEach((c, i) => {
    known(rounds, c.round, `deckChecks[${i}].round`, "round");
    known(teams, c.team, `deckChecks[${i}].team`, "team");
  });
  unique(a.deckChecks, "deckChecks", (c) => `${c.round}:${c.team}`, "the round and team");
  // Issue #16 rows: pool entries and judge calls name rows of the archive.
  a.poolEntries.forEach((p, i) => known(teams, p.team, `poolEntries[${i}].team`, "team"));
  unique(a.poolEntries, "poolEntries", (p) => p.playerId, "the player ID");
  a.judgeCalls.forEach((c, i) => {
    known(matches, c.match, `judgeCalls[${i}].match`, "match");
    known(teams, c.team, `judgeCalls[${i}].team`, "team");
  });
  // One open (or acknowledged) call per match: the database's openKey rule.
  unique(a.judgeCalls, "judgeCalls", (c) => (c.status === "RESOLVED" ? null : c.match), "an open call of the same match");
  return out;
}

/** The problems as lines: `seats[3].team: names an unknown team t99`. */
export function archiveProblemLines(problems: readonly ArchiveProblem[]): string[] {
  return problems.map((p) => (p.path ? `${p.path}: ${p.message}` : p.message));
}
