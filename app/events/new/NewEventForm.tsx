"use client";
import { useTranslations } from "next-intl";
import { ActionForm, Field } from "@/components/ActionForm";
import { createEvent } from "@/app/actions";
import { PRESET_IDS } from "@/lib/formats/presets";

export function NewEventForm() {
  const t = useTranslations("newEvent");
  const tp = useTranslations("presets");
  return (
    <ActionForm action={createEvent} submitLabel={t("create")} redirectTo={(d) => `/events/${(d as { eventId: string }).eventId}/admin`}>
      <Field label={t("name")} name="name" required placeholder={t("namePlaceholder")} />
      <Field label={t("format")} name="formatPreset" as="select" defaultValue="KONAMI_TAG_2019" required>
        {PRESET_IDS.map((id) => <option key={id} value={id}>{tp(`${id}.name`)}</option>)}
      </Field>
      <Field label={t("roundMinutes")} name="roundMinutes" type="number" inputMode="numeric" hint={t("roundMinutesHint")} />
      <Field label={t("timeZone")} name="timeZone" defaultValue={Intl.DateTimeFormat().resolvedOptions().timeZone} hint={t("timeZoneHint")} />
    </ActionForm>
  );
}
