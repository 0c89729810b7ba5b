"use client";
/**
 * The player's registration panel (issue #16): register a team and get the partner invite (link +
 * typed code, shown once), accept a partner's code, enter the partner pool, and — once on a team —
 * swap A/B or withdraw. The invite stays on screen after the page refreshes (client state).
 */
import { useState } from "react";
import { useTranslations } from "next-intl";
import { ActionForm, Field } from "@/components/ActionForm";
import { ActionButton } from "@/components/ConfirmButton";
import {
  acceptInviteCode,
  cancelRegistration,
  joinPartnerPool,
  leavePartnerPool,
  registerOwnTeam,
  swapTeamOrder,
  withdrawTeam,
} from "@/lib/server/actions/browser/players";

export interface PanelView {
  eventId: string;
  open: boolean;
  canSwap: boolean;
  started: boolean;
  team: {
    id: string;
    name: string;
    entry: string;
    /** Place in line (1 = next to move up), null when not waitlisted. */
    waitlistPosition: number | null;
    notice: string | null;
    a: string;
    b: string;
    me: string;
  } | null;
  registration: { id: string } | null;
  poolEntry: { id: string; status: string } | null;
}

export function RegisterPanel({ v }: { v: PanelView }) {
  const t = useTranslations("players");
  const [invite, setInvite] = useState<{ link: string; code: string | null } | null>(null);
  return (
    <div className="space-y-4">
      {invite && (
        <section className="card space-y-2 border-brand-300" aria-labelledby="invite-h" data-testid="invite">
          <h2 id="invite-h">{t("register.inviteTitle")}</h2>
          <p className="text-sm text-slate-600">{t("register.inviteOnce")}</p>
          <p className="text-sm font-semibold">{t("register.inviteLink")}</p>
          <p className="break-all rounded bg-slate-100 p-2 font-mono text-sm" data-testid="invite-link">
            {invite.link}
          </p>
          {invite.code && (
            <>
              <p className="text-sm font-semibold">{t("register.inviteCode")}</p>
              <p className="font-mono text-2xl tracking-widest" data-testid="invite-code">
                {invite.code}
              </p>
            </>
          )}
        </section>
      )}
      {v.team ? (
        <section className="card space-y-2" aria-labelledby="team-h" data-testid="my-team">
          <h2 id="team-h" className="[overflow-wrap:anywhere]">
            <bdi>{v.team.name}</bdi>
          </h2>
          <p className="text-sm [overflow-wrap:anywhere]">
            A: <bdi>{v.team.a}</bdi> · B: <bdi>{v.team.b}</bdi>
          </p>
          <p className="text-sm font-semibold" data-testid="team-entry">
            {t(`entry.${v.team.entry}`, { n: v.team.waitlistPosition ?? 0 })}
          </p>
          {v.team.notice && (
            <p role="status" className="rounded bg-amber-50 p-2 text-sm text-amber-900" data-testid="team-notice">
              {t(`notice.${v.team.notice}`)}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            {v.canSwap && <ActionButton action={swapTeamOrder} input={{ teamId: v.team.id }} label={t("register.swap")} />}
            {!v.started && (
              <ActionButton
                action={withdrawTeam}
                input={{ teamId: v.team.id }}
                label={t("register.withdraw")}
                confirm={t("register.withdrawConfirm")}
              />
            )}
          </div>
        </section>
      ) : v.registration ? (
        <section className="card space-y-2" data-testid="waiting-partner">
          <p className="text-sm">{t("register.waitingPartner")}</p>
          <ActionButton action={cancelRegistration} input={{ registrationId: v.registration.id }} label={t("register.cancel")} />
        </section>
      ) : v.poolEntry ? (
        <section className="card space-y-2" data-testid="pool-entry">
          <p className="text-sm font-semibold" data-testid="pool-status">
            {t(`pool.${v.poolEntry.status}`)}
          </p>
          {v.poolEntry.status !== "MATCHED" && (
            <ActionButton action={leavePartnerPool} input={{ entryId: v.poolEntry.id }} label={t("register.leavePool")} />
          )}
        </section>
      ) : v.open ? (
        <>
          <section className="card space-y-3" aria-labelledby="reg-h">
            <h2 id="reg-h">{t("register.teamTitle")}</h2>
            <ActionForm
              action={registerOwnTeam}
              extra={{ eventId: v.eventId }}
              submitLabel={t("register.submit")}
              testId="register-team"
              onSuccess={(d) => setInvite({ link: `${window.location.origin}/invite/${d.token}`, code: d.code })}
            >
              <Field label={t("register.teamName")} name="name" hint={t("register.teamNameHint")} />
              <fieldset>
                <legend className="label">{t("register.side")}</legend>
                <div className="mt-1 flex gap-4">
                  <label className="flex items-center gap-2 text-sm">
                    <input type="radio" name="side" value="A" defaultChecked /> {t("register.sideA")}
                  </label>
                  <label className="flex items-center gap-2 text-sm">
                    <input type="radio" name="side" value="B" /> {t("register.sideB")}
                  </label>
                </div>
              </fieldset>
            </ActionForm>
          </section>
          <section className="card space-y-3" aria-labelledby="code-h">
            <h2 id="code-h">{t("register.codeTitle")}</h2>
            <ActionForm action={acceptInviteCode} extra={{ eventId: v.eventId }} submitLabel={t("register.join")} testId="join-code">
              <Field label={t("register.code")} name="code" required hint={t("register.codeHint")} />
            </ActionForm>
          </section>
          <section className="card space-y-3" aria-labelledby="pool-h">
            <h2 id="pool-h">{t("register.poolTitle")}</h2>
            <p className="text-sm text-slate-600">{t("register.poolIntro")}</p>
            <ActionButton action={joinPartnerPool} input={{ eventId: v.eventId }} label={t("register.joinPool")} className="btn" />
          </section>
        </>
      ) : null}
    </div>
  );
}
