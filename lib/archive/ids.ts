/**
 * Local ids and canonical JSON of the event archive (issue #17). Pure.
 *
 * Stored JSON values (snapshots, audit before/after, report payloads, pairing reasons) name rows by
 * database id, also as object keys (`{ [teamId]: … }`) and in "local:<id>" infraction codes. Export
 * rewrites every such string that is a known database id to its local id; import rewrites local
 * ids back to the new database ids. Strings that are no known id stay as they are.
 */
import { LOCAL_ID_PREFIX, type LocalIdKind } from "./schema";

/** Assigns local ids (`t1`, `t2`, …) per kind in the order rows are added. */
export class LocalIds {
  private readonly map = new Map<string, string>();
  private readonly next = new Map<LocalIdKind, number>();

  /** The local id of database id `dbId`, assigning the next one of `kind` on first sight. */
  add(kind: LocalIdKind, dbId: string): string {
    const have = this.map.get(dbId);
    if (have) return have;
    const n = (this.next.get(kind) ?? 0) + 1;
    this.next.set(kind, n);
    const id = `${LOCAL_ID_PREFIX[kind]}${n}`;
    this.map.set(dbId, id);
    return id;
  }
  /** The local id of `dbId` (throws when it was never added: an export bug). */
  of(dbId: string): string {
    const id = this.map.get(dbId);
    if (!id) throw new Error(`no local id for ${dbId}`);
    return id;
  }
  /** Like {@link of}, null for null. */
  maybe(dbId: string | null): string | null {
    return dbId === null ? null : this.of(dbId);
  }
  /** The id → local id table (for {@link remapJson}). */
  get table(): ReadonlyMap<string, string> {
    return this.map;
  }
}

/**
 * A copy of JSON value `v` whose strings and object keys found in `ids` are replaced by their
 * mapped value ("local:<id>" infraction codes too). Objects come out with keys sorted, so the
 * archive's bytes do not depend on how a database orders JSON keys.
 */
export function remapJson(v: unknown, ids: ReadonlyMap<string, string>): unknown {
  const str = (s: string): string => ids.get(s) ?? (s.startsWith("local:") && ids.has(s.slice(6)) ? `local:${ids.get(s.slice(6))}` : s);
  if (typeof v === "string") return str(v);
  if (Array.isArray(v)) return v.map((x) => remapJson(x, ids));
  if (v && typeof v === "object") {
    const entries = Object.entries(v as Record<string, unknown>).map(([k, x]) => [str(k), remapJson(x, ids)] as const);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries);
  }
  return v ?? null;
}

/** JSON text with object keys sorted at every level (a stable sort key for rows). */
export function canonicalJson(v: unknown): string {
  return JSON.stringify(remapJson(v, new Map()));
}

/**
 * Compares rows by `keys` (numbers before strings, in order), then by their canonical JSON: the
 * archive order depends only on content, never on database ids.
 */
export function byContent<T>(keys: (row: T) => (string | number | null)[]): (a: T, b: T) => number {
  const cmp = (x: string | number | null, y: string | number | null) =>
    x === y
      ? 0
      : x === null
        ? -1
        : y === null
          ? 1
          : typeof x === "number" && typeof y === "number"
            ? x - y
            : String(x) < String(y)
              ? -1
              : 1;
  return (a, b) => {
    const ka = keys(a),
      kb = keys(b);
    for (let i = 0; i < ka.length; i++) {
      const c = cmp(ka[i], kb[i]);
      if (c) return c;
    }
    return cmp(canonicalJson(a), canonicalJson(b));
  };
}
