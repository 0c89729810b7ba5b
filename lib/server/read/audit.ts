/**
 * The audit page's read model (server only): the one module that reads the audit log back
 * (issue #11: every mutation writes one audit row; features keep their facts in their own
 * columns and rows, and a later event export reads through this module).
 */
import { db, type Db, type Tx } from "@/lib/db";
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

const whoText = (u: { displayName: string; username: string }) => (u.username ? `${u.displayName} (@${u.username})` : u.displayName);
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
  // An imported event's rows about an account name an archived person (issue #17).
  for (const p of await db().archivedPerson.findMany({ where: { id: { in: ids("User") } } }))
    out.set(`User:${p.id}`, { kind: "name", name: p.displayName });
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
  const actorIds = [...new Set(rows.map((r) => r.userId).filter((x): x is string => Boolean(x)))];
  const users = new Map(
    (await db().user.findMany({ where: { id: { in: actorIds } }, select: { id: true, displayName: true, username: true } })).map((u) => [
      u.id,
      u,
    ]),
  );
  // An imported event's actors are archived people (display name only, no account: issue #17).
  for (const p of await db().archivedPerson.findMany({ where: { eventId, id: { in: actorIds } } }))
    users.set(p.id, { id: p.id, displayName: p.displayName, username: "" });
  return {
    rows: rows.map((r) => ({
      id: r.id,
      at: r.createdAt.getTime(),
      who: r.userId ? (users.has(r.userId) ? whoText(users.get(r.userId)!) : r.userId) : "—",
      whoName: r.userId ? (users.get(r.userId)?.displayName ?? null) : null,
      whoUsername: r.userId ? users.get(r.userId)?.username || null : null,
      action: r.action,
      entity: r.entity,
      entityId: r.entityId,
      ref: r.entityId ? (refs.get(`${r.entity}:${r.entityId}`) ?? null) : null,
      changes: auditChanges(named(r.before), named(r.after), filter.format),
    })),
    entities: entities.map((e) => e.entity),
  };
}

/** One stored audit row as the event archive keeps it (issue #17): raw values, the actor's display name as text. */
export interface AuditArchiveRow {
  createdAt: Date;
  /** The actor's display name (an account's, or an archived person's for an imported event); null: no actor. */
  by: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  /** For a row about an account (entity "User"): that account's display name (accounts are not archived). */
  entityName: string | null;
  before: unknown;
  after: unknown;
}

/**
 * Every audit row of the event, oldest first, for the event archive (lib/server/interop/archive.ts):
 * stored before/after values unchanged, the actor as display name. `client` may be a transaction.
 */
export async function auditRowsForArchive(eventId: string, client: Db | Tx = db()): Promise<AuditArchiveRow[]> {
  const rows = await client.auditLog.findMany({ where: { eventId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  const ids = [...new Set(rows.flatMap((r) => [r.userId, r.entity === "User" ? r.entityId : null]).filter((x): x is string => Boolean(x)))];
  const names = new Map<string, string>();
  for (const u of await client.user.findMany({ where: { id: { in: ids } }, select: { id: true, displayName: true } }))
    names.set(u.id, u.displayName);
  for (const p of await client.archivedPerson.findMany({ where: { eventId, id: { in: ids } } })) names.set(p.id, p.displayName);
  return rows.map((r) => ({
    createdAt: r.createdAt,
    by: r.userId ? (names.get(r.userId) ?? null) : null,
    action: r.action,
    entity: r.entity,
    entityId: r.entityId,
    entityName: r.entity === "User" && r.entityId ? (names.get(r.entityId) ?? null) : null,
    before: r.before,
    after: r.after,
  }));
}
