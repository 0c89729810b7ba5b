/**
 * Live topics (issue #15, contract of the push/offline/venue streams): what a change notification
 * names, never data. Strings:
 * - `pairings:<round>` a round's pairings were published or changed;
 * - `results:<round>` a result, report, confirm or accept in that round;
 * - `standings` the official standings changed (a round closed or reopened);
 * - `team:<teamId>` anything on that team's card (its match, report state, drop, decklist status),
 *   never who is on the team;
 * - `event` anything else (settings, clock, staff, who is on which team: claims, invites, roster
 *   edits); every page listens to it;
 * - `*` everything (a resume older than the ring, a reconnect of the LISTEN connection).
 * Pure functions, no I/O.
 */

/** A change of one event as sent on `NOTIFY tandem_live` and to every open stream. */
export interface LiveNotice {
  eventId: string;
  /** The event's version (Event.version) after the change. */
  version: number;
  topics: string[];
}

/** The topics of a change to one match: its round's results and both teams' cards (plus standings when `closed`). */
export function matchTopics(round: number, teamIds: readonly string[], closed = false): string[] {
  return uniqueTopics([`results:${round}`, ...teamIds.map((t) => `team:${t}`), ...(closed ? ["standings"] : [])]);
}

/** Topics without repeats, `*` alone when present (it covers the rest). */
export function uniqueTopics(topics: readonly string[]): string[] {
  if (topics.includes("*")) return ["*"];
  return [...new Set(topics)];
}

/**
 * True when a page listening to `wanted` must refetch for a change on `changed`. Patterns may end
 * in `:*` (every round: `pairings:*`); `*` on either side matches everything; `event` always matches
 * (a change that names no precise topic concerns every page).
 */
export function topicsMatch(wanted: readonly string[], changed: readonly string[]): boolean {
  if (changed.includes("*") || changed.includes("event") || wanted.includes("*")) return true;
  return changed.some((c) => wanted.some((w) => w === c || (w.endsWith(":*") && c.startsWith(w.slice(0, -1)))));
}

/** The payload of one NOTIFY (JSON, kept under Postgres's 8,000-byte limit by collapsing to `*`). */
export function noticePayload(n: LiveNotice): string {
  const full = JSON.stringify({ eventId: n.eventId, version: n.version, topics: uniqueTopics(n.topics) });
  return full.length < 7900 ? full : JSON.stringify({ eventId: n.eventId, version: n.version, topics: ["*"] });
}

/** Parses a NOTIFY payload; null for anything that is not a notice. */
export function parseNotice(payload: string | undefined): LiveNotice | null {
  try {
    const v = JSON.parse(payload ?? "") as Partial<LiveNotice>;
    if (typeof v.eventId !== "string" || !Number.isInteger(v.version) || !Array.isArray(v.topics)) return null;
    return { eventId: v.eventId, version: v.version!, topics: v.topics.filter((t): t is string => typeof t === "string") };
  } catch {
    return null;
  }
}

/**
 * Per-event ring of recent notices (Last-Event-ID resume). `since`: every notice with a version
 * above it is in `notices` (so a resume from N ≥ since is exact).
 */
export interface Ring {
  since: number;
  notices: LiveNotice[];
}

/** Ring length per event. */
export const RING_SIZE = 64;

/** Adds a notice to a ring (a new ring starts just below it); drops the oldest beyond RING_SIZE. */
export function ringPush(ring: Ring | undefined, n: LiveNotice): Ring {
  const r = ring ?? { since: n.version - 1, notices: [] };
  const notices = [...r.notices, n];
  let since = r.since;
  while (notices.length > RING_SIZE) since = notices.shift()!.version;
  return { since, notices };
}

/**
 * What a stream resumed from `lastId` must be told: null when nothing changed after it (`current`
 * ≤ lastId), the union of the topics changed after it when the ring covers them, `["*"]` otherwise.
 */
export function resumeTopics(ring: Ring | undefined, lastId: number, current: number): string[] | null {
  if (current <= lastId) return null;
  if (!ring || lastId < ring.since) return ["*"];
  const after = ring.notices.filter((n) => n.version > lastId);
  if (!after.length) return ["*"];
  return uniqueTopics(after.flatMap((n) => n.topics));
}

/** One SSE `tick` frame: `{"now":<server epoch ms>,"version":<event version>}`. */
export function tickFrame(now: number, version: number): string {
  return `event: tick\ndata: ${JSON.stringify({ now, version })}\n\n`;
}

/** One SSE `change` frame; its `id` is the event version (EventSource resumes with it as Last-Event-ID). */
export function changeFrame(version: number, topics: readonly string[]): string {
  return `id: ${version}\nevent: change\ndata: ${JSON.stringify({ version, topics: uniqueTopics(topics) })}\n\n`;
}

/** The resume point of a stream request: the Last-Event-ID header, else `?lastEventId=`; null when absent or not a version. */
export function resumeId(header: string | null, query: string | null): number | null {
  const raw = (header ?? query ?? "").trim();
  if (!/^\d{1,15}$/.test(raw)) return null;
  return Number(raw);
}
