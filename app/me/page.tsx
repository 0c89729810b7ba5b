import Link from "next/link";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { pageActor } from "@/lib/auth/session";
import { playerPage, profileView } from "@/lib/server/read/players";
import { ProfileForm } from "./ProfileForm";

export async function generateMetadata() {
  const t = await getTranslations("players");
  return { title: `${t("me.title")} · Tandem` };
}

/** The player's private page (issue #16): their events, teams, results and profile. Only the player sees it. */
export default async function MePage() {
  const actor = await pageActor();
  if (!actor.userId) redirect("/signin?next=/me");
  const t = await getTranslations("players");
  const [profile, page] = await Promise.all([profileView(actor.userId), playerPage(actor.userId)]);
  const nothing = page.teams.length + page.registrations.length + page.pool.length === 0;
  return (
    <div className="mx-auto max-w-lg space-y-4">
      <h1>{t("me.title")}</h1>
      <p className="text-sm text-slate-600">{t("me.private")}</p>
      <section className="card space-y-3" aria-labelledby="events-h">
        <h2 id="events-h">{t("me.events")}</h2>
        {nothing && <p className="text-sm text-slate-600">{t("me.none")}</p>}
        <ul className="space-y-3">
          {page.teams.map((x) => (
            <li key={x.teamId} className="space-y-1 rounded-lg border border-slate-200 p-3" data-testid="my-team">
              <p className="font-semibold [overflow-wrap:anywhere]">
                <Link href={`/events/${x.event.id}/register`}>
                  <bdi>{x.event.name}</bdi>
                </Link>
              </p>
              <p className="text-sm [overflow-wrap:anywhere]">
                {t.rich("me.teamLine", {
                  team: x.teamName,
                  designation: x.designation,
                  partner: x.partner ?? "",
                  b: (c) => <bdi>{c}</bdi>,
                })}
              </p>
              <p className="text-sm" data-testid="my-team-entry">
                {t(`entry.${x.entry}`, { n: x.waitlistPosition ?? 0 })}
              </p>
              {x.notice && (
                <p role="status" className="rounded bg-amber-50 p-2 text-sm text-amber-900" data-testid="my-team-notice">
                  {t(`notice.${x.notice}`)}
                </p>
              )}
              {x.results.length > 0 && (
                <ul className="text-sm text-slate-700">
                  {x.results.map((r) => (
                    <li key={r.round}>
                      {t.rich("me.result", {
                        round: r.round,
                        table: r.table,
                        opponent: r.opponent ?? t("me.bye"),
                        outcome: r.outcome ?? "PENDING",
                        b: (c) => <bdi>{c}</bdi>,
                      })}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
          {page.registrations.map((r) => (
            <li key={r.id} className="rounded-lg border border-slate-200 p-3 text-sm">
              <Link href={`/events/${r.event.id}/register`}>
                <bdi>{r.event.name}</bdi>
              </Link>{" "}
              — {t("me.waitingPartner")}
            </li>
          ))}
          {page.pool.map((p) => (
            <li key={p.id} className="rounded-lg border border-slate-200 p-3 text-sm">
              <Link href={`/events/${p.event.id}/register`}>
                <bdi>{p.event.name}</bdi>
              </Link>{" "}
              — {t(`pool.${p.status}`)}
            </li>
          ))}
        </ul>
      </section>
      <section className="card space-y-3" aria-labelledby="profile-h">
        <h2 id="profile-h">{t("profile.title")}</h2>
        <p className="text-sm text-slate-600">
          {t("profile.username")} <span className="font-semibold">@{profile.username}</span>
        </p>
        <ProfileForm
          displayName={profile.displayName}
          email={profile.email ?? ""}
          konamiId={profile.konamiId ?? ""}
          wizardsId={profile.wizardsId ?? ""}
          language={profile.language ?? ""}
        />
      </section>
    </div>
  );
}
