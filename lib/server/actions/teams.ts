/**
 * Team registration (issue #2): teams of exactly two duelists with a fixed designation —
 * A = first name on the registration form, B = second (RULES §1.1). Editable until round 1 is
 * published, then locked. A player is on at most one team per event (same player record or same
 * player ID). Each duelist gets a one-time claim code for the registration receipt.
 */
import { z } from "zod";
import { ActionError } from "@/lib/server/errors";
import { audit, defineAction } from "@/lib/server/action";
import { requireStaff } from "@/lib/auth/actor";
import { freshClaimCode } from "@/lib/server/claimCodes";
import { eventStarted } from "./events";
import { normalizeTeamName, sameTeamName } from "@/lib/teams";

/** Team name as stored: NFC, trimmed, spaces collapsed (lib/teams); 1–80 characters. */
const teamName = z.string().trim().min(1, "the team name is required").max(80).transform(normalizeTeamName);

const duelistInput = z.object({
  name: z.string().trim().min(1, "the duelist's name is required").max(80),
  playerId: z.string().trim().max(40).regex(/^[0-9A-Za-z-]*$/, "PLAYER_ID_CHARS").optional()
    .transform((v) => (v ? v : null)),
});

/** Judge: register a team of two. Errors name the field (e.g. `b.name`, `a.playerId`). */
export const registerTeam = defineAction({
  name: "registerTeam",
  input: z.object({ eventId: z.string().min(1), name: teamName, a: duelistInput, b: duelistInput }),
  onConflict: (target) => target.includes("name")
    ? new ActionError("TEAM_NAME_TAKEN", "A team with that name is already registered.", "name", { what: "unnamed" })
    : new ActionError("DUPLICATE_PLAYER", "That player is already on a team in this event.", "a.playerId", { what: "event" }),
  async run({ tx, actor, input }) {
    await requireStaff(tx, actor, input.eventId, "JUDGE");
    const event = await tx.event.findUniqueOrThrow({ where: { id: input.eventId } });
    if (event.status === "FINISHED") throw new ActionError("EVENT_FINISHED", "This event is finished.");
    if (input.a.playerId && input.a.playerId === input.b.playerId) {
      throw new ActionError("DUPLICATE_PLAYER", `Duelist B has the same player ID as duelist A (${input.b.playerId}): one player cannot be both.`, "b.playerId", { what: "sameTeam", playerId: input.b.playerId });
    }
    for (const side of ["a", "b"] as const) {
      const pid = input[side].playerId;
      if (!pid) continue;
      const other = await tx.duelist.findUnique({ where: { eventId_playerId: { eventId: input.eventId, playerId: pid } }, include: { team: true } });
      if (other) throw new ActionError("DUPLICATE_PLAYER", `Player ID ${pid} is already registered on team "${other.team.name}".`, `${side}.playerId`, { what: "otherTeam", playerId: pid, team: other.team.name });
    }
    // T11: names clash case-insensitively after Unicode normalization (lib/teams), checked in this transaction.
    const clash = sameTeamName(input.name, await tx.team.findMany({ where: { eventId: input.eventId }, select: { name: true } }));
    if (clash) throw new ActionError("TEAM_NAME_TAKEN", `A team named "${clash.name}" is already registered.`, "name", { what: "named", name: clash.name });
    const last = await tx.team.findFirst({ where: { eventId: input.eventId }, orderBy: { number: "desc" } });
    // Late entry (issue #5, PS09): after round 1 is paired the team starts next round; missed rounds count as losses until the organizer picks byes.
    const lastRound = await tx.round.findFirst({ where: { eventId: input.eventId }, orderBy: { number: "desc" } });
    const codeA = freshClaimCode(), codeB = freshClaimCode();
    const team = await tx.team.create({
      data: {
        eventId: input.eventId, name: input.name, number: (last?.number ?? 0) + 1,
        ...(lastRound ? { entryRound: lastRound.number + 1, entryPolicy: "losses" } : {}),
        duelists: {
          create: [
            { eventId: input.eventId, designation: "A", name: input.a.name, playerId: input.a.playerId, claimCodeHash: codeA.claimCodeHash, claimExpiresAt: codeA.claimExpiresAt },
            { eventId: input.eventId, designation: "B", name: input.b.name, playerId: input.b.playerId, claimCodeHash: codeB.claimCodeHash, claimExpiresAt: codeB.claimExpiresAt },
          ],
        },
      },
      include: { duelists: true },
    });
    await audit(tx, {
      eventId: input.eventId, actor, action: "team.register", entity: "Team", entityId: team.id,
      after: { name: team.name, number: team.number, a: input.a.name, b: input.b.name, entryRound: team.entryRound },
    });
    // The claim codes exist in plaintext only here (the receipt prints them once; lib/server/claimCodes.ts).
    return { teamId: team.id, number: team.number, claimCodes: { A: codeA.code, B: codeB.code } };
  },
});

/**
 * Judge: (re)print a team's receipt — every unclaimed duelist gets a NEW claim code and the old
 * one stops working. Returns {claimCodes: {A?, B?}} (only unclaimed duelists have one).
 */
export const reissueClaimCodes = defineAction({
  name: "reissueClaimCodes",
  input: z.object({ teamId: z.string().min(1) }),
  async run({ tx, actor, input }) {
    const team = await tx.team.findUnique({ where: { id: input.teamId }, include: { duelists: true, event: { select: { status: true } } } });
    if (!team) throw new ActionError("NOT_FOUND", "No such team.", "teamId", { what: "team" });
    await requireStaff(tx, actor, team.eventId, "JUDGE");
    if (team.event.status === "FINISHED") throw new ActionError("EVENT_FINISHED", "This event is finished.");
    const claimCodes: Partial<Record<"A" | "B", string>> = {};
    for (const d of team.duelists) {
      if (d.userId) continue;
      const c = freshClaimCode();
      await tx.duelist.update({ where: { id: d.id }, data: { claimCodeHash: c.claimCodeHash, claimExpiresAt: c.claimExpiresAt, legacyClaimCode: null } });
      claimCodes[d.designation] = c.code;
    }
    await audit(tx, { eventId: team.eventId, actor, action: "team.reissueClaimCodes", entity: "Team", entityId: team.id, after: { duelist: Object.keys(claimCodes).join(", ") } });
    return { claimCodes };
  },
});

/** Judge: edit a team's name, duelist names/IDs, or swap A and B — until round 1 is published. */
export const updateTeam = defineAction({
  name: "updateTeam",
  input: z.object({ teamId: z.string().min(1), name: teamName, a: duelistInput, b: duelistInput }),
  onConflict: () => new ActionError("CONFLICT", "That team name or player ID is already used in this event.", "name", { what: "team" }),
  async run({ tx, actor, input }) {
    const team = await tx.team.findUnique({ where: { id: input.teamId }, include: { duelists: true } });
    if (!team) throw new ActionError("NOT_FOUND", "No such team.", "teamId", { what: "team" });
    await requireStaff(tx, actor, team.eventId, "JUDGE");
    if (await eventStarted(tx, team.eventId)) throw new ActionError("TEAMS_LOCKED", "Teams are locked once round 1 has started.");
    if (input.a.playerId && input.a.playerId === input.b.playerId) throw new ActionError("DUPLICATE_PLAYER", "Duelists A and B cannot share a player ID.", "b.playerId", { what: "sameTeam", playerId: input.a.playerId });
    const clash = sameTeamName(input.name, await tx.team.findMany({ where: { eventId: team.eventId, id: { not: team.id } }, select: { name: true } }));
    if (clash) throw new ActionError("TEAM_NAME_TAKEN", `A team named "${clash.name}" is already registered.`, "name", { what: "named", name: clash.name });
    const byDes = Object.fromEntries(team.duelists.map((d) => [d.designation, d]));
    // Clear player IDs first so a swap between A and B does not trip the unique index midway.
    await tx.duelist.updateMany({ where: { teamId: team.id }, data: { playerId: null } });
    await tx.duelist.update({ where: { id: byDes.A.id }, data: { name: input.a.name, playerId: input.a.playerId } });
    await tx.duelist.update({ where: { id: byDes.B.id }, data: { name: input.b.name, playerId: input.b.playerId } });
    await tx.team.update({ where: { id: team.id }, data: { name: input.name } });
    await audit(tx, {
      eventId: team.eventId, actor, action: "team.update", entity: "Team", entityId: team.id,
      before: { name: team.name, a: byDes.A.name, b: byDes.B.name },
      after: { name: input.name, a: input.a.name, b: input.b.name },
    });
    return { teamId: team.id };
  },
});

/** Judge: drop a team (it is not paired again; its results still count — PS04). */
export const dropTeam = defineAction({
  name: "dropTeam",
  input: z.object({ teamId: z.string().min(1) }),
  async run({ tx, actor, input }) {
    const team = await tx.team.findUnique({ where: { id: input.teamId } });
    if (!team) throw new ActionError("NOT_FOUND", "No such team.", "teamId", { what: "team" });
    await requireStaff(tx, actor, team.eventId, "JUDGE");
    if (team.status === "DROPPED") throw new ActionError("ALREADY_DROPPED", "That team has already dropped.");
    const lastClosed = await tx.round.findFirst({ where: { eventId: team.eventId, status: "CLOSED" }, orderBy: { number: "desc" } });
    await tx.team.update({ where: { id: team.id }, data: { status: "DROPPED", droppedAfter: lastClosed?.number ?? 0 } });
    await audit(tx, { eventId: team.eventId, actor, action: "team.drop", entity: "Team", entityId: team.id, before: { status: "ACTIVE" }, after: { status: "DROPPED", droppedAfter: lastClosed?.number ?? 0 } });
    return { teamId: team.id };
  },
});
