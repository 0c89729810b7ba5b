/**
 * Live reads of a phone's own data may use a session-version check at most SESSION_TRUST_MS old
 * (lib/auth/sessionVersion.ts, issue #15): the hub's check of its streams counts, this process's own bump
 * of a user's session version forgets it, and a stale or wrong version is read again and refused.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  SESSION_TRUST_MS,
  clearSessionChecks,
  forgetSessionChecks,
  noteSessionsChecked,
  sessionIsCurrent,
  sessionIsCurrentTrusted,
} from "@/lib/auth/sessionVersion";
import type { Db } from "@/lib/db";

/** A client whose User rows are `versions`, counting the queries made. */
function fakeDb(versions: Map<string, number>) {
  const calls: string[] = [];
  const client = {
    user: {
      findUnique: async ({ where }: { where: { id: string } }) => {
        calls.push(where.id);
        const v = versions.get(where.id);
        return v === undefined ? null : { sessionVersion: v };
      },
    },
  } as unknown as Db;
  return { client, calls };
}

describe("trusted session checks for live reads", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date("2026-12-01T10:00:00Z") });
    clearSessionChecks();
  });
  afterEach(() => vi.useRealTimers());

  it("a check is trusted for SESSION_TRUST_MS, then read again", async () => {
    const { client, calls } = fakeDb(new Map([["u1", 3]]));
    expect(await sessionIsCurrentTrusted(client, "u1", 3)).toBe(true);
    expect(await sessionIsCurrentTrusted(client, "u1", 3)).toBe(true);
    expect(calls).toEqual(["u1"]);
    vi.advanceTimersByTime(SESSION_TRUST_MS);
    expect(await sessionIsCurrentTrusted(client, "u1", 3)).toBe(true);
    expect(calls).toEqual(["u1", "u1"]);
  });

  it("the hub's check of its streams makes the users' next live reads free", async () => {
    const { client, calls } = fakeDb(
      new Map([
        ["u1", 0],
        ["u2", 5],
      ]),
    );
    noteSessionsChecked(
      new Map([
        ["u1", 0],
        ["u2", 5],
      ]),
    );
    expect(await sessionIsCurrentTrusted(client, "u1", undefined)).toBe(true); // a token without sv is version 0
    expect(await sessionIsCurrentTrusted(client, "u2", 5)).toBe(true);
    expect(calls).toEqual([]);
  });

  it("a token of another version is read and refused, and never trusted", async () => {
    const { client, calls } = fakeDb(new Map([["u1", 4]]));
    noteSessionsChecked([["u1", 4]]);
    expect(await sessionIsCurrentTrusted(client, "u1", 3)).toBe(false);
    expect(await sessionIsCurrentTrusted(client, "u1", 3)).toBe(false);
    expect(calls).toEqual(["u1", "u1"]);
    expect(await sessionIsCurrentTrusted(client, "nobody", 0)).toBe(false);
  });

  it("after this process bumps a user's version (sign-out), the next live read checks again and is refused", async () => {
    const versions = new Map([["u1", 1]]);
    const { client, calls } = fakeDb(versions);
    expect(await sessionIsCurrent(client, "u1", 1)).toBe(true);
    versions.set("u1", 2);
    forgetSessionChecks("u1");
    expect(await sessionIsCurrentTrusted(client, "u1", 1)).toBe(false);
    expect(calls).toEqual(["u1", "u1"]);
  });
});
