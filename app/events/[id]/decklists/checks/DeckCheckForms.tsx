"use client";
import { useTranslations } from "next-intl";
import { ActionForm } from "@/components/ActionForm";
import { recordDeckCheck } from "@/lib/server/actions/browser/deckops";

/**
 * Record (or update) one deck check: outcome OK / PROBLEM and notes. With `teams`, the judge picks
 * the team; otherwise it is fixed to `teamId`.
 */
export function DeckCheckForm({
  roundId,
  teamId,
  teams,
  idPrefix,
}: {
  roundId: string;
  teamId?: string;
  teams?: { teamId: string; teamName: string }[];
  idPrefix: string;
}) {
  const t = useTranslations("deckops");
  return (
    <ActionForm
      action={recordDeckCheck}
      extra={teamId ? { roundId, teamId } : { roundId }}
      submitLabel={t("record")}
      resetOnSuccess
      testId={`deckcheck-form-${idPrefix}`}
      successMessage={() => t("recorded")}
    >
      {teams && (
        <div>
          <label className="label" htmlFor={`${idPrefix}-team`}>
            {t("team")}
          </label>
          <select id={`${idPrefix}-team`} name="teamId" className="input mt-1" defaultValue="">
            <option value="" disabled>
              {t("chooseTeam")}
            </option>
            {teams.map((x) => (
              <option key={x.teamId} value={x.teamId}>
                {x.teamName}
              </option>
            ))}
          </select>
        </div>
      )}
      <fieldset className="flex flex-wrap gap-4">
        <legend className="label mb-1">{t("outcome")}</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="outcome" value="OK" defaultChecked /> {t("outcomeOK")}
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="outcome" value="PROBLEM" /> {t("outcomePROBLEM")}
        </label>
      </fieldset>
      <div>
        <label className="label" htmlFor={`${idPrefix}-notes`}>
          {t("notes")}
        </label>
        <textarea id={`${idPrefix}-notes`} name="notes" rows={2} className="input mt-1 text-sm" placeholder={t("notesHint")} />
      </div>
    </ActionForm>
  );
}
