/**
 * Players (issue #16): accounts that last across events, team self-registration with a partner
 * invite (link or typed code), waitlist and TO approval, the partner pool and "match partners",
 * and closing check-in with waitlist promotion. Rules live in lib/teams/selfRegistration.ts,
 * lib/teams/partners.ts and lib/accounts/inviteCodes.ts; transaction helpers in
 * lib/server/write/players.ts. A judge can do for a player what the player does here (withdraw,
 * A/B order, pool entry; a judge registers a whole team with registerTeam).
 */
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { ActionError } from "@/lib/errors";
import { audit, defineAction } from "@/lib/server/action";
import { requireSignedIn, requireStaff, type Actor } from "@/lib/auth/actor";
import { hashSecret, newCode, normaliseCode } from "@/lib/auth/passwords";
import type { Tx } from "@/lib/db";
import { assertTeamNameFree, nameText } from "@/lib/server/write/names";
import { PERSON_NAME, TEAM_NAME } from "@/lib/fields";
import { eventRules } from "@/lib/server/write/eventRules";
import { instantOfField } from "@/lib/dates/zoned";
import { recheckTeam } from "@/lib/server/write/decklists";
import {
  assertNotEntered,
  createPairTeam,
  enterPartnerPool,
  entryForNewTeam,
  fillFreePlaces,
  inviteHash,
  newInviteToken,
} from "@/lib/server/write/players";
import { INVITE_CODE_HOURS, INVITE_TOKEN_DAYS, MAX_OPEN_CODES_PER_EVENT } from "@/lib/accounts/inviteCodes";
import { checkInClosePlan, defaultTeamName, orderEditable, registrationOpen } from "@/lib/teams/selfRegistration";
import { matchPartners as drawPartners, PartnerMatchError } from "@/lib/teams/partners";
import { swapDesignations } from "./teams";
import { password, username } from "./accounts";

const HOUR = 3600_000;
const id = z.string().min(1).max(64);
const playerIdField = z
  .string()
  .trim()
  .max(40)
  .regex(/^[0-9A-Za-z-]*$/, "PLAYER_ID_CHARS")
  .optional()
  .transform((v) => (v ? v : null));
/** A date-time field: "" / null = none; without an offset it is read in the event's time zone (lib/dates/zoned). */
const dateTimeField = z.union([z.literal(""), z.null(), z.iso.datetime({ local: true, offset: true })]).optional();

/** The event's registration window (lib/teams/selfRegistration registrationOpen) or a clear refusal. */
async function requireOpenRegistration(tx: Tx, eventId: string) {
  const { event, preset } = await eventRules(tx, eventId);
  const started = (await tx.round.count({ where: { eventId } })) > 0;
  const why = registrationOpen(
    {
      selfRegistration: event.selfRegistration,
      opensAt: event.registrationOpensAt,
      closesAt: event.registrationClosesAt,
      started,
      finished: event.status === "FINISHED",
    },
    new Date(),
  );
  if (why === "NOT_SELF") throw new ActionError("SELF_REGISTRATION_OFF", "This event does not take registrations from players.");
  if (why === "NOT_YET")
    throw new ActionError("REGISTRATION_NOT_OPEN", "Registration is not open yet.", undefined, {
      opensAt: event.registrationOpensAt!.toISOString(),
    });
  if (why === "CLOSED") throw new ActionError("REGISTRATION_CLOSED", "Registration for this event is closed.");
  return { event, preset };
}

/** The player's Player ID for the event's game (Konami Card Game ID / COSSY or Wizards Account). */
function profilePlayerId(u: { konamiId: string | null; wizardsId: string | null }, game: string): string | null {
  return game === "MTG" ? u.wizardsId : u.konamiId;
}

/** A member of the team (a duelist linked to the actor) or a judge of its event; returns the team. */
async function teamOrJudge(tx: Tx, actor: Actor, teamId: string) {
  const userId = requireSignedIn(actor);
  const team = await tx.team.findUnique({ where: { id: teamId }, include: { duelists: true } });
  if (!team) throw new ActionError("NOT_FOUND", "No such team.", "teamId", { what: "team" });
  if (team.duelists.some((d) => d.userId === userId)) return { team, asJudge: false };
  await requireStaff(tx, actor, team.eventId, "JUDGE");
  return { team, asJudge: true };
}

// ---------------------------------------------------------------------------------------------
// Accounts and profile

/** Public: create a player account (username + password; email optional, contact only — Tandem sends no email). */
export const signUp = defineAction({
  name: "signUp",
  input: z.object({
    username,
    password,
    displayName: nameText({ max: 80, required: "the display name is required" }),
    email: z.string().trim().max(200).email().optional().or(z.literal("")),
  }),
  onConflict: () => new ActionError("USERNAME_TAKEN", "That username is taken.", "username"),
  async run({ tx, input }) {
    const user = await tx.user.create({
      data: {
        username: input.username,
        displayName: input.displayName,
        email: input.email || null,
        passwordHash: await hashSecret(input.password),
      },
    });
    await audit(tx, {
      eventId: null,
      actor: { userId: user.id, username: user.username, displayName: user.displayName, isOrganizer: false },
      action: "account.signup",
      entity: "User",
      entityId: user.id,
      after: { username: user.username },
    });
    return { username: user.username };
  },
});

/** Signed in: the own profile — display name, email (contact only), Player IDs per game, language. */
export const updateProfile = defineAction({
  name: "updateProfile",
  input: z.object({
    displayName: nameText({ max: 80, required: "the display name is required" }),
    email: z.string().trim().max(200).email().optional().or(z.literal("")),
    konamiId: playerIdField,
    wizardsId: playerIdField,
    language: z.enum(["", "en", "pt-BR", "it"]).optional(),
  }),
  onConflict: (target) =>
    target.includes("wizards")
      ? new ActionError("PLAYER_ID_TAKEN", "Another account already has that Wizards Account.", "wizardsId")
      : new ActionError("PLAYER_ID_TAKEN", "Another account already has that Card Game ID.", "konamiId"),
  async run({ tx, actor, input }) {
    const userId = requireSignedIn(actor);
    const before = await tx.user.findUniqueOrThrow({ where: { id: userId } });
    const after = {
      displayName: input.displayName,
      email: input.email || null,
      konamiId: input.konamiId,
      wizardsId: input.wizardsId,
      language: input.language || null,
    };
    await tx.user.update({ where: { id: userId }, data: after });
    await audit(tx, {
      eventId: null,
      actor,
      action: "account.profile",
      entity: "User",
      entityId: userId,
      before: { displayName: before.displayName, konamiId: before.konamiId, wizardsId: before.wizardsId, language: before.language },
      after: { displayName: after.displayName, konamiId: after.konamiId, wizardsId: after.wizardsId, language: after.language },
    });
    return { ok: true };
  },
});

/**
 * Judge: the display name of the account holding exactly this Player ID (the event's game: Card
 * Game ID for Yu-Gi-Oh!, Wizards Account for Magic) — display name only, to fill the registration
 * form. It does not link anything (only the player's own claim does). Unknown IDs count against the
 * judge in the limiter (bucket "lookup"), so IDs cannot be harvested.
 */
export const lookupPlayerId = defineAction({
  name: "lookupPlayerId",
  input: z.object({ eventId: id, playerId: z.string().trim().min(1).max(40) }),
  limit: { bucket: "lookup", account: (_i, userId) => (userId ? `user:${userId}` : null), failsOn: ["UNKNOWN_PLAYER_ID"] },
  async run({ tx, actor, input }) {
    await requireStaff(tx, actor, input.eventId, "JUDGE");
    const { preset } = await eventRules(tx, input.eventId);
    const u = await tx.user.findUnique({
      where: preset.game === "MTG" ? { wizardsId: input.playerId } : { konamiId: input.playerId },
      select: { displayName: true },
    });
    if (!u) throw new ActionError("UNKNOWN_PLAYER_ID", "No account has that Player ID.", "playerId");
    return { displayName: u.displayName };
  },
});

// ---------------------------------------------------------------------------------------------
// Registration settings (TO)

/** Organizer: self-registration on/off, its window, the cap in teams, and whether the TO approves teams. */
export const setSelfRegistration = defineAction({
  name: "setSelfRegistration",
  input: z.object({
    eventId: id,
    selfRegistration: z.boolean(),
    opensAt: dateTimeField,
    closesAt: dateTimeField,
    teamCap: z.coerce.number().int().min(1).max(4096).nullable().optional(),
    requireApproval: z.boolean().optional().default(false),
  }),
  async run({ tx, actor, input }) {
    await requireStaff(tx, actor, input.eventId, "ORGANIZER");
    const { timeZone } = await tx.event.findUniqueOrThrow({ where: { id: input.eventId }, select: { timeZone: true } });
    const opensAt = input.opensAt ? instantOfField(input.opensAt, timeZone) : null;
    const closesAt = input.closesAt ? instantOfField(input.closesAt, timeZone) : null;
    if (opensAt && closesAt && closesAt <= opensAt)
      throw new ActionError("REGISTRATION_WINDOW_ORDER", "Registration must open before it closes.", "closesAt");
    const data = {
      selfRegistration: input.selfRegistration,
      registrationOpensAt: opensAt,
      registrationClosesAt: closesAt,
      teamCap: input.teamCap ?? null,
      requireApproval: input.requireApproval,
    };
    await tx.event.update({ where: { id: input.eventId }, data });
    // A raised cap frees places: the waitlist moves up at once.
    const movedUp = await fillFreePlaces(tx, { id: input.eventId, teamCap: data.teamCap });
    await audit(tx, {
      eventId: input.eventId,
      actor,
      action: "registration.settings",
      entity: "Event",
      entityId: input.eventId,
      after: {
        ...data,
        registrationOpensAt: opensAt?.toISOString() ?? null,
        registrationClosesAt: closesAt?.toISOString() ?? null,
        movedUp,
      },
    });
    return { movedUp };
  },
});

// ---------------------------------------------------------------------------------------------
// Team self-registration

/**
 * Signed-in player, registration window open: registers a team with themselves as A or B and gets
 * the partner invite — a link token (7 days, single use) and, while the event has fewer than 64
 * open ones, a typed code (48 h). Both are shown once; only their HMACs are stored.
 */
export const registerOwnTeam = defineAction({
  name: "registerOwnTeam",
  input: z.object({ eventId: id, name: nameText(TEAM_NAME).optional().or(z.literal("")), side: z.enum(["A", "B"]) }),
  async run({ tx, actor, input }) {
    const userId = requireSignedIn(actor);
    await requireOpenRegistration(tx, input.eventId);
    await assertNotEntered(tx, input.eventId, { userId });
    if (input.name) {
      await assertTeamNameFree(tx, input.eventId, input.name);
    }
    const now = Date.now();
    const token = newInviteToken();
    const openCodes = await tx.teamRegistration.count({
      where: { eventId: input.eventId, status: "OPEN", codeExpiresAt: { gt: new Date(now) } },
    });
    const code = openCodes < MAX_OPEN_CODES_PER_EVENT ? newCode() : null;
    const reg = await tx.teamRegistration.create({
      data: {
        eventId: input.eventId,
        name: input.name || "",
        userId,
        side: input.side,
        tokenHash: inviteHash("token", token),
        tokenExpiresAt: new Date(now + INVITE_TOKEN_DAYS * 24 * HOUR),
        codeHash: code ? inviteHash("code", code) : null,
        codeExpiresAt: code ? new Date(now + INVITE_CODE_HOURS * HOUR) : null,
      },
    });
    await audit(tx, {
      eventId: input.eventId,
      actor,
      action: "registration.start",
      entity: "TeamRegistration",
      entityId: reg.id,
      after: { name: reg.name, side: reg.side, code: Boolean(code) },
    });
    return {
      registrationId: reg.id,
      token,
      code,
      tokenExpiresAt: reg.tokenExpiresAt.toISOString(),
      codeExpiresAt: reg.codeExpiresAt?.toISOString() ?? null,
    };
  },
});

/**
 * Completes a registration with the partner: the team is created (placed, waitlisted or pending
 * approval). The partner is the signed-in actor (their account's name and Player ID), or, for a judge
 * at the desk, `byJudge`: a person named there, entered unclaimed (a claim code on the team's receipt).
 */
async function completeRegistration(
  tx: Tx,
  actor: Actor,
  reg: { id: string; eventId: string; userId: string; name: string; side: "A" | "B" },
  byJudge?: { name: string; playerId: string | null },
) {
  const actorId = requireSignedIn(actor);
  if (!byJudge && actorId === reg.userId) throw new ActionError("OWN_INVITE", "This is your own invitation: send it to your partner.");
  const { event, preset } = await requireOpenRegistration(tx, reg.eventId);
  await assertNotEntered(tx, reg.eventId, byJudge ? { playerId: byJudge.playerId } : { userId: actorId });
  const owner = await tx.user.findUniqueOrThrow({ where: { id: reg.userId } });
  const m = (u: typeof owner) => ({ name: u.displayName, playerId: profilePlayerId(u, preset.game), userId: u.id });
  const partnerMember = byJudge
    ? { name: byJudge.name, playerId: byJudge.playerId, userId: null }
    : m(await tx.user.findUniqueOrThrow({ where: { id: actorId } }));
  const [a, b] = reg.side === "A" ? [m(owner), partnerMember] : [partnerMember, m(owner)];
  const team = await createPairTeam(tx, event, { name: reg.name || defaultTeamName(a.name, b.name), a, b });
  // Single use: the secrets are gone with the acceptance.
  await tx.teamRegistration.update({
    where: { id: reg.id },
    data: { status: "ACCEPTED", teamId: team.teamId, tokenHash: `used:${reg.id}`, codeHash: null, codeExpiresAt: null },
  });
  await audit(tx, {
    eventId: reg.eventId,
    actor,
    action: "registration.accept",
    entity: "Team",
    entityId: team.teamId,
    after: { name: team.name, entry: team.entry, registrationId: reg.id, ...(byJudge ? { partnerByJudge: byJudge.name } : {}) },
  });
  return { teamId: team.teamId, eventId: reg.eventId, entry: team.entry, name: team.name };
}

const badInvite = () => new ActionError("BAD_INVITE", "That invitation link is not valid (expired, or already used).");

/** Signed in: accept a partner invitation by its link token (single use, 7 days). */
export const acceptInvite = defineAction({
  name: "acceptInvite",
  input: z.object({ token: z.string().trim().min(20).max(100) }),
  onConflict: () => new ActionError("ALREADY_ENTERED", "That player is already entered in this event."),
  async run({ tx, actor, input }) {
    requireSignedIn(actor);
    const reg = await tx.teamRegistration.findUnique({ where: { tokenHash: inviteHash("token", input.token) } });
    if (!reg || reg.status !== "OPEN" || reg.tokenExpiresAt <= new Date()) throw badInvite();
    return completeRegistration(tx, actor, reg);
  },
});

const badCode = () => new ActionError("BAD_INVITE_CODE", "That partner code is not valid (expired, or already used).", "code");

/**
 * Signed in: accept by the typed 8-symbol code (48 h) on the event's page. Wrong codes count in
 * the limiter bucket "invite" per address and per event (lib/accounts/inviteCodes.ts).
 */
export const acceptInviteCode = defineAction({
  name: "acceptInviteCode",
  input: z.object({ eventId: id, code: z.string().trim().min(8).max(20).transform(normaliseCode) }),
  limit: { bucket: "invite", account: (i) => `event:${i.eventId}`, failsOn: ["BAD_INVITE_CODE"] },
  onConflict: () => new ActionError("ALREADY_ENTERED", "That player is already entered in this event."),
  async run({ tx, actor, input }) {
    requireSignedIn(actor);
    const reg = await tx.teamRegistration.findUnique({ where: { codeHash: inviteHash("code", input.code) } });
    if (!reg || reg.eventId !== input.eventId || reg.status !== "OPEN" || !reg.codeExpiresAt || reg.codeExpiresAt <= new Date())
      throw badCode();
    return completeRegistration(tx, actor, reg);
  },
});

/**
 * Judge, at the desk: completes a registration still waiting for the partner with the partner named
 * there (a player without a phone or account: entered unclaimed, the team's receipt carries the claim
 * code), under the same rules as the partner's own acceptance (window, cap, waitlist, approval, one
 * entry per Player ID). The registrant's side (A/B) is kept.
 */
export const completeRegistrationForPartner = defineAction({
  name: "completeRegistrationForPartner",
  input: z.object({
    registrationId: id,
    name: nameText({ ...PERSON_NAME, required: "the partner's name is required" }),
    playerId: playerIdField,
  }),
  onConflict: () => new ActionError("ALREADY_ENTERED", "That player is already entered in this event."),
  async run({ tx, actor, input }) {
    const reg = await tx.teamRegistration.findUnique({ where: { id: input.registrationId } });
    if (!reg) throw new ActionError("NOT_FOUND", "No such registration.", "registrationId", { what: "registration" });
    await requireStaff(tx, actor, reg.eventId, "JUDGE");
    if (reg.status !== "OPEN" || reg.tokenExpiresAt <= new Date()) throw badInvite();
    return completeRegistration(tx, actor, reg, { name: input.name, playerId: input.playerId });
  },
});

/** The registrant (or a judge): cancel a registration still waiting for the partner. */
export const cancelRegistration = defineAction({
  name: "cancelRegistration",
  input: z.object({ registrationId: id }),
  async run({ tx, actor, input }) {
    const userId = requireSignedIn(actor);
    const reg = await tx.teamRegistration.findUnique({ where: { id: input.registrationId } });
    if (!reg) throw new ActionError("NOT_FOUND", "No such registration.", "registrationId", { what: "registration" });
    if (reg.userId !== userId) await requireStaff(tx, actor, reg.eventId, "JUDGE");
    if (reg.status !== "OPEN") throw badInvite();
    await tx.teamRegistration.update({
      where: { id: reg.id },
      data: { status: "CANCELLED", tokenHash: `cancelled:${reg.id}`, codeHash: null, codeExpiresAt: null },
    });
    await audit(tx, { eventId: reg.eventId, actor, action: "registration.cancel", entity: "TeamRegistration", entityId: reg.id });
    return { ok: true };
  },
});

/**
 * A member (or a judge): withdraw the team before round 1 is paired (afterwards: drop). The team
 * is removed; when it held a place, the next waitlisted team moves up (waitlist order).
 */
export const withdrawTeam = defineAction({
  name: "withdrawTeam",
  input: z.object({ teamId: id }),
  async run({ tx, actor, input }) {
    const { team } = await teamOrJudge(tx, actor, input.teamId);
    if ((await tx.round.count({ where: { eventId: team.eventId } })) > 0)
      throw new ActionError("EVENT_STARTED", "Round 1 is already paired: drop the team instead.");
    const event = await tx.event.findUniqueOrThrow({ where: { id: team.eventId } });
    await tx.partnerPoolEntry.updateMany({ where: { teamId: team.id }, data: { status: "WITHDRAWN", teamId: null } });
    await tx.team.delete({ where: { id: team.id } });
    // Waitlisted teams were approved before they joined the waitlist: a freed place goes to the first of them.
    const movedUp = team.entry === "PLACED" ? await fillFreePlaces(tx, event) : [];
    await audit(tx, {
      eventId: team.eventId,
      actor,
      action: "team.withdraw",
      entity: "Team",
      entityId: team.id,
      before: { name: team.name, entry: team.entry, duelists: team.duelists.map((d) => `${d.designation}: ${d.name}`) },
      after: { movedUp: movedUp },
    });
    return { movedUp: movedUp };
  },
});

/** A member (or a judge): swap A and B — until the earlier of the decklist deadline and round 1's publication (RULES §1.1). */
export const swapTeamOrder = defineAction({
  name: "swapTeamOrder",
  input: z.object({ teamId: id }),
  async run({ tx, actor, input }) {
    const { team } = await teamOrJudge(tx, actor, input.teamId);
    const event = await tx.event.findUniqueOrThrow({ where: { id: team.eventId } });
    const published = (await tx.round.count({ where: { eventId: team.eventId, number: 1, publishedAt: { not: null } } })) > 0;
    if (!orderEditable({ decklistDeadline: event.decklistDeadline, round1Published: published }, new Date()))
      throw new ActionError("ORDER_LOCKED", "A and B are fixed now (the decklist deadline passed or round 1 is published).");
    const a = team.duelists.find((d) => d.designation === "A")!,
      b = team.duelists.find((d) => d.designation === "B")!;
    await swapDesignations(tx, team, a.id, b.id);
    await audit(tx, {
      eventId: team.eventId,
      actor,
      action: "team.order",
      entity: "Team",
      entityId: team.id,
      before: { a: a.name, b: b.name },
      after: { a: b.name, b: a.name },
    });
    return { a: b.name, b: a.name };
  },
});

/** Organizer: rename a team (the default name is "A-surname / B-surname"). */
export const renameTeam = defineAction({
  name: "renameTeam",
  input: z.object({ teamId: id, name: nameText({ ...TEAM_NAME, required: "the team name is required" }) }),
  onConflict: () => new ActionError("TEAM_NAME_TAKEN", "A team with that name is already registered.", "name", { what: "unnamed" }),
  async run({ tx, actor, input }) {
    const team = await tx.team.findUnique({ where: { id: input.teamId } });
    if (!team) throw new ActionError("NOT_FOUND", "No such team.", "teamId", { what: "team" });
    await requireStaff(tx, actor, team.eventId, "ORGANIZER");
    await assertTeamNameFree(tx, team.eventId, input.name, team.id);
    await tx.team.update({ where: { id: team.id }, data: { name: input.name } });
    await audit(tx, {
      eventId: team.eventId,
      actor,
      action: "team.rename",
      entity: "Team",
      entityId: team.id,
      before: { name: team.name },
      after: { name: input.name },
    });
    return { name: input.name };
  },
});

/** Organizer: approve a team waiting for approval (it takes a place or the waitlist's end) or decline it (removed). */
export const approveTeam = defineAction({
  name: "approveTeam",
  input: z.object({ teamId: id, approve: z.boolean() }),
  async run({ tx, actor, input }) {
    const team = await tx.team.findUnique({ where: { id: input.teamId } });
    if (!team) throw new ActionError("NOT_FOUND", "No such team.", "teamId", { what: "team" });
    await requireStaff(tx, actor, team.eventId, "ORGANIZER");
    if (team.entry !== "PENDING_APPROVAL") throw new ActionError("NOT_PENDING", "This team is not waiting for approval.");
    const event = await tx.event.findUniqueOrThrow({ where: { id: team.eventId } });
    let entry: string = "DECLINED";
    if (input.approve) {
      const place = await entryForNewTeam(tx, event, true);
      await tx.team.update({ where: { id: team.id }, data: place });
      entry = place.entry;
    } else {
      await tx.partnerPoolEntry.updateMany({ where: { teamId: team.id }, data: { status: "WITHDRAWN", teamId: null } });
      await tx.team.delete({ where: { id: team.id } });
    }
    await audit(tx, {
      eventId: team.eventId,
      actor,
      action: "team.approve",
      entity: "Team",
      entityId: team.id,
      before: { name: team.name },
      after: { entry },
    });
    return { entry };
  },
});

// ---------------------------------------------------------------------------------------------
// Partner pool

/**
 * A signed-in player enters the partner pool alone (registration window open; their display name
 * and the Player ID of the event's game from the profile), or a judge enters someone by name.
 */
export const joinPartnerPool = defineAction({
  name: "joinPartnerPool",
  input: z.object({ eventId: id, name: nameText(PERSON_NAME).optional(), playerId: playerIdField }),
  onConflict: () => new ActionError("ALREADY_ENTERED", "That player is already entered in this event."),
  async run({ tx, actor, input }) {
    const userId = requireSignedIn(actor);
    let entry: { entryId: string };
    if (input.name) {
      await requireStaff(tx, actor, input.eventId, "JUDGE");
      entry = await enterPartnerPool(tx, input.eventId, { name: input.name, playerId: input.playerId });
    } else {
      const { preset } = await requireOpenRegistration(tx, input.eventId);
      const u = await tx.user.findUniqueOrThrow({ where: { id: userId } });
      entry = await enterPartnerPool(tx, input.eventId, { name: u.displayName, playerId: profilePlayerId(u, preset.game), userId });
    }
    await audit(tx, {
      eventId: input.eventId,
      actor,
      action: "pool.join",
      entity: "PartnerPoolEntry",
      entityId: entry.entryId,
      after: { name: input.name ?? actor.displayName },
    });
    return entry;
  },
});

/** The player (or a judge): leave the pool before being matched. */
export const leavePartnerPool = defineAction({
  name: "leavePartnerPool",
  input: z.object({ entryId: id }),
  async run({ tx, actor, input }) {
    const userId = requireSignedIn(actor);
    const e = await tx.partnerPoolEntry.findUnique({ where: { id: input.entryId } });
    if (!e) throw new ActionError("NOT_FOUND", "No such pool entry.", "entryId", { what: "entry" });
    if (e.userId !== userId) await requireStaff(tx, actor, e.eventId, "JUDGE");
    if (e.status === "MATCHED") throw new ActionError("ALREADY_MATCHED", "Already matched with a partner: withdraw the team instead.");
    await tx.partnerPoolEntry.delete({ where: { id: e.id } });
    await audit(tx, {
      eventId: e.eventId,
      actor,
      action: "pool.leave",
      entity: "PartnerPoolEntry",
      entityId: e.id,
      before: { name: e.name },
    });
    return { ok: true };
  },
});

/**
 * Organizer, before round 1 is paired: "match partners". The pool (and earlier leftovers) is
 * paired by lib/teams/partners matchPartners with the seed (given, or drawn and recorded in
 * Event.partnerSeed and the audit row); manual pairs are kept; A/B drawn. Each new team is placed
 * under the cap like any other (no approval step: the TO made it) and its lists re-checked as a
 * team (lib/server/write/decklists recheckTeam; Tag 2013 counts Limited per team). A leftover
 * single gets status LEFTOVER.
 */
export const matchPartners = defineAction({
  name: "matchPartners",
  input: z.object({
    eventId: id,
    seed: z.string().trim().max(64).optional(),
    pairs: z
      .array(z.tuple([id, id]))
      .max(2048)
      .optional()
      .default([]),
  }),
  async run({ tx, actor, input }) {
    await requireStaff(tx, actor, input.eventId, "ORGANIZER");
    if ((await tx.round.count({ where: { eventId: input.eventId } })) > 0)
      throw new ActionError("EVENT_STARTED", "Round 1 is already paired: partners are matched before it.");
    const rules = await eventRules(tx, input.eventId);
    const pool = await tx.partnerPoolEntry.findMany({
      where: { eventId: input.eventId, status: { in: ["POOL", "LEFTOVER"] } },
      orderBy: { createdAt: "asc" },
    });
    const seed = input.seed || randomBytes(8).toString("hex");
    let draw;
    try {
      draw = drawPartners(
        pool.map((p) => p.id),
        seed,
        input.pairs,
      );
    } catch (e) {
      if (e instanceof PartnerMatchError)
        throw new ActionError(
          "BAD_PAIR",
          e.reason === "UNKNOWN" ? "A manual pair names someone not in the pool." : "A manual pair names someone twice.",
          "pairs",
          { id: e.id },
        );
      throw e;
    }
    const byId = new Map(pool.map((p) => [p.id, p]));
    const made: { teamId: string; name: string; entry: string; a: string; b: string }[] = [];
    for (const t of draw.teams) {
      const a = byId.get(t.a)!,
        b = byId.get(t.b)!;
      const team = await createPairTeam(tx, rules.event, { name: defaultTeamName(a.name, b.name), a, b, approved: true });
      await tx.partnerPoolEntry.update({ where: { id: a.id }, data: { status: "MATCHED", teamId: team.teamId, designation: "A" } });
      await tx.partnerPoolEntry.update({ where: { id: b.id }, data: { status: "MATCHED", teamId: team.teamId, designation: "B" } });
      await recheckTeam(tx, input.eventId, team.teamId, rules);
      made.push({ teamId: team.teamId, name: team.name, entry: team.entry, a: a.name, b: b.name });
    }
    if (draw.leftover) await tx.partnerPoolEntry.update({ where: { id: draw.leftover }, data: { status: "LEFTOVER" } });
    await tx.event.update({ where: { id: input.eventId }, data: { partnerSeed: seed } });
    await audit(tx, {
      eventId: input.eventId,
      actor,
      action: "pool.match",
      entity: "Event",
      entityId: input.eventId,
      after: {
        seed,
        manual: input.pairs.length,
        teams: made.map((m) => `${m.a} (A) + ${m.b} (B)`),
        leftover: draw.leftover ? byId.get(draw.leftover)!.name : null,
      },
    });
    return { seed, teams: made, leftover: draw.leftover ? { entryId: draw.leftover, name: byId.get(draw.leftover)!.name } : null };
  },
});

// ---------------------------------------------------------------------------------------------
// Check-in close (waitlist promotion)

/**
 * Organizer, before round 1 is paired: close check-in (sets Event.checkInClosedAt). Each placed
 * team not checked in (Team.checkedIn false) loses its place to the next checked-in waitlisted
 * team in waitlist order (lib/teams/selfRegistration checkInClosePlan); both see it on their
 * team/player page (entryNotice LOST_PLACE / MOVED_UP).
 */
export const closeCheckIn = defineAction({
  name: "closeCheckIn",
  input: z.object({ eventId: id }),
  async run({ tx, actor, input }) {
    await requireStaff(tx, actor, input.eventId, "ORGANIZER");
    const event = await tx.event.findUniqueOrThrow({ where: { id: input.eventId } });
    if (event.checkInClosedAt) throw new ActionError("CHECK_IN_CLOSED", "Check-in is already closed.");
    if ((await tx.round.count({ where: { eventId: input.eventId } })) > 0)
      throw new ActionError("EVENT_STARTED", "Round 1 is already paired.");
    const sel = { id: true, checkedIn: true } as const;
    const placed = await tx.team.findMany({
      where: { eventId: event.id, status: "ACTIVE", entry: "PLACED" },
      orderBy: { number: "asc" },
      select: sel,
    });
    const waitlist = await tx.team.findMany({
      where: { eventId: event.id, status: "ACTIVE", entry: "WAITLIST" },
      orderBy: { waitlistSeq: "asc" },
      select: sel,
    });
    const plan = checkInClosePlan(placed, waitlist);
    const now = new Date();
    if (plan.length) {
      await tx.team.updateMany({
        where: { id: { in: plan.map((p) => p.lost) } },
        data: { entry: "LOST_PLACE", entryNotice: "LOST_PLACE", entryNoticeAt: now },
      });
      await tx.team.updateMany({
        where: { id: { in: plan.map((p) => p.movedUp) } },
        data: { entry: "PLACED", entryNotice: "MOVED_UP", entryNoticeAt: now },
      });
    }
    await tx.event.update({ where: { id: event.id }, data: { checkInClosedAt: now } });
    await audit(tx, { eventId: event.id, actor, action: "checkin.close", entity: "Event", entityId: event.id, after: { swaps: plan } });
    return { swaps: plan };
  },
});
