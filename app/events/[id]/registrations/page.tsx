import { notFound } from "next/navigation";
import { getFormatter, getTranslations } from "next-intl/server";
import { pageActor } from "@/lib/auth/session";
import { eventView } from "@/lib/server/read/events";
import { registrationAdmin } from "@/lib/server/read/players";
import { wallTimeIn } from "@/lib/dates/zoned";
import { bdiText } from "@/components/Bdi";
import { ApproveButtons, CloseCheckInButton, MatchPartnersForm, RenameForm, SettingsForm, WaitingRegistration } from "./RegistrationsAdmin";

/** Staff: self-registration (issue #16) — settings, teams by place on the list, the partner pool and "match partners", check-in close. */
export default async function RegistrationsPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { role } = await eventView(id, await pageActor());
  if (!role) notFound();
  const isTO = role === "ORGANIZER";
  const t = await getTranslations("players");
  const v = await registrationAdmin(id);
  const format = await getFormatter();
  const at = (d: Date) => format.dateTime(d, { dateStyle: "medium", timeStyle: "short", timeZone: v.event.timeZone });
  const order = ["PLACED", "PENDING_APPROVAL", "WAITLIST", "LOST_PLACE"] as const;
  return (
    <div className="space-y-4">
      <h2>{t("admin.title")}</h2>
      {isTO && (
        <section className="card space-y-3" aria-labelledby="set-h">
          <h3 id="set-h">{t("admin.settings")}</h3>
          <SettingsForm
            eventId={id}
            selfRegistration={v.event.selfRegistration}
            opensAt={wallTimeIn(v.event.registrationOpensAt, v.event.timeZone)}
            closesAt={wallTimeIn(v.event.registrationClosesAt, v.event.timeZone)}
            timeZone={v.event.timeZone}
            teamCap={v.event.teamCap}
            requireApproval={v.event.requireApproval}
          />
        </section>
      )}
      <section className="card space-y-3" aria-labelledby="teams-h">
        <h3 id="teams-h">{t("admin.teams")}</h3>
        {v.waiting.length === 0 ? (
          <p className="text-sm text-slate-600">{t("admin.waitingForPartner", { n: 0 })}</p>
        ) : (
          <div className="space-y-2">
            <h4 className="text-sm font-semibold">
              {t("admin.waitingTitle")} ({v.waiting.length})
            </h4>
            <ul className="space-y-2">
              {v.waiting.map((r) => (
                <li key={r.id} className="space-y-1 rounded-lg border border-slate-200 p-2 text-sm" data-testid="reg-waiting">
                  <p className="[overflow-wrap:anywhere]">
                    {bdiText((n) =>
                      t("admin.waitingRow", {
                        registrant: n(r.registrant),
                        side: r.side,
                        team: r.name ? n(r.name) : "none",
                        expires: at(r.expiresAt),
                      }),
                    )}
                  </p>
                  <WaitingRegistration registrationId={r.id} />
                </li>
              ))}
            </ul>
          </div>
        )}
        {order.map((entry) => {
          const rows = v.teams
            .filter((x) => x.entry === entry)
            .sort((a, b) => (entry === "WAITLIST" ? (a.waitlistSeq ?? 0) - (b.waitlistSeq ?? 0) : a.number - b.number));
          if (rows.length === 0) return null;
          return (
            <div key={entry} className="space-y-2">
              <h4 className="text-sm font-semibold">
                {t(`admin.group.${entry}`)} ({rows.length})
              </h4>
              <ul className="space-y-2">
                {rows.map((x) => (
                  <li key={x.id} className="space-y-1 rounded-lg border border-slate-200 p-2 text-sm" data-testid="reg-team">
                    <p className="font-semibold [overflow-wrap:anywhere]">
                      <bdi>{x.name}</bdi>
                    </p>
                    <p className="[overflow-wrap:anywhere]">
                      A: <bdi>{x.a}</bdi> · B: <bdi>{x.b}</bdi>
                    </p>
                    <p className="text-xs text-slate-600">
                      {t(`admin.lists.${x.lists}`)}
                      {x.fromPool ? ` · ${t("admin.fromPool")}` : ""}
                      {!x.checkedIn ? ` · ${t("admin.notCheckedIn")}` : ""}
                    </p>
                    {isTO && entry === "PENDING_APPROVAL" && <ApproveButtons teamId={x.id} />}
                    {isTO && <RenameForm teamId={x.id} name={x.name} />}
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </section>
      <section className="card space-y-3" aria-labelledby="pool-h">
        <h3 id="pool-h">{t("admin.pool")}</h3>
        {v.pool.length === 0 ? (
          <p className="text-sm text-slate-600">{t("admin.poolEmpty")}</p>
        ) : (
          <ol className="list-decimal pl-6 text-sm" data-testid="pool-list">
            {v.pool.map((p) => (
              <li key={p.id} className="[overflow-wrap:anywhere]">
                <bdi>{p.name}</bdi> {p.status === "LEFTOVER" && <span className="text-amber-800">— {t("admin.poolLeftover")}</span>}
              </li>
            ))}
          </ol>
        )}
        {v.event.partnerSeed && <p className="text-xs text-slate-600">{t("admin.lastSeed", { seed: v.event.partnerSeed })}</p>}
        {isTO && !v.started && <MatchPartnersForm eventId={id} pool={v.pool} />}
      </section>
      {isTO && !v.started && (
        <section className="card space-y-3" aria-labelledby="ci-h">
          <h3 id="ci-h">{t("admin.checkInTitle")}</h3>
          {v.event.checkInClosedAt ? (
            <p className="text-sm">{t("admin.checkInClosed")}</p>
          ) : (
            <>
              <p className="text-sm text-slate-600">{t("admin.checkInIntro")}</p>
              <CloseCheckInButton eventId={id} />
            </>
          )}
        </section>
      )}
    </div>
  );
}
