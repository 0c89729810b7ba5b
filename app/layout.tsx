import type { Metadata, Viewport } from "next";
import Link from "next/link";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getMessages, getTranslations } from "next-intl/server";
import { LocaleSwitcher } from "@/components/LocaleSwitcher";
import { SignOutButton } from "@/components/SignOutButton";
import { OfflineSupport } from "@/components/OfflineSupport";
import { pageActor } from "@/lib/auth/session";
import { accountNotice } from "@/lib/server/read/accounts";
import { CLIENT_MESSAGE_PATHS, pickMessages } from "@/lib/i18n/messages";
import "./globals.css";

export const metadata: Metadata = {
  title: "Tandem",
  description: "Tournament software for 2-vs-2 team card-game events",
  manifest: "/manifest.webmanifest",
};
export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#4338ca" };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const locale = await getLocale();
  const t = await getTranslations("nav");
  const actor = await pageActor();
  // Only what client components translate goes to the browser (lib/i18n/messages.ts).
  const messages = pickMessages((await getMessages()) as Parameters<typeof pickMessages>[0], CLIENT_MESSAGE_PATHS);
  const user = actor.userId ? actor : null;
  // Something the account's owner must see at the next sign-in (issue #10): a reset by staff, an invitation.
  const notice = user ? await accountNotice(user.userId!) : null;
  const ta = await getTranslations("account");
  return (
    <html lang={locale}>
      <body className="min-h-screen">
        <NextIntlClientProvider messages={messages}>
          <a href="#main" className="sr-only focus:not-sr-only">
            {t("skip")}
          </a>
          <header className="no-print border-b border-slate-200 bg-white">
            <nav className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3" aria-label={t("main")}>
              <Link href="/" className="text-lg font-extrabold tracking-tight text-slate-900 no-underline">
                Tandem
              </Link>
              <Link href="/" className="text-sm">
                {t("events")}
              </Link>
              {user && (
                <Link href="/me" className="text-sm" data-testid="my-events-link">
                  {t("myEvents")}
                </Link>
              )}
              {user?.isOrganizer && (
                <Link href="/cards" className="text-sm">
                  {t("cards")}
                </Link>
              )}
              <span className="ml-auto flex min-w-0 flex-wrap items-center justify-end gap-x-3 gap-y-1">
                {user ? (
                  <>
                    <Link href="/account" className="min-w-0 text-sm" data-testid="account-link">
                      <bdi>{user.displayName}</bdi>
                    </Link>
                    <SignOutButton />
                  </>
                ) : (
                  <>
                    <Link href="/signin" className="text-sm">
                      {t("signIn")}
                    </Link>
                    <Link href="/signup" className="text-sm">
                      {t("signUp")}
                    </Link>
                    <Link href="/claim" className="text-sm">
                      {t("claim")}
                    </Link>
                  </>
                )}
                <LocaleSwitcher />
              </span>
            </nav>
          </header>
          {notice && (notice.resetNoticeBy || notice._count.invitations > 0) && (
            <div className="no-print border-b border-amber-300 bg-amber-50">
              <p className="mx-auto max-w-5xl px-4 py-2 text-sm text-amber-900" role="status" data-testid="account-banner">
                {notice.resetNoticeBy
                  ? ta("bannerReset", { name: notice.resetNoticeBy })
                  : ta("bannerInvited", { count: notice._count.invitations })}{" "}
                <Link href="/account" className="font-semibold underline">
                  {ta("bannerOpen")}
                </Link>
              </p>
            </div>
          )}
          <OfflineSupport viewer={user?.userId ?? ""} />
          <main id="main" className="mx-auto max-w-5xl px-4 py-6">
            {children}
          </main>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
