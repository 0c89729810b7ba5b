/**
 * `npm run admin:create -- <username> [display name]`: creates an organizer account and prints a
 * one-time password. An existing account is never changed silently: with `--force` it becomes an
 * organizer and gets a new password (its old password stops working, every session of it ends
 * and its open reset codes are voided: issue #10, the organizers' recovery path). Works on the embedded
 * database or the Postgres server in DATABASE_URL.
 */
import { randomBytes } from "node:crypto";
import { db } from "@/lib/db";
import { hashSecret } from "@/lib/auth/passwords";

async function main() {
  const args = process.argv.slice(2);
  const force = args.includes("--force");
  const [raw, ...rest] = args.filter((a) => a !== "--force");
  const username = (raw ?? "").trim().toLowerCase();
  if (!/^[a-z0-9._-]{3,32}$/.test(username)) {
    console.error("usage: npm run admin:create -- <username> [display name] [--force]   (3-32 letters, digits, . _ -)");
    process.exit(2);
  }
  const pass = randomBytes(9).toString("base64url");
  const displayName = rest.join(" ").trim() || username;
  const existing = await db().user.findUnique({ where: { username } });
  if (existing && !force) {
    console.error(
      `An account named ${username} already exists${existing.isOrganizer ? " (already an organizer)" : ""}. ` +
        "Run again with --force to make it an organizer and replace its password, or choose another username.",
    );
    process.exit(1);
  }
  if (existing) {
    await db().$transaction([
      db().user.update({
        where: { id: existing.id },
        data: {
          isOrganizer: true,
          passwordHash: await hashSecret(pass),
          sessionVersion: { increment: 1 },
          resetNoticeBy: null,
          resetNoticeAt: null,
        },
      }),
      db().passwordResetCode.updateMany({ where: { userId: existing.id, usedAt: null }, data: { usedAt: new Date() } }),
      db().auditLog.create({ data: { eventId: null, userId: null, action: "user.adminReset", entity: "User", entityId: existing.id } }),
    ]);
  } else await db().user.create({ data: { username, displayName, isOrganizer: true, passwordHash: await hashSecret(pass) } });
  console.log(`${existing ? "Updated" : "Created"} organizer ${username}. One-time password: ${pass}`);
}

main()
  .then(() => db().$disconnect())
  .catch(async (e) => {
    console.error(e.message ?? e);
    await db().$disconnect();
    process.exit(1);
  });
