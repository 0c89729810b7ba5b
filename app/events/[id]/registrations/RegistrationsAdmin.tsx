"use client";
/**
 * Staff side of self-registration (issue #16): the organizer's settings (window, cap, approval),
 * approve/decline and rename, "match partners" with an optional seed and manual pairs (one pair a
 * line, by pool number: "1 3"), and closing check-in (waitlist promotion).
 */
import { useState } from "react";
import { useTranslations } from "next-intl";
import { ActionForm, Field } from "@/components/ActionForm";
import { ActionButton } from "@/components/ConfirmButton";
import {
  approveTeam,
  cancelRegistration,
  closeCheckIn,
  completeRegistrationForPartner,
  matchPartners,
  renameTeam,
  setSelfRegistration,
  type MatchPartnersResult,
} from "@/lib/server/actions/browser/players";

export function SettingsForm(p: {
  eventId: string;
  selfRegistration: boolean;
  opensAt: string;
  closesAt: string;
  /** The event's IANA time zone: the fields show and take wall times there. */
  timeZone: string;
  teamCap: number | null;
  requireApproval: boolean;
}) {
  const t = useTranslations("players.admin");
  return (
    <ActionForm
      action={setSelfRegistration}
      extra={{ eventId: p.eventId }}
      submitLabel={t("saveSettings")}
      testId="registration-settings"
      successMessage={() => t("saved")}
    >
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="selfRegistration" defaultChecked={p.selfRegistration} /> {t("selfRegistration")}
      </label>
      {(["opensAt", "closesAt"] as const).map((name) => (
        <Field
          key={name}
          label={t(name)}
          name={name}
          type="datetime-local"
          defaultValue={p[name]}
          hint={t("eventZone", { zone: p.timeZone })}
        />
      ))}
      <Field label={t("teamCap")} name="teamCap" inputMode="numeric" defaultValue={p.teamCap ?? ""} hint={t("teamCapHint")} />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="requireApproval" defaultChecked={p.requireApproval} /> {t("requireApproval")}
      </label>
    </ActionForm>
  );
}

/** Judge: enter the partner of a registration still waiting (a player without a phone), or cancel it. */
export function WaitingRegistration({ registrationId }: { registrationId: string }) {
  const t = useTranslations("players.admin");
  return (
    <div className="space-y-2">
      <details>
        <summary className="cursor-pointer text-sm">{t("completeForPartner")}</summary>
        <p className="text-xs text-slate-600">{t("completeHint")}</p>
        <ActionForm
          action={completeRegistrationForPartner}
          extra={{ registrationId }}
          submitLabel={t("completeForPartner")}
          testId={`complete-${registrationId}`}
          successMessage={() => t("completed")}
        >
          <Field label={t("partnerName")} name="name" required />
          <Field label={t("partnerPlayerId")} name="playerId" />
        </ActionForm>
      </details>
      <ActionButton action={cancelRegistration} input={{ registrationId }} label={t("cancelWaiting")} confirm={t("cancelWaitingConfirm")} />
    </div>
  );
}

export function ApproveButtons({ teamId }: { teamId: string }) {
  const t = useTranslations("players.admin");
  return (
    <span className="flex flex-wrap gap-2">
      <ActionButton action={approveTeam} input={{ teamId, approve: true }} label={t("approve")} />
      <ActionButton action={approveTeam} input={{ teamId, approve: false }} label={t("decline")} confirm={t("declineConfirm")} />
    </span>
  );
}

export function RenameForm({ teamId, name }: { teamId: string; name: string }) {
  const t = useTranslations("players.admin");
  return (
    <details>
      <summary className="cursor-pointer text-sm">{t("rename")}</summary>
      <ActionForm action={renameTeam} extra={{ teamId }} submitLabel={t("rename")} testId={`rename-${teamId}`}>
        <Field label={t("newName")} name="name" defaultValue={name} required />
      </ActionForm>
    </details>
  );
}

export function MatchPartnersForm({ eventId, pool }: { eventId: string; pool: { id: string; name: string }[] }) {
  const t = useTranslations("players.admin");
  const [result, setResult] = useState<MatchPartnersResult | null>(null);
  const [pairs, setPairs] = useState("");
  const parsed = pairs
    .split("\n")
    .map((l) =>
      l
        .trim()
        .split(/[\s+,]+/)
        .filter(Boolean)
        .map(Number),
    )
    .filter((l) => l.length === 2 && l.every((n) => n >= 1 && n <= pool.length))
    .map((l) => [pool[l[0] - 1].id, pool[l[1] - 1].id] as [string, string]);
  return (
    <div className="space-y-3">
      {/* Stays mounted after the draw empties the pool, so the drawn teams stay on screen. */}
      {pool.length > 0 && (
        <ActionForm
          action={matchPartners}
          extra={{ eventId, pairs: parsed }}
          submitLabel={t("match")}
          testId="match-partners"
          onSuccess={(d) => setResult(d)}
        >
          <Field label={t("seed")} name="seed" hint={t("seedHint")} />
          <div>
            <label htmlFor="manual-pairs" className="label">
              {t("manualPairs")}
            </label>
            <textarea
              id="manual-pairs"
              className="input mt-1 font-mono text-sm"
              rows={3}
              value={pairs}
              onChange={(e) => setPairs(e.target.value)}
            />
            <p className="mt-1 text-xs text-slate-500">{t("manualPairsHint")}</p>
          </div>
        </ActionForm>
      )}
      {result && (
        <div role="status" className="rounded-lg border border-green-300 bg-green-50 p-3 text-sm text-green-900" data-testid="match-result">
          <p>{t("matched", { seed: result.seed, n: result.teams.length })}</p>
          <ul className="list-disc pl-5">
            {result.teams.map((x) => (
              <li key={x.teamId} className="[overflow-wrap:anywhere]">
                A: <bdi>{x.a}</bdi> · B: <bdi>{x.b}</bdi>
              </li>
            ))}
          </ul>
          {result.leftover && (
            <p>{t.rich("leftover", { name: result.leftover.name, b: (c) => <bdi className="font-semibold">{c}</bdi> })}</p>
          )}
        </div>
      )}
    </div>
  );
}

export function CloseCheckInButton({ eventId }: { eventId: string }) {
  const t = useTranslations("players.admin");
  return (
    <ActionButton action={closeCheckIn} input={{ eventId }} label={t("closeCheckIn")} confirm={t("closeCheckInConfirm")} className="btn" />
  );
}
