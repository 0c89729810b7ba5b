"use client";
import { useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { ActionForm, Field } from "@/components/ActionForm";
import { createEvent } from "@/lib/server/actions/browser/core";
import { PRESET_IDS, getPreset, roundMinutesFor, type PresetId } from "@/lib/formats/presets";

/**
 * New event. The round-length hint states the chosen preset's own default (lib/formats
 * roundMinutesFor; it said "Tag Duel: 30" while Magic 2HG was chosen), and the name
 * placeholder follows the game. The time zone starts as the browser's (set after hydration: the
 * server render cannot know it, and React keeps a server-rendered defaultValue); date and venue
 * are optional (issue #13 item 7).
 */
export function NewEventForm() {
  const t = useTranslations("newEvent");
  const tp = useTranslations("presets");
  const [presetId, setPresetId] = useState<PresetId>("KONAMI_TAG_2019");
  const preset = getPreset(presetId);
  const te = useTranslations("eventday.details");
  const tz = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (tz.current && browserZone && tz.current.value === tz.current.defaultValue) tz.current.value = browserZone;
  }, []);
  return (
    <ActionForm action={createEvent} submitLabel={t("create")} redirectTo={(d) => `/events/${d.eventId}/admin`}>
      <Field label={t("name")} name="name" required placeholder={t("namePlaceholder", { game: preset.game })} />
      <div
        onChange={(e) => {
          const el = e.target as unknown as HTMLSelectElement;
          if (el.name === "formatPreset" && (PRESET_IDS as readonly string[]).includes(el.value)) setPresetId(el.value as PresetId);
        }}
      >
        <Field label={t("format")} name="formatPreset" as="select" defaultValue="KONAMI_TAG_2019" required>
          {PRESET_IDS.map((id) => (
            <option key={id} value={id}>
              {tp(`${id}.name`)}
            </option>
          ))}
        </Field>
      </div>
      <Field
        label={t("roundMinutes")}
        name="roundMinutes"
        type="number"
        inputMode="numeric"
        hint={t("roundMinutesHint", { format: tp(`${presetId}.name`), minutes: roundMinutesFor(preset, null) })}
      />
      <div>
        <label htmlFor="f-timeZone" className="label">
          {t("timeZone")}
        </label>
        <input ref={tz} id="f-timeZone" name="timeZone" defaultValue="UTC" className="input mt-1" data-testid="time-zone" />
        <p className="mt-1 text-xs text-slate-500">{t("timeZoneHint")}</p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={te("date")} name="startsOn" type="date" />
        <Field label={te("location")} name="location" placeholder={te("locationPlaceholder")} />
      </div>
    </ActionForm>
  );
}
