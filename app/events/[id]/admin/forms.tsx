"use client";
import { useTranslations } from "next-intl";
import { ActionForm, Field } from "@/components/ActionForm";
import { addJudge, importBanlist, pairNextRound, updateEvent } from "@/lib/server/actions/browser/core";
import type { PresetSettings } from "@/lib/formats/presets";
import { PRESET_IDS, applicableSettings, getPreset } from "@/lib/formats/presets";
import { useState } from "react";
import { UPLOAD_MAX_MB } from "@/lib/uploadLimit";
import { structureTable } from "@/lib/formats/structure";

export function BanlistForm({ eventId, game }: { eventId: string; game: "YGO" | "MTG" }) {
  const t = useTranslations("admin");
  const tc = useTranslations("common");
  return (
    <ActionForm
      action={importBanlist}
      extra={{ eventId }}
      submitLabel={t("importList")}
      testId="banlist-form"
      successMessage={(d) => t("listImported", { name: d.name, entries: d.entries })}
    >
      <div>
        <label className="label" htmlFor="banlist-file">
          {game === "YGO" ? t("lflistFile") : t("forgeFile")}
        </label>
        <input
          id="banlist-file"
          name="text"
          type="file"
          data-as="text"
          data-filename="fileName"
          accept={game === "YGO" ? ".conf,.txt" : ".txt"}
          className="mt-1 block w-full text-sm"
          aria-describedby="banlist-file-limit"
        />
        <p id="banlist-file-limit" className="mt-1 text-xs text-slate-600">
          {tc("uploadLimit", { max: UPLOAD_MAX_MB })}
        </p>
      </div>
      <Field label={t("listName")} name="listName" hint={t("listNameHint")} />
    </ActionForm>
  );
}

export function JudgeForm({ eventId }: { eventId: string }) {
  const t = useTranslations("admin");
  const ta = useTranslations("account");
  return (
    <ActionForm
      action={addJudge}
      extra={{ eventId }}
      submitLabel={t("addJudge")}
      resetOnSuccess
      testId="judge-form"
      successMessage={(d) => {
        const r = d;
        if (r.setupCode)
          return (
            <span>
              {t("judgeCreated", { username: r.username })}{" "}
              <code className="font-bold" data-testid="setup-code">
                {r.setupCode}
              </code>
            </span>
          );
        return r.invited ? ta("judgeInvited", { username: r.username }) : t("judgeAdded", { username: r.username });
      }}
    >
      <Field label={t("judgeUsername")} name="username" required />
      <Field label={t("judgeName")} name="displayName" />
    </ActionForm>
  );
}

export function SettingsForm({
  eventId,
  name,
  formatPreset,
  roundMinutes,
  settings,
  deadline,
  locked,
}: {
  eventId: string;
  name: string;
  formatPreset: string;
  roundMinutes: number;
  settings: PresetSettings;
  deadline: string;
  locked: boolean;
}) {
  const t = useTranslations("admin");
  const tp = useTranslations("presets");
  const ts = useTranslations("settings");
  const to = useTranslations("operations.settingsForm");
  const terms = useTranslations("terms");
  // The choices follow the preset selected in this form (lib/formats applicableSettings, the
  // same rule the server enforces); a choice of the previous preset falls back to the new default.
  const [presetId, setPresetId] = useState(formatPreset);
  const preset = getPreset(presetId);
  const game = preset.game;
  const ok = applicableSettings(preset);
  const pick = <K extends "eomp" | "listScope" | "independentTimeRule" | "teamCopyRule">(k: K): string => {
    const v = presetId === formatPreset ? settings[k] : preset.defaults[k];
    return String((ok[k] as readonly unknown[]).includes(v) ? v : preset.defaults[k]);
  };
  const bool = (k: keyof PresetSettings) => (
    <label className="flex items-center gap-2 text-sm">
      <input type="checkbox" name={`settings.${k}`} defaultChecked={Boolean(settings[k])} /> {ts(k)}
    </label>
  );
  return (
    <ActionForm
      action={updateEvent}
      extra={{ eventId }}
      submitLabel={t("saveSettings")}
      testId="settings-form"
      successMessage={() => t("saved")}
    >
      <Field label={t("eventName")} name="name" defaultValue={name} required />
      <div
        onChange={(e) => {
          const el = e.target as unknown as HTMLSelectElement;
          if (el.name === "formatPreset") setPresetId(el.value);
        }}
      >
        <Field
          label={t("format")}
          name="formatPreset"
          as="select"
          defaultValue={formatPreset}
          hint={locked ? t("presetLocked") : undefined}
        >
          {PRESET_IDS.map((id) => (
            <option key={id} value={id}>
              {tp(`${id}.name`)}
            </option>
          ))}
        </Field>
      </div>
      <Field label={t("roundMinutes")} name="roundMinutes" type="number" defaultValue={roundMinutes} inputMode="numeric" />
      <Field label={t("deadline")} name="decklistDeadline" type="datetime-local" defaultValue={deadline} hint={t("deadlineHint")} />
      <div key={presetId} className="space-y-4" data-testid="preset-choices">
        <Field label={ts("eomp")} name="settings.eomp" as="select" defaultValue={pick("eomp")} hint={to("presetHint")}>
          {ok.eomp.map((v) => (
            <option key={v} value={v}>
              {ts(`eompValues.${v}`)}
            </option>
          ))}
        </Field>
        {ok.independentTimeRule.some((v) => v !== null) && (
          <Field
            label={to("independentTimeRule")}
            name="settings.independentTimeRule"
            as="select"
            defaultValue={pick("independentTimeRule")}
          >
            {ok.independentTimeRule
              .filter((v) => v !== null)
              .map((v) => (
                <option key={v} value={v}>
                  {to(`independentValues.${v}`)}
                </option>
              ))}
          </Field>
        )}
        <Field label={ts("decklistChanges")} name="settings.decklistChanges" as="select" defaultValue={settings.decklistChanges}>
          <option value="until_deadline">{ts("untilDeadline")}</option>
          <option value="locked_on_submit">{ts("lockedOnSubmit")}</option>
        </Field>
        <Field label={terms("listScope", { game })} name="settings.listScope" as="select" defaultValue={pick("listScope")}>
          {ok.listScope.map((v) => (
            <option key={v} value={v}>
              {v === "duelist" ? ts("perDuelist") : game === "MTG" ? to("perTeamMtg") : ts("perTeam")}
            </option>
          ))}
        </Field>
        {/* RULES §2.3 / §8.6: the round table's tier and the 2049+ cut, for presets with a Konami table */}
        {structureTable(preset) !== "log2" && (
          <>
            <Field
              label={ts("tier")}
              name="settings.tier"
              as="select"
              defaultValue={presetId === formatPreset ? settings.tier : preset.defaults.tier}
            >
              {(["1-2", "3-4"] as const).map((v) => (
                <option key={v} value={v}>
                  {ts(`tierValues.${v}`)}
                </option>
              ))}
            </Field>
            <Field
              label={ts("cut2049")}
              name="settings.cut2049"
              as="select"
              defaultValue={presetId === formatPreset ? settings.cut2049 : preset.defaults.cut2049}
            >
              {(["none", "top8"] as const).map((v) => (
                <option key={v} value={v}>
                  {ts(`cut2049Values.${v}`)}
                </option>
              ))}
            </Field>
          </>
        )}
        {ok.teamCopyRule.some((v) => v !== null) && (
          <Field label={to("teamCopyRule")} name="settings.teamCopyRule" as="select" defaultValue={pick("teamCopyRule")}>
            {ok.teamCopyRule
              .filter((v) => v !== null)
              .map((v) => (
                <option key={v} value={v}>
                  {to(`teamCopyValues.${v}`)}
                </option>
              ))}
          </Field>
        )}
      </div>
      <div className="space-y-1">
        {bool("swissAllowsDraws")}
        {bool("requireLegalDecklists")}
        {bool("checkInOneSuffices")}
        {bool("topCutOpenLists")}
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="settings.byeInOwnMw" defaultChecked={Boolean(settings.byeInOwnMw)} /> {ts("byeInOwnMw", { game })}
        </label>
      </div>
    </ActionForm>
  );
}

/**
 * Pair the next round; an optional seed makes the pairing reproducible (it is recorded either way).
 * `beyondPlan`: the planned Swiss rounds are done and a top cut is planned — pairing another Swiss
 * round needs the ticked confirmation (the server refuses BEYOND_PLAN without it).
 */
export function PairForm({
  eventId,
  number,
  beyondPlan,
}: {
  eventId: string;
  number: number;
  beyondPlan?: { planned: number; cut: number };
}) {
  const t = useTranslations("admin");
  const to = useTranslations("operations.structure");
  return (
    <ActionForm
      action={pairNextRound}
      extra={{ eventId }}
      submitLabel={t("pairRound", { number })}
      className="flex flex-wrap items-end gap-2"
      testId="pair-form"
    >
      {beyondPlan && (
        <label className="flex basis-full items-start gap-2 text-sm">
          <input type="checkbox" name="beyondPlan" required className="mt-1" data-testid="beyond-plan" />
          <span>{to("beyondPlan", { planned: beyondPlan.planned, cut: beyondPlan.cut, number })}</span>
        </label>
      )}
      <div className="w-48">
        <Field label={t("seedLabel")} name="seed" hint={t("seedHint")} />
      </div>
    </ActionForm>
  );
}
