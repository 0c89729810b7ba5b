"use client";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { ActionForm, Field } from "@/components/ActionForm";
import { SameNameConfirm, needsSameNameConfirm } from "@/components/SameNameConfirm";
import { registerTeam } from "@/lib/server/actions/browser/core";
import { lookupPlayerId } from "@/lib/server/actions/browser/players";

/**
 * Issue #16: leaving a Player ID field with an empty name beside it asks for the display name of
 * the account holding exactly that ID and fills it in (display name only; nothing is linked —
 * only the player's own claim links a registration to an account). Unknown IDs are limited.
 */
function fillFromPlayerId(eventId: string, onFilled: (side: string) => void) {
  return async (e: React.FocusEvent<HTMLElement>) => {
    const el = e.target;
    if (!(el instanceof HTMLInputElement)) return;
    const m = /^([ab])\.playerId$/.exec(el.name);
    const name = m ? el.form?.elements.namedItem(`${m[1]}.name`) : null;
    if (!m || !(name instanceof HTMLInputElement) || name.value.trim() !== "" || el.value.trim() === "") return;
    const r = await lookupPlayerId({ eventId, playerId: el.value.trim() });
    if (r.ok && name.value.trim() === "") {
      name.value = r.data.displayName;
      onFilled(m[1]);
    }
  };
}

/**
 * Register a team; `game` picks the words (Magic: players, Wizards Account). A duelist
 * name already on another team (no Player IDs telling them apart) asks for a confirmation first.
 */
export function RegisterTeamForm({ eventId, game }: { eventId: string; game: "YGO" | "MTG" }) {
  const t = useTranslations("teams");
  const [confirm, setConfirm] = useState(false);
  const [filled, setFilled] = useState<string | null>(null);
  const tp = useTranslations("players");
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
      <div className="space-y-3" onBlur={fillFromPlayerId(eventId, setFilled)}>
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
      </div>
      {filled && (
        <p role="status" className="text-sm text-slate-600">
          {tp("lookup.filled", { side: filled.toUpperCase() })}
        </p>
      )}
      {confirm && <SameNameConfirm game={game} />}
    </ActionForm>
  );
}
