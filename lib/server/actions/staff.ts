/**
 * Staff invitations (issue #10): an existing account added as judge gets an invitation and no
 * access until its owner accepts it. Only the invitee can accept or decline.
 */
import { z } from "zod";
import { ActionError } from "@/lib/errors";
import { audit, defineAction } from "@/lib/server/action";
import { requireSignedIn, type Actor } from "@/lib/auth/actor";
import type { Tx } from "@/lib/db";
import type { StaffRole } from "@/lib/generated/prisma/client";
import { addStaff } from "@/lib/server/write/staff";

const input = z.object({ eventId: z.string().min(1) });

/**
 * Removes the signed-in user's invitation to `eventId` and returns its role; throws NOT_FOUND
 * (what: invitation) when there is none, FORBIDDEN when signed out. Accepting and declining both
 * use the invitation up.
 */
async function takeInvitation(tx: Tx, actor: Actor, eventId: string): Promise<{ userId: string; role: StaffRole }> {
  const userId = requireSignedIn(actor);
  const key = { eventId_userId: { eventId, userId } };
  const inv = await tx.staffInvitation.findUnique({ where: key });
  if (!inv) throw new ActionError("NOT_FOUND", "You have no invitation for that event.", "eventId", { what: "invitation" });
  await tx.staffInvitation.delete({ where: key });
  return { userId, role: inv.role };
}

/** Signed in: accept my invitation to the event's staff (becomes a judge of it, and of its flights: lib/server/write/staff). */
export const acceptInvitation = defineAction({
  name: "acceptInvitation",
  input,
  async run({ tx, actor, input }) {
    const { userId, role } = await takeInvitation(tx, actor, input.eventId);
    const { flights } = await addStaff(tx, input.eventId, userId, role);
    await audit(tx, {
      eventId: input.eventId,
      actor,
      action: "staff.acceptInvitation",
      entity: "User",
      entityId: userId,
      after: { role, ...(flights ? { flights } : {}) },
    });
    return { eventId: input.eventId };
  },
});

/** Signed in: decline my invitation to the event's staff. */
export const declineInvitation = defineAction({
  name: "declineInvitation",
  input,
  async run({ tx, actor, input }) {
    const { userId, role } = await takeInvitation(tx, actor, input.eventId);
    await audit(tx, {
      eventId: input.eventId,
      actor,
      action: "staff.declineInvitation",
      entity: "User",
      entityId: userId,
      before: { role },
    });
    return { eventId: input.eventId };
  },
});
