"use client";
import { useTranslations } from "next-intl";
import { ActionForm, Field } from "@/components/ActionForm";
import { addJudge, importBanlist, pairNextRound, updateEvent } from "@/app/actions";
import type { PresetSettings } from "@/lib/formats/presets";
import { PRESET_IDS, getPreset } from "@/lib/formats/presets";

export function BanlistForm({ eventId, game }: { eventId: string; game: "YGO" | "MTG" }) {
  const t = useTranslations("admin");
  return (
    <ActionForm action={importBanlist} extra={{ eventId }} submitLabel={t("importList")} testId="banlist-form"
      successMessage={(d) => t("listImported", { name: (d as { name: string }).name, entries: (d as { entries: number }).entries })}>
      <div>
        <label className="label" htmlFor="banlist-file">{game === "YGO" ? t("lflistFile") : t("forgeFile")}</label>
        <input id="banlist-file" name="text" type="file" data-as="text" data-filename="fileName" accept={game === "YGO" ? ".conf,.txt" : ".txt"} className="mt-1 block w-full text-sm" />
      </div>
      <Field label={t("listName")} name="listName" hint={t("listNameHint")} />
    </ActionForm>
  );
}

export function JudgeForm({ eventId }: { eventId: string }) {
  const t = useTranslations("admin");
  return (
    <ActionForm action={addJudge} extra={{ eventId }} submitLabel={t("addJudge")} resetOnSuccess testId="judge-form"
      successMessage={(d) => {
        const r = d as { username: string; setupCode: string | null };
        return r.setupCode ? <span>{t("judgeCreated", { username: r.username })} <code className="font-bold" data-testid="setup-code">{r.setupCode}</code></span> : t("judgeAdded", { username: r.username });
      }}>
      <Field label={t("judgeUsername")} name="username" required />
      <Field label={t("judgeName")} name="displayName" />
    </ActionForm>
  );
}

export function SettingsForm({ eventId, name, formatPreset, roundMinutes, settings, deadline, locked }: {
  eventId: string; name: string; formatPreset: string; roundMinutes: number; settings: PresetSettings; deadline: string; locked: boolean;
}) {
  const t = useTranslations("admin");
  const tp = useTranslations("presets");
  const ts = useTranslations("settings");
  const terms = useTranslations("terms");
  const game = getPreset(formatPreset).game;
  const bool = (k: keyof PresetSettings) => (
    <label className="flex items-center gap-2 text-sm"><input type="checkbox" name={`settings.${k}`} defaultChecked={Boolean(settings[k])} /> {ts(k)}</label>
  );
  return (
    <ActionForm action={updateEvent} extra={{ eventId }} submitLabel={t("saveSettings")} testId="settings-form" successMessage={() => t("saved")}>
      <Field label={t("eventName")} name="name" defaultValue={name} required />
      <Field label={t("format")} name="formatPreset" as="select" defaultValue={formatPreset} hint={locked ? t("presetLocked") : undefined}>
        {PRESET_IDS.map((id) => <option key={id} value={id}>{tp(`${id}.name`)}</option>)}
      </Field>
      <Field label={t("roundMinutes")} name="roundMinutes" type="number" defaultValue={roundMinutes} inputMode="numeric" />
      <Field label={t("deadline")} name="decklistDeadline" type="datetime-local" defaultValue={deadline} hint={t("deadlineHint")} />
      <Field label={ts("eomp")} name="settings.eomp" as="select" defaultValue={settings.eomp}>
        {["phase_then_lp", "double_loss", "turn_plus_three", "ude_three_turns", "mtg_three_turns", "ude2005", "konami2010", "konami2018", "v25"].map((v) => <option key={v} value={v}>{ts(`eompValues.${v}`)}</option>)}
      </Field>
      <Field label={ts("decklistChanges")} name="settings.decklistChanges" as="select" defaultValue={settings.decklistChanges}>
        <option value="until_deadline">{ts("untilDeadline")}</option>
        <option value="locked_on_submit">{ts("lockedOnSubmit")}</option>
      </Field>
      <Field label={terms("listScope", { game })} name="settings.listScope" as="select" defaultValue={settings.listScope}>
        <option value="duelist">{ts("perDuelist")}</option>
        <option value="team">{ts("perTeam")}</option>
      </Field>
      <div className="space-y-1">{bool("swissAllowsDraws")}{bool("requireLegalDecklists")}<label className="flex items-center gap-2 text-sm"><input type="checkbox" name="settings.byeInOwnMw" defaultChecked={Boolean(settings.byeInOwnMw)} /> {ts("byeInOwnMw", { game })}</label></div>
    </ActionForm>
  );
}

/** Pair the next round; an optional seed makes the pairing reproducible (it is recorded either way). */
export function PairForm({ eventId, number }: { eventId: string; number: number }) {
  const t = useTranslations("admin");
  return (
    <ActionForm action={pairNextRound} extra={{ eventId }} submitLabel={t("pairRound", { number })} className="flex flex-wrap items-end gap-2" testId="pair-form">
      <div className="w-48"><Field label={t("seedLabel")} name="seed" hint={t("seedHint")} /></div>
    </ActionForm>
  );
}
