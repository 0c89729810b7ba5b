import Link from "next/link";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { accountView } from "@/lib/server/read/accounts";
import { pageActor } from "@/lib/auth/session";
import { InvitationButtons, ResetNotice } from "./AccountClient";

export async function generateMetadata() {
  const t = await getTranslations("account");
  return { title: `${t("title")} · Tandem` };
}

/** The signed-in user's account: the "password reset by" notice, staff invitations, change password. */
export default async function AccountPage() {
  const actor = await pageActor();
  if (!actor.userId) redirect("/signin?next=/account");
  const t = await getTranslations("account");
  const { user, invitations } = await accountView(actor.userId);
  return (
    <div className="mx-auto max-w-lg space-y-4">
      <h1>{t("title")}</h1>
      <p className="text-sm text-slate-600">
        {t("signedInAs")} <bdi className="font-semibold">{actor.displayName}</bdi> <span className="text-slate-500">@{user.username}</span>
      </p>
      {user.resetNoticeBy && <ResetNotice by={user.resetNoticeBy} />}
      <section className="card space-y-3" aria-labelledby="inv-h">
        <h2 id="inv-h">{t("invitations")}</h2>
        {invitations.length === 0 ? (
          <p className="text-sm text-slate-600">{t("noInvitations")}</p>
        ) : (
          <ul className="space-y-3">
            {invitations.map((i) => (
              <li
                key={i.id}
                className="space-y-2 rounded-lg border border-slate-200 p-3"
                data-testid="invitation"
                data-event-id={i.eventId}
              >
                <p className="[overflow-wrap:anywhere]">
                  {t.rich("invitedAs", { event: i.event.name, b: (c) => <bdi className="font-semibold">{c}</bdi> })}
                </p>
                <InvitationButtons eventId={i.eventId} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card space-y-2" aria-labelledby="pw-h">
        <h2 id="pw-h">{t("password")}</h2>
        <p className="text-sm text-slate-600">{t("passwordIntro")}</p>
        <Link href="/account/password" className="btn inline-block no-underline">
          {t("changePassword")}
        </Link>
      </section>
    </div>
  );
}
