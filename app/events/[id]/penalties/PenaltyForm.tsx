"use client";
/** Judge: record a penalty of a duelist (the preset decides what it does to the team). */
import { useTranslations } from "next-intl";
import { ActionForm, Field } from "@/components/ActionForm";
import { issuePenalty } from "@/app/actions-reporting";

export function PenaltyForm({ duelists, kinds, game }: { duelists: { id: string; label: string }[]; kinds: string[]; game: "YGO" | "MTG" }) {
  const t = useTranslations("reporting.penalties");
  return (
    <ActionForm action={issuePenalty} submitLabel={t("save")} resetOnSuccess testId="penalty-form"
      successMessage={(d) => t("saved", { effect: t(`matchEffect.${(d as { matchEffect: string }).matchEffect.replaceAll(" ", "_")}`) })}>
      <Field label={t("duelist", { game })} name="duelistId" as="select" required>
        {duelists.map((d) => <option key={d.id} value={d.id}>{d.label}</option>)}
      </Field>
      <Field label={t("infraction")} name="infraction" required />
      <Field label={t("penalty")} name="penalty" as="select" required>
        {kinds.map((k) => <option key={k} value={k}>{t(`kind.${k}`)}</option>)}
      </Field>
      <Field label={t("round")} name="roundNumber" type="number" inputMode="numeric" hint={t("roundHint")} />
      <Field label={t("notes")} name="notes" />
    </ActionForm>
  );
}
