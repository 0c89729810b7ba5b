/**
 * Accounts without email (issues #2, #10): duelists claim their registration with a one-time
 * claim code (sign up, or link to the signed-in account); staff issue password-reset codes under
 * the reset rule (lib/accounts/resetRule.ts); a signed-in user changes their password. Every
 * code-gated action goes through the limiter (lib/server/http/limiter.ts).
 */
import { z } from "zod";
import { nameText } from "@/lib/server/write/names";
import { ActionError } from "@/lib/errors";
import { audit, defineAction } from "@/lib/server/action";
import { requireSignedIn, requireStaff } from "@/lib/auth/actor";
import { forgetSessionChecks } from "@/lib/auth/sessionVersion";
import { checkSecret, hashSecret, newCode, normaliseCode } from "@/lib/auth/passwords";
import { findClaimable } from "@/lib/server/write/claimCodes";
import { mayIssueReset, type ResetIssuer } from "@/lib/accounts/resetRule";
import { db, type Tx } from "@/lib/db";

export const username = z
  .string()
  .trim()
  .toLowerCase()
  .min(3, "at least 3 characters")
  .max(32)
  .regex(/^[a-z0-9._-]+$/, "USERNAME_CHARS");
export const password = z.string().min(8, "at least 8 characters").max(200);
const code = z.string().trim().min(4).max(20).transform(normaliseCode);

/** A reset code works for 24 hours and dies after this many wrong codes typed for its account. */
export const RESET_CODE_HOURS = 24;
export const RESET_CODE_MAX_ATTEMPTS = 5;

const badClaim = () => new ActionError("BAD_CLAIM_CODE", "That claim code is not valid (expired, or already used).", "code");

/** Public: create an account with a claim code and link it to that duelist. */
export const signUpWithClaim = defineAction({
  name: "signUpWithClaim",
  input: z.object({ code, username, displayName: nameText({ max: 80 }).optional(), password }),
  onConflict: () => new ActionError("USERNAME_TAKEN", "That username is taken.", "username"),
  limit: { bucket: "claim", failsOn: ["BAD_CLAIM_CODE"] },
  async run({ tx, input }) {
    const duelist = await findClaimable(tx, input.code);
    if (!duelist) throw badClaim();
    const user = await tx.user.create({
      data: { username: input.username, displayName: input.displayName ?? duelist.name, passwordHash: await hashSecret(input.password) },
    });
    await tx.duelist.update({ where: { id: duelist.id }, data: { userId: user.id, claimCodeHash: null, claimExpiresAt: null } });
    await audit(tx, {
      eventId: duelist.eventId,
      actor: { userId: user.id, username: user.username, displayName: user.displayName, isOrganizer: false },
      action: "duelist.claim",
      entity: "Duelist",
      entityId: duelist.id,
      after: { userId: user.id },
    });
    return { username: user.username, eventId: duelist.eventId };
  },
});

/** Signed in: link the current account to the duelist holding this claim code. */
export const claimDuelist = defineAction({
  name: "claimDuelist",
  input: z.object({ code }),
  onConflict: () => new ActionError("ALREADY_IN_EVENT", "Your account is already linked to a duelist in this event.", "code"),
  limit: { bucket: "claim", failsOn: ["BAD_CLAIM_CODE"] },
  async run({ tx, actor, input }) {
    const userId = requireSignedIn(actor);
    const duelist = await findClaimable(tx, input.code);
    if (!duelist) throw badClaim();
    await tx.duelist.update({ where: { id: duelist.id }, data: { userId, claimCodeHash: null, claimExpiresAt: null } });
    await audit(tx, {
      eventId: duelist.eventId,
      actor,
      action: "duelist.claim",
      entity: "Duelist",
      entityId: duelist.id,
      after: { userId },
    });
    return { eventId: duelist.eventId };
  },
});

/**
 * Sets a new password and ends the account's other life: every session (session version +1),
 * every open reset code (voided). Used by resetPassword and changePassword.
 */
async function setPassword(tx: Tx, userId: string, plain: string, notice: { by: string } | null): Promise<void> {
  const now = new Date();
  await tx.user.update({
    where: { id: userId },
    data: {
      passwordHash: await hashSecret(plain),
      sessionVersion: { increment: 1 },
      ...(notice ? { resetNoticeBy: notice.by, resetNoticeAt: now } : { resetNoticeBy: null, resetNoticeAt: null }),
    },
  });
  await tx.passwordResetCode.updateMany({ where: { userId, usedAt: null }, data: { usedAt: now } });
  forgetSessionChecks(userId);
}

/**
 * The reset rule (lib/accounts/resetRule.ts) applied to the accounts as they are NOW: the
 * target's organizer flag, staff rows anywhere, duelist link to `eventId`, creator.
 * Used when a code is issued and again when it is redeemed (a code issued for a plain duelist
 * must not open an account that has since become staff or organizer somewhere).
 */
async function resetVerdict(tx: Tx, issuer: ResetIssuer, targetId: string, eventId: string) {
  const target = await tx.user.findUnique({ where: { id: targetId }, include: { staff: { select: { eventId: true, role: true } } } });
  if (!target) return { ok: false, reason: "NOT_IN_EVENT" } as const;
  const duelist = await tx.duelist.findFirst({ where: { eventId, userId: target.id }, select: { id: true } });
  // Issue #16: a self-made player who entered the event without a duelist yet (open registration, partner pool).
  const entered =
    !duelist &&
    ((await tx.teamRegistration.count({ where: { eventId, userId: target.id, status: "OPEN" } })) > 0 ||
      (await tx.partnerPoolEntry.count({ where: { eventId, userId: target.id, status: { in: ["POOL", "LEFTOVER"] } } })) > 0);
  return mayIssueReset(
    issuer,
    {
      userId: target.id,
      isOrganizer: target.isOrganizer,
      staffRoles: target.staff,
      duelistInEvent: Boolean(duelist),
      enteredEvent: entered,
      createdById: target.createdById,
    },
    eventId,
  );
}

/**
 * Public: set a new password with a reset code issued by staff (or a new judge's setup code).
 * Ends every session of the account and voids all its other open codes; audited on the account
 * and on the event whose staff issued the code. Wrong codes count against the open codes
 * (RESET_CODE_MAX_ATTEMPTS) and the limiter (bucket "reset").
 */
export const resetPassword = defineAction({
  name: "resetPassword",
  input: z.object({ username, code, password }),
  limit: {
    bucket: "reset",
    account: (i) => i.username,
    failsOn: ["BAD_RESET_CODE"],
    // A wrong code also counts against every open code of that account (dead at RESET_CODE_MAX_ATTEMPTS).
    afterFailure: async (i) => {
      await db().passwordResetCode.updateMany({
        where: { user: { username: i.username }, usedAt: null },
        data: { attempts: { increment: 1 } },
      });
    },
  },
  async run({ tx, input }) {
    const now = new Date();
    const user = await tx.user.findUnique({
      where: { username: input.username },
      include: {
        resetCodes: {
          where: { usedAt: null, expiresAt: { gt: now }, attempts: { lt: RESET_CODE_MAX_ATTEMPTS } },
          include: { issuedBy: { select: { displayName: true } } },
        },
      },
    });
    let match: NonNullable<typeof user>["resetCodes"][number] | null = null;
    const codes = user?.resetCodes ?? [];
    for (const c of codes) if (await checkSecret(input.code, c.codeHash)) match = c;
    // No open code (or no such username): one bcrypt anyway, so the answer takes as long as for
    // an account with one open code (no username or open-code oracle by timing).
    if (codes.length === 0) await checkSecret(input.code, null);
    const bad = () => new ActionError("BAD_RESET_CODE", "That username and code do not match an open reset code.", "code");
    if (!user || !match) throw bad();
    // The reset rule again, now: the account may have become staff or organizer (an accepted
    // invitation, admin:create) or the issuer may have left the event's staff since the code was issued.
    const issuerRole =
      match.issuedById && match.eventId
        ? ((
            await tx.eventStaff.findUnique({
              where: { eventId_userId: { eventId: match.eventId, userId: match.issuedById } },
              select: { role: true },
            })
          )?.role ?? null)
        : null;
    if (
      !match.issuedById ||
      !match.eventId ||
      !(await resetVerdict(tx, { userId: match.issuedById, roleInEvent: issuerRole }, user.id, match.eventId)).ok
    )
      throw bad();
    const setup = user.passwordHash === null;
    await setPassword(tx, user.id, input.password, setup ? null : { by: match.issuedBy?.displayName ?? "staff" });
    // Pending staff invitations go too: whoever holds the new password must not inherit a role
    // offered to the account's owner (they are re-invited if they want it).
    const voided = await tx.staffInvitation.deleteMany({ where: { userId: user.id } });
    await audit(tx, {
      eventId: match.eventId,
      actor: { userId: user.id, username: user.username, displayName: user.displayName, isOrganizer: user.isOrganizer },
      action: "user.resetPassword",
      entity: "User",
      entityId: user.id,
      after: { by: match.issuedBy?.displayName ?? null, invitationsVoided: voided.count },
    });
    return { username: user.username };
  },
});

/**
 * Staff: issue a 24-hour reset code under the reset rule (lib/accounts/resetRule.ts): only for
 * an account with no staff or organizer role anywhere that is a duelist of this event, or a judge
 * the issuer created for this event. Returns the code once; only its bcrypt hash is stored.
 * Audited on the event with the account as entity.
 */
export const issueResetCode = defineAction({
  name: "issueResetCode",
  input: z.object({ eventId: z.string().min(1), userId: z.string().min(1) }),
  async run({ tx, actor, input }) {
    const role = await requireStaff(tx, actor, input.eventId, "JUDGE");
    const target = await tx.user.findUnique({ where: { id: input.userId }, select: { username: true } });
    const verdict = await resetVerdict(tx, { userId: actor.userId!, roleInEvent: role }, input.userId, input.eventId);
    if (!verdict.ok) {
      throw new ActionError(
        "FORBIDDEN",
        verdict.reason === "HOLDS_ROLE"
          ? "That account holds a staff or organizer role: it recovers its password on the server (npm run admin:create -- NAME " +
              "--force) or by its own change-password page."
          : "You can issue codes only for this event's duelists (and judges you created).",
        "userId",
        { what: verdict.reason === "HOLDS_ROLE" ? "resetStaff" : "issueCode" },
      );
    }
    const plain = newCode();
    await tx.passwordResetCode.create({
      data: {
        userId: input.userId,
        codeHash: await hashSecret(plain),
        issuedById: actor.userId,
        eventId: input.eventId,
        expiresAt: new Date(Date.now() + RESET_CODE_HOURS * 3600_000),
      },
    });
    await audit(tx, {
      eventId: input.eventId,
      actor,
      action: "user.issueResetCode",
      entity: "User",
      entityId: input.userId,
      after: { username: target!.username },
    });
    return { code: plain };
  },
});

/**
 * Signed in: change the password (the old one is required). Ends every session of the account
 * (the browser signs in again with the new password) and voids open reset codes.
 */
export const changePassword = defineAction({
  name: "changePassword",
  input: z.object({ oldPassword: z.string().min(1).max(200), newPassword: password }),
  limit: { bucket: "password", account: (_i, userId) => userId, failsOn: ["BAD_PASSWORD"] },
  async run({ tx, actor, input }) {
    const userId = requireSignedIn(actor);
    const user = await tx.user.findUniqueOrThrow({ where: { id: userId } });
    if (!(await checkSecret(input.oldPassword, user.passwordHash)))
      throw new ActionError("BAD_PASSWORD", "The current password is not right.", "oldPassword");
    await setPassword(tx, userId, input.newPassword, null);
    await audit(tx, { eventId: null, actor, action: "user.changePassword", entity: "User", entityId: userId });
    return { username: user.username };
  },
});

/** Signed in: hide the "password reset by <staff>" notice (after reading it). */
export const dismissResetNotice = defineAction({
  name: "dismissResetNotice",
  input: z.object({}),
  async run({ tx, actor }) {
    const userId = requireSignedIn(actor);
    const user = await tx.user.findUniqueOrThrow({ where: { id: userId } });
    if (!user.resetNoticeBy) throw new ActionError("NOT_FOUND", "There is no notice to dismiss.", undefined, { what: "notice" });
    await tx.user.update({ where: { id: userId }, data: { resetNoticeBy: null, resetNoticeAt: null } });
    await audit(tx, {
      eventId: null,
      actor,
      action: "user.dismissResetNotice",
      entity: "User",
      entityId: userId,
      before: { by: user.resetNoticeBy },
    });
    return { dismissed: true };
  },
});
