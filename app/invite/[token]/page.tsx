import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { pageActor } from "@/lib/auth/session";
import { inviteView } from "@/lib/server/read/players";
import { AcceptInvite } from "./AcceptInvite";

export async function generateMetadata() {
  const t = await getTranslations("players");
  return { title: `${t("invite.title")} · Tandem`, referrer: "no-referrer" };
}

/** A partner invitation link (issue #16): who invites, to which event and team; accept when signed in. */
export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const t = await getTranslations("players");
  const actor = await pageActor();
  const v = await inviteView(token);
  const here = `/invite/${encodeURIComponent(token)}`;
  return (
    <div className="mx-auto max-w-sm space-y-4">
      <h1>{t("invite.title")}</h1>
      {!v ? (
        <p className="card text-sm" data-testid="invite-invalid">
          {t("invite.invalid")}
        </p>
      ) : (
        <div className="card space-y-3">
          <p className="[overflow-wrap:anywhere]">
            {t.rich("invite.from", { from: v.from, event: v.eventName, b: (c) => <bdi className="font-semibold">{c}</bdi> })}
          </p>
          {v.teamName && (
            <p className="text-sm [overflow-wrap:anywhere]">
              {t.rich("invite.team", { team: v.teamName, b: (c) => <bdi className="font-semibold">{c}</bdi> })}
            </p>
          )}
          <p className="text-sm">{t("invite.side", { side: v.partnerSide })}</p>
          {actor.userId ? (
            <AcceptInvite token={token} />
          ) : (
            <p className="text-sm">
              <Link href={`/signup?next=${encodeURIComponent(here)}`}>{t("register.signUp")}</Link> ·{" "}
              <Link href={`/signin?next=${encodeURIComponent(here)}`}>{t("register.signIn")}</Link>
            </p>
          )}
        </div>
      )}
    </div>
  );
}
