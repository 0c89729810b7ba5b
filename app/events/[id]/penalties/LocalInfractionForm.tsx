"use client";
/** Organizer: add an event's own infraction (name + optional default penalty) to the penalty picker. */
import { useTranslations } from "next-intl";
import { ActionForm, Field } from "@/components/ActionForm";
import { addLocalInfraction } from "@/lib/server/actions/browser/reporting";

export function LocalInfractionForm({ eventId, kinds, game }: { eventId: string; kinds: string[]; game: "YGO" | "MTG" }) {
  const t = useTranslations("reporting.penalties");
  return (
    <ActionForm
      action={addLocalInfraction}
      extra={{ eventId }}
      submitLabel={t("addLocal")}
      resetOnSuccess
      testId="local-infraction-form"
      className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,14rem)_auto] sm:items-end"
    >
      <Field label={t("localName")} name="name" required />
      <Field label={t("localDefault")} name="defaultPenalty" as="select" defaultValue="">
        <option value="">{t("noDefaultShort")}</option>
        {kinds.map((k) => (
          <option key={k} value={k}>
            {t(`kind.${k}`, { game })}
          </option>
        ))}
      </Field>
    </ActionForm>
  );
}
