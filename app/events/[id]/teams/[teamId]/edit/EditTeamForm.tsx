"use client";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { ActionForm, Field } from "@/components/ActionForm";
import { SameNameConfirm, needsSameNameConfirm } from "@/components/SameNameConfirm";
import { updateTeam } from "@/lib/server/actions/browser/core";

type D = { name: string; playerId: string | null };

/**
 * Edit a team: names and Player IDs any time (each field edits that duelist's own record, never
 * the account it is linked to); "Swap A and B" exchanges the two duelists' designations and is
 * offered only until round 1 is published (`abLocked`).
 */
export function EditTeamForm({
  eventId,
  teamId,
  name,
  a,
  b,
  game,
  abLocked,
}: {
  eventId: string;
  teamId: string;
  name: string;
  a: D;
  b: D;
  game: "YGO" | "MTG";
  abLocked: boolean;
}) {
  const t = useTranslations("teams");
  const te = useTranslations("eventday.teams");
  const [confirm, setConfirm] = useState(false);
  return (
    <ActionForm
      action={updateTeam}
      extra={{ teamId }}
      submitLabel={t("save")}
      redirectTo={() => `/events/${eventId}/teams`}
      testId="edit-team"
      onFailure={(e) => setConfirm(needsSameNameConfirm(e))}
    >
      <Field label={t("teamName")} name="name" defaultValue={name} required />
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="label mb-1">{t("duelistA", { game })}</legend>
        <Field label={t("nameA")} name="a.name" defaultValue={a.name} required />
        <Field label={t("playerIdA", { game })} name="a.playerId" defaultValue={a.playerId ?? ""} />
      </fieldset>
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="label mb-1">{t("duelistB", { game })}</legend>
        <Field label={t("nameB")} name="b.name" defaultValue={b.name} required />
        <Field label={t("playerIdB", { game })} name="b.playerId" defaultValue={b.playerId ?? ""} />
      </fieldset>
      {abLocked ? (
        <p className="text-sm text-slate-600" data-testid="ab-locked">
          {te("abLocked", { game })}
        </p>
      ) : (
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="swap" className="mt-1 h-4 w-4" />
          <span>
            {t("swap")} <span className="text-slate-500">{te("swapHint", { game })}</span>
          </span>
        </label>
      )}
      {confirm && <SameNameConfirm game={game} />}
    </ActionForm>
  );
}
