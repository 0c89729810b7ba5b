/**
 * The server-layer pattern every mutation follows (DESIGN.md):
 *   1. zod-validate the raw input (errors name the field);
 *   2. open ONE transaction; load the actor fresh from the database;
 *   3. authorize by role and event inside `run` (throws ActionError FORBIDDEN → rollback);
 *   4. call the pure domain core; write the result plus exactly one audit row (`audit`).
 * Any failure rolls the whole transaction back: nothing is half saved.
 *
 * Each area module in lib/server/actions exports its definitions; lib/server/actions/index.ts lists
 * them (ACTIONS, for scripts and the authorization test). The browser calls typed "use server"
 * wrappers (lib/server/actions/browser/*.ts) that import the definition and run it with lib/server/action/run.ts
 * runAction; the authorization test enumerates the registry and the "use server" exports.
 */
import { z } from "zod";
import { db, type Tx } from "@/lib/db";
import { loadActor, type Actor } from "@/lib/auth/actor";
import { sessionIsCurrent } from "@/lib/auth/sessionVersion";
import { ActionError, type ActionFailure, type ActionResult } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { checkLimit, releaseAttempt, recordSuccess, type LimitBucket } from "@/lib/server/http/limiter";
import { afterCommit as liveAfterCommit, notifyInTx } from "@/lib/server/live/hub";
import type { LiveNotice } from "@/lib/server/live/topics";
import { fieldProblem, fieldProblemText, type FieldProblem } from "@/lib/fields";

/** Who sent the request, as far as the server can tell (lib/server/http/clientAddress.ts). */
export interface ClientInfo {
  address: string;
  /**
   * The session version of the signed-in token (lib/auth/session.ts currentToken), not yet checked:
   * the action's actor read checks it in the same query (lib/auth/actor.ts loadActor), and a code-gated
   * action checks it before its limiter. lib/server/action/run.ts passes it; omitted (scripts, tests),
   * the caller's `userId` is taken as checked.
   */
  sessionVersion?: number;
}
const NO_CLIENT: ClientInfo = { address: "unknown" };

export interface ActionContext<I> {
  actor: Actor;
  input: I;
  tx: Tx;
  client: ClientInfo;
}

/**
 * An action definition: `I` is the validated input (zod output), `O` the result data, `In` what a
 * caller passes (zod input: e.g. a number field may arrive as its form string). "use server"
 * wrappers type their parameter with {@link ActionInput} and return ActionResult<{@link ActionOutput}>.
 */
export interface ActionDef<I = unknown, O = unknown, In = I> {
  name: string;
  input: z.ZodType<I, In>;
  /**
   * Runs the action for a user id (null = public), returning a result object; never throws.
   * `client` is the request's client (limiter key); scripts and tests may leave it out.
   */
  handle(userId: string | null, raw: unknown, client?: ClientInfo): Promise<ActionResult<O>>;
  /** The definition's body, for an action that runs another inside its own transaction (lib/server/actions/offline.ts). */
  run(ctx: ActionContext<I>): Promise<O>;
}

/** What a caller passes to action `A` (its schema's input type). */
export type ActionInput<A> = A extends ActionDef<unknown, unknown, infer In> ? In : never;
/** The data of action `A`'s successful result. */
export type ActionOutput<A> = A extends ActionDef<unknown, infer O, unknown> ? O : never;

// The field problems (codes, English texts, zod issue classification) live in lib/fields, shared
// with the file imports (issue #17); re-exported here for the action framework's callers.
export { CUSTOM_RULES, fieldProblem, type CustomRule, type FieldProblem } from "@/lib/fields";

/**
 * A required choice among numbers (a radio group or select whose values are numbers, e.g. which
 * slot went first): accepts the number or its decimal string, as a form sends it. Nothing chosen
 * or any other value is a CHOOSE_ONE problem — not NOT_A_NUMBER, which `z.coerce.number()` would
 * report for a missing radio (Number(undefined) = NaN).
 */
export function numberChoice<const V extends readonly [number, ...number[]]>(values: V) {
  return z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v),
    z.literal(values as unknown as [V[number], ...V[number][]]),
  );
}

/**
 * Maps a zod error to a failure naming the first bad field (and lists all of them): code INVALID;
 * each detail carries the field path, a FieldProblem code + params (the UI renders them with the
 * field's label, translated), and an English fallback message.
 */
export function zodFailure(err: z.ZodError): ActionFailure {
  const details = err.issues.map((i) => {
    const field = i.path.join(".") || undefined;
    const { code, params } = fieldProblem(i);
    return { field, code, params, message: `${field ?? "input"}: ${fieldProblemText(code, params)}` };
  });
  return {
    code: "INVALID",
    message: details[0]?.message ?? "Invalid input.",
    field: details[0]?.field,
    params: details[0]?.params,
    details,
  };
}

function prismaCode(e: unknown): string | undefined {
  return typeof e === "object" && e && "code" in e ? String((e as { code: unknown }).code) : undefined;
}

/** Defines an action. `run` must authorize first; it executes inside one transaction. */
export function defineAction<S extends z.ZodType, O>(def: {
  name: string;
  input: S;
  run: (ctx: ActionContext<z.infer<S>>) => Promise<O>;
  /** Maps a unique-constraint violation (P2002) to a user-facing error. */
  onConflict?: (target: string) => ActionError;
  /**
   * The live topics of the change (lib/server/live/topics.ts, issue #15), asked inside the
   * transaction after `run` returned, for every event whose version `audit` bumped; default
   * `["event"]` (every live page of the event refetches). The notice is sent after commit only.
   */
  topics?: (ctx: { input: z.infer<S>; output: NoInfer<O>; tx: Tx }) => Promise<string[]> | string[];
  /** Runs after the transaction committed (e.g. starts background work on the saved row); must not throw. */
  afterCommit?: (output: O, input: z.infer<S>) => void;
  /**
   * Code-gated actions (claim, reset, password): the limiter (lib/server/http/limiter.ts) is asked
   * before the transaction, and a failure whose code is in `failsOn` counts against the keys
   * (outside the rolled-back transaction, so it sticks). `account` names the account key.
   */
  limit?: {
    bucket: LimitBucket;
    account?: (input: z.infer<S>, userId: string | null) => string | null;
    failsOn: string[];
    /** Extra bookkeeping of a counted failure (e.g. a reset code's own attempt count), after the rollback. */
    afterFailure?: (input: z.infer<S>) => Promise<void>;
  };
}): ActionDef<z.infer<S>, O, z.input<S>> {
  return {
    name: def.name,
    input: def.input as z.ZodType<z.infer<S>, z.input<S>>,
    run: def.run,
    async handle(userId, raw, client = NO_CLIENT) {
      const parsed = def.input.safeParse(raw, { reportInput: true });
      if (!parsed.success) return { ok: false, error: zodFailure(parsed.error) };
      // A code-gated action keys its limiter by account before the transaction: check the session first.
      if (def.limit && userId && client.sessionVersion !== undefined && !(await sessionIsCurrent(db(), userId, client.sessionVersion)))
        userId = null;
      const keys = def.limit ? { account: def.limit.account?.(parsed.data, userId) ?? null, address: client.address } : null;
      // True once checkLimit let the attempt through (and counted it as a failure, settled below).
      let counted = false;
      try {
        if (def.limit && keys) {
          const v = await checkLimit(def.limit.bucket, keys);
          if (!v.ok)
            throw new ActionError("RATE_LIMITED", `Too many wrong attempts: try again in ${v.retryAfterSec} seconds.`, undefined, {
              seconds: v.retryAfterSec,
            });
          counted = true;
        }
        const notices: LiveNotice[] = [];
        const data = await db().$transaction(async (tx) => {
          deferredBumps.set(tx, new Set());
          const actor = await loadActor(tx, userId, client.sessionVersion);
          const output = await def.run({ actor, input: parsed.data, tx, client });
          const events = [...deferredBumps.get(tx)!];
          // The topics first, then the version bump as late as possible: the bump locks the Event
          // row until COMMIT, and every mutation of the event needs that row (at a 750-team event's
          // reporting minute ~20 per second), so the lock is held for the bump, NOTIFY and COMMIT only.
          const topics = events.length && def.topics ? await def.topics({ input: parsed.data, output, tx }) : ["event"];
          for (const eventId of events) {
            const notice = { eventId, version: await bumpVersion(tx, eventId), topics };
            await notifyInTx(tx, notice); // Postgres delivers it at COMMIT only
            notices.push(notice);
          }
          return output;
        });
        for (const n of notices) liveAfterCommit(n);
        def.afterCommit?.(data, parsed.data);
        if (def.limit && keys && counted) await recordSuccess(def.limit.bucket, keys);
        return { ok: true, data };
      } catch (e) {
        if (def.limit && keys && counted) {
          // A counted failure stays counted (checkLimit counted it); any other outcome is taken back.
          if (e instanceof ActionError && def.limit.failsOn.includes(e.code))
            await def.limit.afterFailure?.(parsed.data).catch((err) => console.error(`[limiter ${def.name}]`, err));
          else await releaseAttempt(def.limit.bucket, keys).catch((err) => console.error(`[limiter ${def.name}]`, err));
        }
        if (e instanceof ActionError) {
          return {
            ok: false,
            error: {
              code: e.code,
              message: e.message,
              field: e.field,
              params: e.params,
              details: (e as ActionError & { details?: ActionFailure["details"] }).details,
            },
          };
        }
        if (prismaCode(e) === "P2002") {
          const target = String((e as { meta?: { target?: unknown } }).meta?.target ?? "");
          const mapped = def.onConflict?.(target);
          if (mapped)
            return { ok: false, error: { code: mapped.code, message: mapped.message, field: mapped.field, params: mapped.params } };
          return {
            ok: false,
            error: {
              code: "CONFLICT",
              message: "That was changed by someone else at the same time; reload and try again. Nothing was saved.",
              params: { what: "change" },
            },
          };
        }
        console.error(`[action ${def.name}]`, e);
        return { ok: false, error: { code: "INTERNAL", message: "Something went wrong on the server. Nothing was saved." } };
      }
    },
  };
}

/**
 * A refused field found after validation (inside `run`), shaped like a zod failure: code INVALID
 * with one detail {field, code, params}, so the form names the field by its label in the user's
 * language (common.errors.<code>). English message: "<field>: <rule>".
 */
export function fieldError(field: string, code: FieldProblem, params: Record<string, string | number> = {}): ActionError {
  const message = `${field}: ${fieldProblemText(code, params)}`;
  const e = detailedError("INVALID", message, [{ field, code, params, message }], field);
  e.params = params;
  return e;
}

/** An ActionError that also lists several problems (e.g. every bad line of an upload). */
export function detailedError(code: string, message: string, details: NonNullable<ActionFailure["details"]>, field?: string): ActionError {
  const e = new ActionError(code, message, field);
  (e as ActionError & { details?: ActionFailure["details"] }).details = details;
  return e;
}

type Json = Prisma.InputJsonValue | null;

/**
 * Per transaction run by {@link defineAction}: the events whose version the transaction bumps once,
 * at its end (the row lock is then held for the shortest time). Other transactions (scripts) bump at
 * once, in `audit`.
 */
const deferredBumps = new WeakMap<object, Set<string>>();

/** Adds 1 to the event's version; returns the new version. */
async function bumpVersion(tx: Tx, eventId: string): Promise<number> {
  const e = await tx.event.update({ where: { id: eventId }, data: { version: { increment: 1 } }, select: { version: true } });
  return e.version;
}

/**
 * Writes the one audit row of a mutation and bumps the event's version (live pages are told
 * through lib/server/live after commit): in an action's transaction once at its end, elsewhere at
 * once. before/after are plain JSON snapshots of what changed.
 */
export async function audit(
  tx: Tx,
  row: { eventId: string | null; actor: Actor; action: string; entity: string; entityId?: string | null; before?: Json; after?: Json },
): Promise<void> {
  await tx.auditLog.create({
    data: {
      eventId: row.eventId,
      userId: row.actor.userId,
      action: row.action,
      entity: row.entity,
      entityId: row.entityId ?? null,
      before: row.before ?? undefined,
      after: row.after ?? undefined,
    },
  });
  if (!row.eventId) return;
  const deferred = deferredBumps.get(tx);
  if (deferred) deferred.add(row.eventId);
  else await bumpVersion(tx, row.eventId);
}
