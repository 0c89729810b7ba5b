/**
 * Read models of the account pages and the layout's notice (issue #10): what the signed-in user
 * must see about their own account. Each takes the signed-in user's id (never another's).
 */
import { db } from "@/lib/db";

/** /account: username, who reset the password (null when nobody), and the staff invitations (oldest first). */
export async function accountView(userId: string) {
  const [user, invitations] = await Promise.all([
    db().user.findUniqueOrThrow({ where: { id: userId }, select: { username: true, resetNoticeBy: true } }),
    db().staffInvitation.findMany({ where: { userId }, include: { event: { select: { name: true } } }, orderBy: { createdAt: "asc" } }),
  ]);
  return { user, invitations };
}

/** The username shown on /account/password. */
export async function accountUsername(userId: string): Promise<string> {
  const user = await db().user.findUniqueOrThrow({ where: { id: userId }, select: { username: true } });
  return user.username;
}

/** The layout's notice: who reset the password (or null) and how many invitations wait; null for an unknown id. */
export async function accountNotice(userId: string) {
  return db().user.findUnique({ where: { id: userId }, select: { resetNoticeBy: true, _count: { select: { invitations: true } } } });
}
