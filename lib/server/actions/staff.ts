/**
 * Staff invitations (issue #10): an existing account added as judge gets an invitation and no
 * access until its owner accepts it. Only the invitee can accept or decline.
 */
import { z } from "zod";
import { ActionError } from "@/lib/server/errors";
import { audit, defineAction } from "@/lib/server/action";
import { requireSignedIn } from "@/lib/auth/actor";

const input = z.object({ eventId: z.string().min(1) });

const noInvitation = () => new ActionError("NOT_FOUND", "You have no invitation for that event.", "eventId", { what: "invitation" });

/** Signed in: accept my invitation to the event's staff (becomes a judge of it). */
export const acceptInvitation = defineAction({
  name: "acceptInvitation",
  input,
  async run({ tx, actor, input }) {
    const userId = requireSignedIn(actor);
    const key = { eventId_userId: { eventId: input.eventId, userId } };
    const inv = await tx.staffInvitation.findUnique({ where: key });
    if (!inv) throw noInvitation();
    await tx.staffInvitation.delete({ where: key });
    await tx.eventStaff.create({ data: { eventId: input.eventId, userId, role: inv.role } });
    await audit(tx, { eventId: input.eventId, actor, action: "staff.acceptInvitation", entity: "User", entityId: userId, after: { role: inv.role } });
    return { eventId: input.eventId };
  },
});

/** Signed in: decline my invitation to the event's staff. */
export const declineInvitation = defineAction({
  name: "declineInvitation",
  input,
  async run({ tx, actor, input }) {
    const userId = requireSignedIn(actor);
    const key = { eventId_userId: { eventId: input.eventId, userId } };
    const inv = await tx.staffInvitation.findUnique({ where: key });
    if (!inv) throw noInvitation();
    await tx.staffInvitation.delete({ where: key });
    await audit(tx, { eventId: input.eventId, actor, action: "staff.declineInvitation", entity: "User", entityId: userId, before: { role: inv.role } });
    return { eventId: input.eventId };
  },
});
