/**
 * Team registration (issue #2, issue #13 item 6): teams of exactly two duelists with a fixed
 * designation — A = first name on the registration form, B = second (RULES §1.1). The A/B order
 * locks when round 1 is published; names and Player IDs stay editable (audited) so a typo can be
 * fixed on slips and standings. A player is on at most one team per event (same player record or
 * same Player ID: refused). A duelist with the same name as one on another team, when no pair of
 * Player IDs tells them apart, needs the judge's confirmation (lib/teams/sameName). Each duelist
 * gets a one-time claim code for the registration receipt. A team can be deleted until round 1 is
 * paired; afterwards it drops.
 */
import { z } from "zod";
import { ActionError } from "@/lib/errors";
import { audit, defineAction } from "@/lib/server/action";
import { requireStaff } from "@/lib/auth/actor";
import { freshClaimCode } from "@/lib/server/write/claimCodes";
import { eventStarted } from "@/lib/server/write/eventRules";
import { sameNameClashes } from "@/lib/teams/sameName";
import type { Tx } from "@/lib/db";
import { assertTeamNameFree, nameText } from "@/lib/server/write/names";
import { entriesForStaffTeams } from "@/lib/server/write/players";
import { PERSON_NAME, TEAM_NAME } from "@/lib/fields";

/** Team name as stored: NFC, trimmed, spaces collapsed; NAME_CHARS / NAME_INVISIBLE refused (lib/teams); 1–80 characters. */
const teamName = nameText({ ...TEAM_NAME, required: "the team name is required" });

const duelistInput = z.object({
  name: nameText({ ...PERSON_NAME, required: "the duelist's name is required" }),
  playerId: z
    .string()
    .trim()
    .max(40)
    .regex(/^[0-9A-Za-z-]*$/, "PLAYER_ID_CHARS")
    .optional()
    .transform((v) => (v ? v : null)),
});

type DuelistIn = { name: string; playerId: string | null };

/**
 * The registration checks shared by register and edit, inside the transaction: A and B with one
 * Player ID → refused (`b.playerId`); a Player ID already on another team → refused
 * (`<side>.playerId`); a name matching a duelist of another team with no Player IDs telling them
 * apart → SAME_NAME_CONFIRM (`<side>.name`) unless `confirmed`. `teamId` = the edited team
 * (left out of the comparison), null when registering. `sides` = the sides whose name or ID
 * changed (an unchanged duelist is not asked about again).
 */
async function checkDuelists(
  tx: Tx,
  eventId: string,
  teamId: string | null,
  input: { a: DuelistIn; b: DuelistIn },
  sides: readonly ("a" | "b")[],
  confirmed: boolean,
): Promise<void> {
  if (input.a.playerId && input.a.playerId === input.b.playerId) {
    throw new ActionError(
      "DUPLICATE_PLAYER",
      `Duelist B has the same player ID as duelist A (${input.b.playerId}): one player cannot be both.`,
      "b.playerId",
      { what: "sameTeam", playerId: input.b.playerId },
    );
  }
  const others = await tx.duelist.findMany({
    where: { eventId, ...(teamId ? { teamId: { not: teamId } } : {}) },
    select: { name: true, playerId: true, team: { select: { name: true } } },
  });
  for (const side of ["a", "b"] as const) {
    const pid = input[side].playerId;
    const other = pid ? others.find((d) => d.playerId === pid) : undefined;
    if (other)
      throw new ActionError(
        "DUPLICATE_PLAYER",
        `Player ID ${pid} is already registered on team "${other.team.name}".`,
        `${side}.playerId`,
        { what: "otherTeam", playerId: pid!, team: other.team.name },
      );
  }
  if (confirmed) return;
  for (const side of sides) {
    const clash = sameNameClashes(
      input[side],
      others.map((d) => ({ name: d.name, playerId: d.playerId, team: d.team.name })),
    )[0];
    if (clash) {
      throw new ActionError(
        "SAME_NAME_CONFIRM",
        `A duelist named "${clash.name}" is already on team "${clash.team}". If this is a different person, confirm (or add ` +
          `Player IDs to tell them apart).`,
        `${side}.name`,
        { name: clash.name, team: clash.team },
      );
    }
  }
}

const confirmSameName = z.boolean().optional().default(false);

/**
 * Judge: register a team of two. Errors name the field (e.g. `b.name`, `a.playerId`);
 * SAME_NAME_CONFIRM until `confirmSameName: true` when a name is already on another team. Under a
 * team cap with no free place the team joins the waitlist (`entry: "WAITLIST"`; lib/server/write/players).
 */
export const registerTeam = defineAction({
  name: "registerTeam",
  input: z.object({ eventId: z.string().min(1), name: teamName, a: duelistInput, b: duelistInput, confirmSameName }),
  onConflict: (target) =>
    target.includes("name")
      ? new ActionError("TEAM_NAME_TAKEN", "A team with that name is already registered.", "name", { what: "unnamed" })
      : new ActionError("DUPLICATE_PLAYER", "That player is already on a team in this event.", "a.playerId", { what: "event" }),
  async run({ tx, actor, input }) {
    await requireStaff(tx, actor, input.eventId, "JUDGE");
    const event = await tx.event.findUniqueOrThrow({ where: { id: input.eventId } });
    if (event.status === "FINISHED") throw new ActionError("EVENT_FINISHED", "This event is finished.");
    // Names clash case-insensitively after Unicode normalization (lib/teams), checked in this transaction.
    await assertTeamNameFree(tx, input.eventId, input.name);
    await checkDuelists(tx, input.eventId, null, input, ["a", "b"], input.confirmSameName);
    const last = await tx.team.findFirst({ where: { eventId: input.eventId }, orderBy: { number: "desc" } });
    // Late entry (issue #5, PS09): after round 1 is paired the team starts next round; missed rounds count as losses until the organizer
    // picks byes.
    const lastRound = await tx.round.findFirst({ where: { eventId: input.eventId }, orderBy: { number: "desc" } });
    const codeA = freshClaimCode(),
      codeB = freshClaimCode();
    const [place] = await entriesForStaffTeams(tx, event, 1);
    const team = await tx.team.create({
      data: {
        eventId: input.eventId,
        name: input.name,
        number: (last?.number ?? 0) + 1,
        entry: place.entry,
        waitlistSeq: place.waitlistSeq,
        ...(lastRound ? { entryRound: lastRound.number + 1, entryPolicy: "losses" } : {}),
        duelists: {
          create: [
            {
              eventId: input.eventId,
              designation: "A",
              name: input.a.name,
              playerId: input.a.playerId,
              claimCodeHash: codeA.claimCodeHash,
              claimExpiresAt: codeA.claimExpiresAt,
            },
            {
              eventId: input.eventId,
              designation: "B",
              name: input.b.name,
              playerId: input.b.playerId,
              claimCodeHash: codeB.claimCodeHash,
              claimExpiresAt: codeB.claimExpiresAt,
            },
          ],
        },
      },
      include: { duelists: true },
    });
    await audit(tx, {
      eventId: input.eventId,
      actor,
      action: "team.register",
      entity: "Team",
      entityId: team.id,
      after: {
        name: team.name,
        number: team.number,
        a: input.a.name,
        b: input.b.name,
        entryRound: team.entryRound,
        ...(place.entry === "WAITLIST" ? { entry: "WAITLIST" } : {}),
        ...(input.confirmSameName ? { sameNameConfirmed: true } : {}),
      },
    });
    // The claim codes exist in plaintext only here (the receipt prints them once; lib/server/write/claimCodes.ts).
    return { teamId: team.id, number: team.number, entry: place.entry, claimCodes: { A: codeA.code, B: codeB.code } };
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
    const team = await tx.team.findUnique({
      where: { id: input.teamId },
      include: { duelists: true, event: { select: { status: true } } },
    });
    if (!team) throw new ActionError("NOT_FOUND", "No such team.", "teamId", { what: "team" });
    await requireStaff(tx, actor, team.eventId, "JUDGE");
    if (team.event.status === "FINISHED") throw new ActionError("EVENT_FINISHED", "This event is finished.");
    const claimCodes: Partial<Record<"A" | "B", string>> = {};
    for (const d of team.duelists) {
      if (d.userId) continue;
      const c = freshClaimCode();
      await tx.duelist.update({
        where: { id: d.id },
        data: { claimCodeHash: c.claimCodeHash, claimExpiresAt: c.claimExpiresAt, legacyClaimCode: null },
      });
      claimCodes[d.designation] = c.code;
    }
    await audit(tx, {
      eventId: team.eventId,
      actor,
      action: "team.reissueClaimCodes",
      entity: "Team",
      entityId: team.id,
      after: { duelist: Object.keys(claimCodes).join(", ") },
    });
    return { claimCodes };
  },
});

/**
 * Judge: edit a team — its name, each duelist's name and Player ID (any time, audited), and swap
 * A and B (`swap: true`, only until round 1 is published: RULES §1.1 fixes the designation for the
 * event). `a` and `b` are the CURRENT duelists A and B: an edit changes that person's record and
 * never which account it is linked to; a swap exchanges the two records' designations, so each
 * person keeps their account, claim code and decklist. Refusals: TEAM_NAME_TAKEN, DUPLICATE_PLAYER,
 * SAME_NAME_CONFIRM (until `confirmSameName`), AB_LOCKED.
 */
export const updateTeam = defineAction({
  name: "updateTeam",
  input: z.object({
    teamId: z.string().min(1),
    name: teamName,
    a: duelistInput,
    b: duelistInput,
    swap: z.boolean().optional().default(false),
    confirmSameName,
  }),
  onConflict: () => new ActionError("CONFLICT", "That team name or player ID is already used in this event.", "name", { what: "team" }),
  async run({ tx, actor, input }) {
    const team = await tx.team.findUnique({ where: { id: input.teamId }, include: { duelists: true } });
    if (!team) throw new ActionError("NOT_FOUND", "No such team.", "teamId", { what: "team" });
    await requireStaff(tx, actor, team.eventId, "JUDGE");
    if (input.swap && (await eventStarted(tx, team.eventId)))
      throw new ActionError(
        "AB_LOCKED",
        "Duelists A and B are fixed once round 1 is published (names and Player IDs can still be corrected).",
        "swap",
      );
    await assertTeamNameFree(tx, team.eventId, input.name, team.id);
    const byDes = Object.fromEntries(team.duelists.map((d) => [d.designation, d])) as Record<"A" | "B", (typeof team.duelists)[number]>;
    const changed = (["a", "b"] as const).filter((s) => {
      const cur = byDes[s === "a" ? "A" : "B"];
      return cur.name !== input[s].name || cur.playerId !== input[s].playerId;
    });
    await checkDuelists(tx, team.eventId, team.id, input, changed, input.confirmSameName);
    // Clear player IDs first so moving an ID from A to B does not trip the unique index midway.
    await tx.duelist.updateMany({ where: { teamId: team.id }, data: { playerId: null } });
    await tx.duelist.update({ where: { id: byDes.A.id }, data: { name: input.a.name, playerId: input.a.playerId } });
    await tx.duelist.update({ where: { id: byDes.B.id }, data: { name: input.b.name, playerId: input.b.playerId } });
    if (input.swap) await swapDesignations(tx, team, byDes.A.id, byDes.B.id);
    await tx.team.update({ where: { id: team.id }, data: { name: input.name } });
    await audit(tx, {
      eventId: team.eventId,
      actor,
      action: "team.update",
      entity: "Team",
      entityId: team.id,
      before: { name: team.name, a: byDes.A.name, aPlayerId: byDes.A.playerId, b: byDes.B.name, bPlayerId: byDes.B.playerId },
      after: {
        name: input.name,
        ...(input.swap
          ? { a: input.b.name, aPlayerId: input.b.playerId, b: input.a.name, bPlayerId: input.a.playerId, swapped: true }
          : { a: input.a.name, aPlayerId: input.a.playerId, b: input.b.name, bPlayerId: input.b.playerId }),
        ...(input.confirmSameName ? { sameNameConfirmed: true } : {}),
      },
    });
    return { teamId: team.id };
  },
});

/**
 * Exchanges the designations of a team's two duelist records (A ↔ B) so everything tied to a
 * record (account, claim code, decklist, penalties) stays with its person. The unique index
 * (teamId, designation) is checked row by row in Postgres, so record A is parked on a temporary
 * team of the same event for the middle step; the temporary team is removed in the same
 * transaction (nobody else ever sees it).
 */
export async function swapDesignations(
  tx: Tx,
  team: { id: string; eventId: string; number: number },
  aId: string,
  bId: string,
): Promise<void> {
  const park = await tx.team.create({ data: { eventId: team.eventId, name: `swap ${team.id}`, number: -team.number } });
  await tx.duelist.update({ where: { id: aId }, data: { teamId: park.id, designation: "B" } });
  await tx.duelist.update({ where: { id: bId }, data: { designation: "A" } });
  await tx.duelist.update({ where: { id: aId }, data: { teamId: team.id } });
  await tx.team.delete({ where: { id: park.id } });
}

/**
 * Judge: delete a team registered by mistake — only before round 1 is paired (afterwards it is in
 * a pairing: drop it instead, PS04). Its duelists, claim codes, decklists and keep-apart pairs go
 * with it; one audit row keeps the team's name and duelists.
 */
export const deleteTeam = defineAction({
  name: "deleteTeam",
  input: z.object({ teamId: z.string().min(1) }),
  async run({ tx, actor, input }) {
    const team = await tx.team.findUnique({ where: { id: input.teamId }, include: { duelists: { orderBy: { designation: "asc" } } } });
    if (!team) throw new ActionError("NOT_FOUND", "No such team.", "teamId", { what: "team" });
    await requireStaff(tx, actor, team.eventId, "JUDGE");
    if ((await tx.round.count({ where: { eventId: team.eventId } })) > 0) {
      throw new ActionError("TEAM_DELETE_STARTED", "A team can be deleted only before round 1 is paired; drop it instead.");
    }
    await tx.avoidPair.deleteMany({ where: { eventId: team.eventId, OR: [{ teamAId: team.id }, { teamBId: team.id }] } });
    await tx.team.delete({ where: { id: team.id } });
    await audit(tx, {
      eventId: team.eventId,
      actor,
      action: "team.delete",
      entity: "Team",
      entityId: team.id,
      before: {
        name: team.name,
        number: team.number,
        duelists: team.duelists.map((d) => ({
          designation: d.designation,
          name: d.name,
          playerId: d.playerId,
          claimed: d.userId !== null,
        })),
      },
    });
    return { deleted: true };
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
    await audit(tx, {
      eventId: team.eventId,
      actor,
      action: "team.drop",
      entity: "Team",
      entityId: team.id,
      before: { status: "ACTIVE" },
      after: { status: "DROPPED", droppedAfter: lastClosed?.number ?? 0 },
    });
    return { teamId: team.id };
  },
  topics: ({ input }) => [`team:${input.teamId}`, "standings"],
});
