"use client";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { ActionForm, Field } from "@/components/ActionForm";
import { SameNameConfirm, needsSameNameConfirm } from "@/components/SameNameConfirm";
import { registerTeam } from "@/lib/server/actions/browser/core";

/**
 * Register a team; `game` picks the words (Magic: players, Wizards Account). A duelist
 * name already on another team (no Player IDs telling them apart) asks for a confirmation first.
 */
export function RegisterTeamForm({ eventId, game }: { eventId: string; game: "YGO" | "MTG" }) {
  const t = useTranslations("teams");
  const [confirm, setConfirm] = useState(false);
  return (
    <ActionForm
      action={registerTeam}
      extra={{ eventId }}
      submitLabel={t("register")}
      resetOnSuccess
      testId="register-team"
      onFailure={(e) => setConfirm(needsSameNameConfirm(e))}
      onSuccess={(d) => {
        setConfirm(false);
        // The claim codes exist in plaintext only in this answer: hand them to the receipt page
        // (same tab) instead of the URL; the receipt shows them once (app/…/receipt/ReceiptCodes).
        const r = d;
        if (r.claimCodes) sessionStorage.setItem(`tandem.claim.${r.teamId}`, JSON.stringify(r.claimCodes));
      }}
      redirectTo={(d) => `/events/${eventId}/teams/${d.teamId}/receipt`}
    >
      <Field label={t("teamName")} name="name" required />
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="label mb-1">{t("duelistA", { game })}</legend>
        <Field label={t("nameA")} name="a.name" required />
        <Field label={t("playerIdA", { game })} name="a.playerId" hint={t("playerIdHint", { game })} />
      </fieldset>
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="label mb-1">{t("duelistB", { game })}</legend>
        <Field label={t("nameB")} name="b.name" required />
        <Field label={t("playerIdB", { game })} name="b.playerId" />
      </fieldset>
      {confirm && <SameNameConfirm game={game} />}
    </ActionForm>
  );
}
