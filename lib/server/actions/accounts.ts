/**
 * Accounts without email (issue #2): duelists claim their registration with a one-time claim code
 * (sign up, or link to the signed-in account); organizers and judges issue password-reset codes.
 */
import { z } from "zod";
import { nameText } from "@/lib/server/names";
import { ActionError } from "@/lib/server/errors";
import { audit, defineAction } from "@/lib/server/action";
import { requireSignedIn, requireStaff } from "@/lib/auth/actor";
import { checkSecret, hashSecret, newCode, normaliseCode } from "@/lib/auth/passwords";

export const username = z.string().trim().toLowerCase().min(3, "at least 3 characters").max(32)
  .regex(/^[a-z0-9._-]+$/, "USERNAME_CHARS");
export const password = z.string().min(8, "at least 8 characters").max(200);
const code = z.string().trim().min(4).max(20).transform(normaliseCode);

/** Public: create an account with a claim code and link it to that duelist. */
export const signUpWithClaim = defineAction({
  name: "signUpWithClaim",
  input: z.object({ code, username, displayName: nameText({ max: 80 }).optional(), password }),
  onConflict: () => new ActionError("USERNAME_TAKEN", "That username is taken.", "username"),
  async run({ tx, input }) {
    const duelist = await tx.duelist.findUnique({ where: { claimCode: input.code } });
    if (!duelist) throw new ActionError("BAD_CLAIM_CODE", "That claim code is not valid (or was already used).", "code");
    const user = await tx.user.create({
      data: { username: input.username, displayName: input.displayName ?? duelist.name, passwordHash: await hashSecret(input.password) },
    });
    await tx.duelist.update({ where: { id: duelist.id }, data: { userId: user.id, claimCode: null } });
    await audit(tx, { eventId: duelist.eventId, actor: { userId: user.id, username: user.username, displayName: user.displayName, isOrganizer: false }, action: "duelist.claim", entity: "Duelist", entityId: duelist.id, after: { userId: user.id } });
    return { username: user.username, eventId: duelist.eventId };
  },
});

/** Signed in: link the current account to the duelist holding this claim code. */
export const claimDuelist = defineAction({
  name: "claimDuelist",
  input: z.object({ code }),
  onConflict: () => new ActionError("ALREADY_IN_EVENT", "Your account is already linked to a duelist in this event.", "code"),
  async run({ tx, actor, input }) {
    const userId = requireSignedIn(actor);
    const duelist = await tx.duelist.findUnique({ where: { claimCode: input.code } });
    if (!duelist) throw new ActionError("BAD_CLAIM_CODE", "That claim code is not valid (or was already used).", "code");
    await tx.duelist.update({ where: { id: duelist.id }, data: { userId, claimCode: null } });
    await audit(tx, { eventId: duelist.eventId, actor, action: "duelist.claim", entity: "Duelist", entityId: duelist.id, after: { userId } });
    return { eventId: duelist.eventId };
  },
});

/** Public: set a new password with a reset code issued by staff. */
export const resetPassword = defineAction({
  name: "resetPassword",
  input: z.object({ username, code, password }),
  async run({ tx, input }) {
    const user = await tx.user.findUnique({ where: { username: input.username }, include: { resetCodes: { where: { usedAt: null, expiresAt: { gt: new Date() } } } } });
    let match: string | null = null;
    for (const c of user?.resetCodes ?? []) if (await checkSecret(input.code, c.codeHash)) match = c.id;
    if (!user || !match) throw new ActionError("BAD_RESET_CODE", "That username and code do not match an open reset code.", "code");
    await tx.user.update({ where: { id: user.id }, data: { passwordHash: await hashSecret(input.password) } });
    await tx.passwordResetCode.update({ where: { id: match }, data: { usedAt: new Date() } });
    await audit(tx, { eventId: null, actor: { userId: user.id, username: user.username, displayName: user.displayName, isOrganizer: user.isOrganizer }, action: "user.resetPassword", entity: "User", entityId: user.id });
    return { username: user.username };
  },
});

/**
 * Staff: issue a 48-hour reset code for a duelist of the event (judge or organizer) or a judge of
 * the event (organizer only). Returns the code once; only its hash is stored.
 */
export const issueResetCode = defineAction({
  name: "issueResetCode",
  input: z.object({ eventId: z.string().min(1), userId: z.string().min(1) }),
  async run({ tx, actor, input }) {
    const role = await requireStaff(tx, actor, input.eventId, "JUDGE");
    const isDuelist = await tx.duelist.findFirst({ where: { eventId: input.eventId, userId: input.userId } });
    const isStaff = await tx.eventStaff.findUnique({ where: { eventId_userId: { eventId: input.eventId, userId: input.userId } } });
    if (!isDuelist && !(isStaff && role === "ORGANIZER" && isStaff.role === "JUDGE")) {
      throw new ActionError("FORBIDDEN", "You can issue codes only for this event's duelists (and, as organizer, its judges).", "userId", { what: "issueCode" });
    }
    const plain = newCode();
    await tx.passwordResetCode.create({ data: { userId: input.userId, codeHash: await hashSecret(plain), issuedById: actor.userId, expiresAt: new Date(Date.now() + 48 * 3600_000) } });
    await audit(tx, { eventId: input.eventId, actor, action: "user.issueResetCode", entity: "User", entityId: input.userId });
    return { code: plain };
  },
});
