/**
 * Deck checks during a round (issue #4): a judge records that a team's decks were checked
 * (outcome OK or PROBLEM, with notes), corrects it, or removes a mistaken entry. One check per
 * (round, team) — recording again updates it. Suggestions come from lib/pairing `suggestDeckChecks`
 * (read side: lib/server/read/deckchecks.ts).
 */
import { z } from "zod";
import { plainText } from "@/lib/server/write/names";
import { ActionError } from "@/lib/errors";
import { audit, defineAction } from "@/lib/server/action";
import { requireStaff } from "@/lib/auth/actor";
import { DeckCheckOutcome } from "@/lib/generated/prisma/enums";

const outcome = z.enum(DeckCheckOutcome, { message: "choose OK or PROBLEM" });

/**
 * Judge of the event: record (or update) the deck check of `teamId` in `roundId`.
 * A PROBLEM needs notes (what was wrong). Refused for a team of another event or a dropped team.
 */
export const recordDeckCheck = defineAction({
  name: "recordDeckCheck",
  input: z.object({
    roundId: z.string().min(1),
    teamId: z.string().min(1, "choose a team"),
    outcome,
    notes: plainText(2000, "notes: at most 2,000 characters").optional(),
  }),
  async run({ tx, actor, input }) {
    const round = await tx.round.findUnique({ where: { id: input.roundId } });
    if (!round) throw new ActionError("NOT_FOUND", "No such round.", "roundId", { what: "round" });
    await requireStaff(tx, actor, round.eventId, "JUDGE");
    const team = await tx.team.findUnique({ where: { id: input.teamId } });
    if (!team || team.eventId !== round.eventId)
      throw new ActionError("NOT_FOUND", "That team is not in this event.", "teamId", { what: "teamInEvent" });
    const notes = input.notes ? input.notes : null;
    if (input.outcome === "PROBLEM" && !notes) throw new ActionError("NOTES_REQUIRED", "Describe the problem in the notes.", "notes");
    const existing = await tx.deckCheck.findUnique({ where: { roundId_teamId: { roundId: round.id, teamId: team.id } } });
    const data = { outcome: input.outcome, notes, judgeId: actor.userId };
    const saved = existing
      ? await tx.deckCheck.update({ where: { id: existing.id }, data })
      : await tx.deckCheck.create({ data: { ...data, eventId: round.eventId, roundId: round.id, teamId: team.id } });
    await audit(tx, {
      eventId: round.eventId,
      actor,
      action: existing ? "deckcheck.update" : "deckcheck.record",
      entity: "DeckCheck",
      entityId: saved.id,
      before: existing ? { outcome: existing.outcome, notes: existing.notes } : null,
      after: { round: round.number, team: team.name, outcome: saved.outcome, notes: saved.notes },
    });
    return { deckCheckId: saved.id, outcome: saved.outcome, updated: Boolean(existing) };
  },
});

/**
 * Judge of the event: remove the deck check of `teamId` in `roundId` (recorded by mistake).
 * Idempotent: with no check recorded nothing changes (`removed: false`); the audit row is written
 * either way so the attempt is on record.
 */
export const removeDeckCheck = defineAction({
  name: "removeDeckCheck",
  input: z.object({ roundId: z.string().min(1), teamId: z.string().min(1) }),
  async run({ tx, actor, input }) {
    const round = await tx.round.findUnique({ where: { id: input.roundId } });
    if (!round) throw new ActionError("NOT_FOUND", "No such round.", "roundId", { what: "round" });
    await requireStaff(tx, actor, round.eventId, "JUDGE");
    const check = await tx.deckCheck.findUnique({ where: { roundId_teamId: { roundId: round.id, teamId: input.teamId } } });
    if (check) await tx.deckCheck.delete({ where: { id: check.id } });
    await audit(tx, {
      eventId: round.eventId,
      actor,
      action: "deckcheck.remove",
      entity: "DeckCheck",
      entityId: check?.id ?? null,
      before: check ? { round: round.number, teamId: check.teamId, outcome: check.outcome, notes: check.notes } : null,
    });
    return { removed: Boolean(check) };
  },
});
