/**
 * next-auth 4: Credentials provider + JWT sessions. The JWT only carries the user id; roles are
 * read from the database on every request (lib/auth/actor.ts), so a revoked judge is refused at once.
 */
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { z } from "zod";
import { db } from "@/lib/db";
import { checkSecret } from "./passwords";

const credentials = z.object({ username: z.string().trim().min(1).max(64), password: z.string().min(1).max(200) });

export const authOptions: NextAuthOptions = {
  session: { strategy: "jwt" },
  pages: { signIn: "/signin" },
  providers: [
    CredentialsProvider({
      name: "Tandem",
      credentials: { username: { label: "Username", type: "text" }, password: { label: "Password", type: "password" } },
      async authorize(raw) {
        const parsed = credentials.safeParse(raw);
        if (!parsed.success) return null;
        const user = await db().user.findUnique({ where: { username: parsed.data.username.toLowerCase() } });
        if (!user || !(await checkSecret(parsed.data.password, user.passwordHash))) return null;
        return { id: user.id, name: user.displayName };
      },
    }),
  ],
  callbacks: {
    async jwt({ token, user }) {
      if (user) token.sub = user.id;
      return token;
    },
    async session({ session, token }) {
      if (session.user) (session.user as { id?: string }).id = token.sub;
      return session;
    },
  },
};
