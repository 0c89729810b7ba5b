"use client";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { ActionForm, Field } from "@/components/ActionForm";
import { createEvent } from "@/app/actions";
import { PRESET_IDS, getPreset, roundMinutesFor, type PresetId } from "@/lib/formats/presets";

/**
 * New event. The round-length hint states the chosen preset's own default (lib/formats
 * roundMinutesFor; fresh2: it said "Tag Duel: 30" while Magic 2HG was chosen), and the name
 * placeholder follows the game.
 */
export function NewEventForm() {
  const t = useTranslations("newEvent");
  const tp = useTranslations("presets");
  const [presetId, setPresetId] = useState<PresetId>("KONAMI_TAG_2019");
  const preset = getPreset(presetId);
  return (
    <ActionForm action={createEvent} submitLabel={t("create")} redirectTo={(d) => `/events/${(d as { eventId: string }).eventId}/admin`}>
      <Field label={t("name")} name="name" required placeholder={t("namePlaceholder", { game: preset.game })} />
      <div onChange={(e) => { const el = e.target as unknown as HTMLSelectElement; if (el.name === "formatPreset" && (PRESET_IDS as readonly string[]).includes(el.value)) setPresetId(el.value as PresetId); }}>
        <Field label={t("format")} name="formatPreset" as="select" defaultValue="KONAMI_TAG_2019" required>
          {PRESET_IDS.map((id) => <option key={id} value={id}>{tp(`${id}.name`)}</option>)}
        </Field>
      </div>
      <Field label={t("roundMinutes")} name="roundMinutes" type="number" inputMode="numeric" hint={t("roundMinutesHint", { format: tp(`${presetId}.name`), minutes: roundMinutesFor(preset, null) })} />
      <Field label={t("timeZone")} name="timeZone" defaultValue={Intl.DateTimeFormat().resolvedOptions().timeZone} hint={t("timeZoneHint")} />
    </ActionForm>
  );
}
