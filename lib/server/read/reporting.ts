/**
 * Read models of the reporting area (server only, pages): table states of open rounds (the
 * outstanding board and the judge queue), a duelist's own table, the audit log, penalties.
 * States come from lib/formats/reports (reportState, closeBlockers) — no rule is decided here.
 */
import { db } from "@/lib/db";
import { getPreset } from "@/lib/formats/presets";
import { CARRY_OVER_KINDS } from "@/lib/formats/penalties";
import { closeBlockers, latestTeamReports, reportState, sameReport, type ReportState, type TeamReport } from "@/lib/formats/reports";

export interface LatestReport {
  report: TeamReport;
  at: number;
  by: string;
  teamId: string;
}

export interface TableState {
  matchId: string;
  table: number;
  version: number;
  outcome: string | null;
  winnerSlot: number | null;
  teams: { teamId: string; slot: number; name: string; dropped: boolean }[];
  /** Latest TEAM report per slot. */
  reports: { slot1: LatestReport | null; slot2: LatestReport | null };
  state: ReportState;
}

export interface OpenRound {
  id: string;
  number: number;
  kind: "SWISS" | "TOP_CUT";
  /** Epoch ms the round has been open since: the clock's first START, else publication. */
  openSince: number | null;
  clockStarted: boolean;
  tables: TableState[];
  /** Tables that block closing (lib/formats closeBlockers, PS08). */
  blockers: number[];
  total: number;
  final: number;
}

/**
 * Every PUBLISHED round of an event with the state of each table (byes excluded). Reports are
 * read in one query per round; the latest report per team wins (createdAt, then id).
 */
export async function openRounds(eventId: string): Promise<OpenRound[]> {
  const event = await db().event.findUniqueOrThrow({ where: { id: eventId }, select: { formatPreset: true } });
  const bestOf = getPreset(event.formatPreset).bestOf;
  const rounds = await db().round.findMany({
    where: { eventId, status: "PUBLISHED" },
    orderBy: { number: "asc" },
    include: {
      timer: { where: { matchId: null, action: "START" }, orderBy: { at: "asc" }, take: 1 },
      matches: {
        orderBy: { table: "asc" },
        include: { teams: { orderBy: { slot: "asc" }, include: { team: { select: { name: true, status: true } } } } },
      },
    },
  });
  const out: OpenRound[] = [];
  for (const r of rounds) {
    const ids = r.matches.map((m) => m.id);
    const reports = await db().resultReport.findMany({
      where: { matchId: { in: ids }, source: "TEAM" },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    });
    const users = new Map(
      (
        await db().user.findMany({
          where: { id: { in: [...new Set(reports.map((x) => x.userId))] } },
          select: { id: true, displayName: true },
        })
      ).map((u) => [u.id, u.displayName]),
    );
    const latest = new Map<string, LatestReport>();
    for (const x of reports) {
      const k = `${x.matchId}:${x.teamId}`;
      if (!latest.has(k))
        latest.set(k, {
          report: x.payload as unknown as TeamReport,
          at: x.createdAt.getTime(),
          by: users.get(x.userId) ?? "?",
          teamId: x.teamId ?? "",
        });
    }
    const tables: TableState[] = r.matches
      .filter((m) => m.teams.length === 2)
      .map((m) => {
        const [s1, s2] = m.teams;
        const rep1 = latest.get(`${m.id}:${s1.teamId}`) ?? null,
          rep2 = latest.get(`${m.id}:${s2.teamId}`) ?? null;
        return {
          matchId: m.id,
          table: m.table,
          version: m.version,
          outcome: m.outcome,
          winnerSlot: m.winnerSlot,
          teams: m.teams.map((s) => ({ teamId: s.teamId, slot: s.slot, name: s.team.name, dropped: s.team.status === "DROPPED" })),
          reports: { slot1: rep1, slot2: rep2 },
          state: reportState({ final: Boolean(m.outcome), slot1: rep1?.report ?? null, slot2: rep2?.report ?? null, bestOf }),
        };
      });
    const start = r.timer[0]?.at ?? r.publishedAt;
    out.push({
      id: r.id,
      number: r.number,
      kind: r.kind,
      openSince: start ? start.getTime() : null,
      clockStarted: Boolean(r.timer[0]),
      tables,
      blockers: closeBlockers(
        tables.map((t) => ({ table: t.table, final: Boolean(t.outcome), bothDropped: t.teams.every((x) => x.dropped) })),
      ),
      total: tables.length,
      final: tables.filter((t) => t.outcome).length,
    });
  }
  return out;
}

/**
 * The signed-in duelist's table in the latest published round (null when none): the match, the
 * latest TEAM report of each side (`mine`/`theirs`, with the reporting user id) and `replaced` —
 * when the team's latest report replaced a different earlier report of the same team, that earlier
 * report with who sent it (`by`) and who replaced it (`replacedBy`); `latest`: each slot's latest report
 * with id + version (lib/formats/reports latestTeamReports), what a one-tap confirm names.
 */
export async function myTable(eventId: string, teamId: string) {
  const round = await db().round.findFirst({ where: { eventId, status: { in: ["PUBLISHED", "CLOSED"] } }, orderBy: { number: "desc" } });
  if (!round) return null;
  const seat = await db().matchTeam.findUnique({ where: { roundId_teamId: { roundId: round.id, teamId } } });
  if (!seat) return { round, match: null };
  const match = await db().match.findUniqueOrThrow({
    where: { id: seat.matchId },
    include: {
      teams: { orderBy: { slot: "asc" }, include: { team: { select: { name: true } } } },
      reports: { where: { source: "TEAM" }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] },
    },
  });
  const latest = (tid: string) => {
    const x = match.reports.find((r) => r.teamId === tid);
    return x ? { id: x.id, report: x.payload as unknown as TeamReport, at: x.createdAt.getTime(), userId: x.userId } : null;
  };
  const mine = latest(teamId);
  // The team report the latest one replaced: the newest earlier report of the team that differs from it.
  const bestOf = getPreset(
    (await db().round.findUniqueOrThrow({ where: { id: round.id }, select: { event: { select: { formatPreset: true } } } })).event
      .formatPreset,
  ).bestOf;
  const prev = mine
    ? match.reports.find(
        (r) => r.teamId === teamId && r.id !== mine.id && !sameReport(r.payload as unknown as TeamReport, mine.report, bestOf),
      )
    : undefined;
  const names = new Map(
    (
      await db().user.findMany({
        where: { id: { in: [mine?.userId, prev?.userId].filter((x): x is string => Boolean(x)) } },
        select: { id: true, displayName: true },
      })
    ).map((u) => [u.id, u.displayName]),
  );
  const replaced =
    mine && prev
      ? {
          report: prev.payload as unknown as TeamReport,
          byUserId: prev.userId,
          by: names.get(prev.userId) ?? "?",
          replacedBy: names.get(mine.userId) ?? "?",
          replacedByUserId: mine.userId,
        }
      : null;
  if (mine && !names.has(mine.userId)) names.set(mine.userId, "?");
  const [s1, s2] = match.teams;
  return {
    round,
    match,
    mySlot: seat.slot,
    /** Each slot's latest report with id + version (one-tap confirm names one, issue #14). */
    latest: s2 ? latestTeamReports(match.reports, s1.teamId, s2.teamId) : { slot1: null, slot2: null },
    mine,
    mineBy: mine ? (names.get(mine.userId) ?? "?") : null,
    theirs: latest(match.teams.find((t) => t.teamId !== teamId)?.teamId ?? ""),
    replaced,
  };
}

/**
 * What an audit row is about, in words the page can translate ("Round 2", not "Round nazpdzx1"):
 * a round by number, a match by round and table (table null = bye), a team / duelist / user by
 * name; null when the entity is gone or has no readable name (the page shows the short id).
 */
export type AuditRef =
  { kind: "round"; number: number } | { kind: "match"; round: number; table: number | null } | { kind: "name"; name: string } | null;

/** One audit row for display. A change's `before` is null when the key was not in the before snapshot (a new value, shown alone). */
export interface AuditEntry {
  id: string;
  at: number;
  who: string;
  /** who's display name and username apart (the page isolates the name: a Hebrew name must not swallow "(@user)") */ whoName:
    string | null;
  whoUsername: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  ref: AuditRef;
  changes: { key: string; before: string | null; after: string }[];
}

const show = (v: unknown): string => (v === null || v === undefined ? "—" : typeof v === "object" ? JSON.stringify(v) : String(v));

/**
 * Renders one audit value for display: return a string to show instead of the default, or
 * undefined to keep the default (null → "—", objects as JSON). Used for values that need the
 * page's language, e.g. structured `warnings` (lib/pairing/warnings).
 */
export type AuditValueFormat = (key: string, value: unknown) => string | undefined;

/**
 * Turns a before/after pair of JSON snapshots into readable changes: one row per key present in
 * either, keys whose value did not change are left out (unless only `after` exists, e.g. a create).
 * `before` is null when the key is absent from the before snapshot (nothing to cross out: the page
 * shows the new value alone, not "— → 0"). `format` may render a value differently (the
 * comparison stays on the raw JSON).
 */
export function auditChanges(
  before: unknown,
  after: unknown,
  format?: AuditValueFormat,
): { key: string; before: string | null; after: string }[] {
  const b = (before && typeof before === "object" ? before : {}) as Record<string, unknown>;
  const a = (after && typeof after === "object" ? after : {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  const fmt = (k: string, v: unknown) => (v === null || v === undefined ? undefined : format?.(k, v)) ?? show(v);
  return keys.filter((k) => show(b[k]) !== show(a[k])).map((k) => ({ key: k, before: k in b ? fmt(k, b[k]) : null, after: fmt(k, a[k]) }));
}

/** Readable references for the audit rows' entities (one query per entity type). */
async function auditRefs(rows: { entity: string; entityId: string | null }[]): Promise<Map<string, AuditRef>> {
  const ids = (entity: string) => [...new Set(rows.filter((r) => r.entity === entity && r.entityId).map((r) => r.entityId!))];
  const [rounds, matches, teams, duelists, users] = await Promise.all([
    db().round.findMany({ where: { id: { in: ids("Round") } }, select: { id: true, number: true } }),
    db().match.findMany({
      where: { id: { in: ids("Match") } },
      select: { id: true, table: true, teams: { select: { teamId: true } }, round: { select: { number: true } } },
    }),
    db().team.findMany({ where: { id: { in: ids("Team") } }, select: { id: true, name: true } }),
    db().duelist.findMany({ where: { id: { in: ids("Duelist") } }, select: { id: true, name: true } }),
    db().user.findMany({ where: { id: { in: ids("User") } }, select: { id: true, displayName: true } }),
  ]);
  const out = new Map<string, AuditRef>();
  for (const r of rounds) out.set(`Round:${r.id}`, { kind: "round", number: r.number });
  for (const m of matches) out.set(`Match:${m.id}`, { kind: "match", round: m.round.number, table: m.teams.length < 2 ? null : m.table });
  for (const t of teams) out.set(`Team:${t.id}`, { kind: "name", name: t.name });
  for (const d of duelists) out.set(`Duelist:${d.id}`, { kind: "name", name: d.name });
  for (const u of users) out.set(`User:${u.id}`, { kind: "name", name: u.displayName });
  return out;
}

/**
 * The event's audit log, newest first, optionally for one entity type and/or id (max `limit` rows);
 * `format` renders values for display (see {@link auditChanges}).
 */
export async function auditLog(
  eventId: string,
  filter: { entity?: string; entityId?: string; limit?: number; format?: AuditValueFormat } = {},
): Promise<{ rows: AuditEntry[]; entities: string[] }> {
  const [rows, entities] = await Promise.all([
    db().auditLog.findMany({
      where: { eventId, ...(filter.entity ? { entity: filter.entity } : {}), ...(filter.entityId ? { entityId: filter.entityId } : {}) },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: filter.limit ?? 200,
    }),
    db().auditLog.findMany({ where: { eventId }, distinct: ["entity"], select: { entity: true }, orderBy: { entity: "asc" } }),
  ]);
  const refs = await auditRefs(rows);
  // A team id stored in a value (round.pair's bye, a teamId field) reads as the team's name.
  const teamNames = new Map(
    (await db().team.findMany({ where: { eventId }, select: { id: true, name: true } })).map((t) => [t.id, t.name]),
  );
  const named = (v: unknown): unknown =>
    typeof v === "string"
      ? (teamNames.get(v) ?? v)
      : Array.isArray(v)
        ? v.map(named)
        : v && typeof v === "object"
          ? Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, named(x)]))
          : v;
  const users = new Map(
    (
      await db().user.findMany({
        where: { id: { in: [...new Set(rows.map((r) => r.userId).filter((x): x is string => Boolean(x)))] } },
        select: { id: true, displayName: true, username: true },
      })
    ).map((u) => [u.id, u]),
  );
  return {
    rows: rows.map((r) => ({
      id: r.id,
      at: r.createdAt.getTime(),
      who: r.userId ? (users.has(r.userId) ? `${users.get(r.userId)!.displayName} (@${users.get(r.userId)!.username})` : r.userId) : "—",
      whoName: r.userId ? (users.get(r.userId)?.displayName ?? null) : null,
      whoUsername: r.userId ? (users.get(r.userId)?.username ?? null) : null,
      action: r.action,
      entity: r.entity,
      entityId: r.entityId,
      ref: r.entityId ? (refs.get(`${r.entity}:${r.entityId}`) ?? null) : null,
      changes: auditChanges(named(r.before), named(r.after), filter.format),
    })),
    entities: entities.map((e) => e.entity),
  };
}

/**
 * Penalties of an event (newest first) with duelist, team and judge names. `pending`: a game or
 * match loss waiting for the team's next match — its roundNumber names a round not paired yet
 * (lib/server/penalties; applied when that round is paired). `team.status` DROPPED with `pending`:
 * the team left the event, so (unless it re-enters before that round is paired) it has no next match.
 */
export async function penaltyLog(eventId: string) {
  const rows = await db().penalty.findMany({
    where: { eventId },
    orderBy: { createdAt: "desc" },
    include: { team: { select: { name: true, status: true } } },
  });
  const paired = new Set((await db().round.findMany({ where: { eventId }, select: { number: true } })).map((r) => r.number));
  const pending = (r: { penalty: string; roundNumber: number | null }) =>
    (CARRY_OVER_KINDS as readonly string[]).includes(r.penalty) && r.roundNumber !== null && !paired.has(r.roundNumber);
  const duelists = new Map(
    (
      await db().duelist.findMany({
        where: { id: { in: rows.map((r) => r.duelistId).filter((x): x is string => Boolean(x)) } },
        select: { id: true, name: true, designation: true },
      })
    ).map((d) => [d.id, d]),
  );
  const judges = new Map(
    (
      await db().user.findMany({
        where: { id: { in: rows.map((r) => r.judgeId).filter((x): x is string => Boolean(x)) } },
        select: { id: true, displayName: true },
      })
    ).map((u) => [u.id, u.displayName]),
  );
  return rows.map((r) => ({
    ...r,
    pending: pending(r),
    duelist: r.duelistId ? (duelists.get(r.duelistId) ?? null) : null,
    judge: r.judgeId ? (judges.get(r.judgeId) ?? "?") : "—",
  }));
}
