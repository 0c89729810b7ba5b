/**
 * Transaction helpers of the players stream (issue #16): the partner pool, placing complete
 * teams under the cap, moving waitlisted teams up, and the invite secrets.
 *
 * Contract of {@link enterPartnerPool} (also used by the roster import of issue #17): call it
 * inside the importing action's transaction; it writes one PartnerPoolEntry row (status POOL) and
 * no audit row (the caller writes its own one audit row). Refusals are ActionErrors:
 * ALREADY_ENTERED (the account or Player ID is already on a team, in an open registration or in
 * the pool of this event), EVENT_STARTED (round 1 is paired: no more matching).
 */
import { createHmac, randomBytes } from "node:crypto";
import type { Tx } from "@/lib/db";
import { ActionError } from "@/lib/errors";
import { serverSecret } from "@/lib/auth/passwords";
import { freshClaimCode } from "@/lib/server/write/claimCodes";
import { promotions, placeFor } from "@/lib/teams/selfRegistration";
import { sameTeamName } from "@/lib/teams";
import type { Designation, TeamEntry } from "@/lib/generated/prisma/client";

/** A link token: 32 random bytes (256 bits), base64url. */
export function newInviteToken(): string {
  return randomBytes(32).toString("base64url");
}

/** The stored form of an invite token or typed code: HMAC-SHA-256 (hex) under the server secret. */
export function inviteHash(kind: "token" | "code", value: string): string {
  return createHmac("sha256", serverSecret()).update(`invite-${kind}:${value}`).digest("hex");
}

/**
 * Refuses (ALREADY_ENTERED) when a person already takes part in the event: on a team, as the owner
 * of an open registration, or in the partner pool. A person is named by an account (`userId`), a
 * Player ID, or both, and each stands for the other: an account also stands for its profile Player
 * IDs (`konamiId`, `wizardsId`; each unique across accounts), and a Player ID for the account that
 * holds it. So a Player ID a judge typed at the desk refuses its account's own registration, and
 * the Player ID of another open registration's owner is refused as a partner.
 */
export async function assertNotEntered(tx: Tx, eventId: string, who: { userId?: string | null; playerId?: string | null }): Promise<void> {
  const ids = new Set<string>(who.playerId ? [who.playerId] : []);
  const users = new Set<string>(who.userId ? [who.userId] : []);
  if (who.userId) {
    const u = await tx.user.findUnique({ where: { id: who.userId }, select: { konamiId: true, wizardsId: true } });
    for (const id of [u?.konamiId, u?.wizardsId]) if (id) ids.add(id);
  }
  if (ids.size > 0) {
    const holders = await tx.user.findMany({
      where: { OR: [{ konamiId: { in: [...ids] } }, { wizardsId: { in: [...ids] } }] },
      select: { id: true },
    });
    for (const h of holders) users.add(h.id);
  }
  if (users.size === 0 && ids.size === 0) return;
  const person = (withPlayerId: boolean) => ({
    OR: [{ userId: { in: [...users] } }, ...(withPlayerId ? [{ playerId: { in: [...ids] } }] : [])],
  });
  // Sequential reads: one connection per transaction.
  const clash =
    (await tx.duelist.count({ where: { eventId, ...person(true) } })) > 0 ||
    (await tx.teamRegistration.count({ where: { eventId, status: "OPEN", userId: { in: [...users] } } })) > 0 ||
    (await tx.partnerPoolEntry.count({ where: { eventId, ...person(true) } })) > 0;
  if (clash) throw new ActionError("ALREADY_ENTERED", "That player is already entered in this event (team, registration or partner pool).");
}

/**
 * Puts one player in the event's partner pool (status POOL).
 * @param p name (display name, 1–80 characters, already validated), optional Player ID, optional account
 * @returns the new entry's id
 * @throws ActionError EVENT_STARTED, ALREADY_ENTERED
 */
export async function enterPartnerPool(
  tx: Tx,
  eventId: string,
  p: { name: string; playerId?: string | null; userId?: string | null },
): Promise<{ entryId: string }> {
  if ((await tx.round.count({ where: { eventId } })) > 0) throw new ActionError("EVENT_STARTED", "Round 1 is already paired.");
  await assertNotEntered(tx, eventId, p);
  const row = await tx.partnerPoolEntry.create({
    data: { eventId, name: p.name, playerId: p.playerId ?? null, userId: p.userId ?? null },
  });
  return { entryId: row.id };
}

/**
 * Serialises place decisions of one event (two partners accepting at the same moment must not both
 * take the last place): a row lock on the event until the transaction ends.
 */
export async function lockPlaces(tx: Tx, eventId: string): Promise<void> {
  await tx.$executeRaw`SELECT 1 FROM "Event" WHERE "id" = ${eventId} FOR UPDATE`;
}

/** Number of teams holding a place (the cap counts these). */
export function placedCount(tx: Tx, eventId: string): Promise<number> {
  return tx.team.count({ where: { eventId, entry: "PLACED", status: "ACTIVE" } });
}

/** Where a complete team goes now: PENDING_APPROVAL when the TO approves teams, else a place or the waitlist's end. */
export async function entryForNewTeam(
  tx: Tx,
  event: { id: string; teamCap: number | null; requireApproval: boolean },
  approved = false,
): Promise<{ entry: TeamEntry; waitlistSeq: number | null }> {
  if (event.requireApproval && !approved) return { entry: "PENDING_APPROVAL", waitlistSeq: null };
  const [place] = await entriesForStaffTeams(tx, event, 1);
  return place;
}

/**
 * Where `n` teams entered by staff go, in order (the registration desk, the roster import): the cap
 * counts every team however it was entered (issue #16), so they take the free places and then join
 * the waitlist's end in order. Staff entries need no approval ({@link entryForNewTeam} is the
 * one-team case for players' teams, after the approval step). Takes the event's places lock.
 */
export async function entriesForStaffTeams(
  tx: Tx,
  event: { id: string; teamCap: number | null },
  n: number,
): Promise<{ entry: TeamEntry; waitlistSeq: number | null }[]> {
  await lockPlaces(tx, event.id);
  if (event.teamCap === null) return Array.from({ length: n }, () => ({ entry: "PLACED", waitlistSeq: null }));
  let placed = await placedCount(tx, event.id);
  let seq = (await tx.team.aggregate({ where: { eventId: event.id }, _max: { waitlistSeq: true } }))._max.waitlistSeq ?? 0;
  return Array.from({ length: n }, () =>
    placeFor(placed, event.teamCap) === "PLACED"
      ? (placed++, { entry: "PLACED", waitlistSeq: null })
      : { entry: "WAITLIST", waitlistSeq: ++seq },
  );
}

/** Moves waitlisted teams up into free places (waitlist order); marks them MOVED_UP. Returns their ids. */
export async function fillFreePlaces(tx: Tx, event: { id: string; teamCap: number | null }, now = new Date()): Promise<string[]> {
  await lockPlaces(tx, event.id);
  const waitlist = await tx.team.findMany({
    where: { eventId: event.id, entry: "WAITLIST", status: "ACTIVE" },
    orderBy: { waitlistSeq: "asc" },
    select: { id: true },
  });
  const up = promotions(waitlist, await placedCount(tx, event.id), event.teamCap).map((t) => t.id);
  if (up.length)
    await tx.team.updateMany({ where: { id: { in: up } }, data: { entry: "PLACED", entryNotice: "MOVED_UP", entryNoticeAt: now } });
  return up;
}

/** A team name free in the event: `name`, else `name (2)`, `name (3)`, … (at most 80 characters). */
export async function freeTeamName(tx: Tx, eventId: string, name: string): Promise<string> {
  const taken = await tx.team.findMany({ where: { eventId }, select: { name: true } });
  for (let i = 1; ; i++) {
    const candidate = i === 1 ? name : `${name.slice(0, 74)} (${i})`;
    if (!sameTeamName(candidate, taken)) return candidate;
  }
}

/**
 * Creates a complete team of two from self-registration or the pool: duelists named and linked
 * as given (a person without an account gets a claim code, as on a judge's registration).
 */
export async function createPairTeam(
  tx: Tx,
  event: { id: string; teamCap: number | null; requireApproval: boolean },
  t: { name: string; a: PairMember; b: PairMember; approved?: boolean },
): Promise<{ teamId: string; entry: TeamEntry; name: string }> {
  // Number, name and place are decided under the event's lock (parallel acceptances queue here).
  await lockPlaces(tx, event.id);
  const last = await tx.team.findFirst({ where: { eventId: event.id }, orderBy: { number: "desc" } });
  const place = await entryForNewTeam(tx, event, t.approved);
  const name = await freeTeamName(tx, event.id, t.name);
  const member = (m: PairMember, designation: Designation) => {
    const code = m.userId ? null : freshClaimCode();
    return {
      eventId: event.id,
      designation,
      name: m.name,
      playerId: m.playerId ?? null,
      userId: m.userId ?? null,
      claimCodeHash: code?.claimCodeHash ?? null,
      claimExpiresAt: code?.claimExpiresAt ?? null,
    };
  };
  const team = await tx.team.create({
    data: {
      eventId: event.id,
      name,
      number: (last?.number ?? 0) + 1,
      entry: place.entry,
      waitlistSeq: place.waitlistSeq,
      duelists: { create: [member(t.a, "A"), member(t.b, "B")] },
    },
  });
  return { teamId: team.id, entry: place.entry, name };
}

export interface PairMember {
  name: string;
  playerId?: string | null;
  userId?: string | null;
}
