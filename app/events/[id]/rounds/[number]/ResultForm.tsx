"use client";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { ActionForm } from "@/components/ActionForm";
import { reportResult } from "@/app/actions";

/**
 * One match's result entry: winner, draw, double loss, or "time called" with both team LP.
 * Nothing is pre-selected (a careless click must not record a result nobody chose). The match
 * version the judge saw is kept while the page refreshes in the background, so a result saved
 * meanwhile elsewhere makes this save fail as stale instead of silently overwriting it. A closed
 * round (organizer only) needs the explicit "correct a closed round" box.
 */
export function ResultForm({ game, roundId, matchId, version, team1, team2, lifeStart, allowDraw, closed }: {
  game: "YGO" | "MTG"; roundId: string; matchId: string; version: number; team1: string; team2: string; lifeStart: number; allowDraw: boolean; closed?: boolean;
}) {
  const t = useTranslations("report");
  const [kind, setKind] = useState<string | null>(null);
  const [seen, setSeen] = useState(version);
  const options: [string, string][] = [["team1", t("wins", { team: team1 })], ["team2", t("wins", { team: team2 })], ...(allowDraw ? [["draw", t("draw")] as [string, string]] : []), ["time", t("time", { game })], ["doubleLoss", t("doubleLoss")]];
  return (
    <ActionForm action={reportResult} extra={{ roundId, matchId, expectedVersion: seen }} submitLabel={closed ? t("correct") : t("save")} className="space-y-2" testId={`report-${matchId}`}
      onSuccess={(d) => setSeen((d as { version: number }).version)}>
      <fieldset className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <legend className="sr-only">{t("result")}</legend>
        {options.map(([v, label]) => (
          <label key={v} className="flex items-center gap-1">
            <input type="radio" name="result" value={v} checked={kind === v} onChange={() => setKind(v)} /> {label}
          </label>
        ))}
      </fieldset>
      {kind === "time" && (
        <div className="grid grid-cols-2 gap-2">
          <label className="text-sm">{t("lpOf", { team: team1, game })}<input name="lp1" type="number" inputMode="numeric" min={0} max={lifeStart * 10} className="input mt-1" /></label>
          <label className="text-sm">{t("lpOf", { team: team2, game })}<input name="lp2" type="number" inputMode="numeric" min={0} max={lifeStart * 10} className="input mt-1" /></label>
          <p className="col-span-2 text-xs text-slate-600">{t("timeHint", { game })}</p>
        </div>
      )}
      {closed && (
        <label className="flex items-center gap-2 text-sm text-amber-900">
          <input type="checkbox" name="override" /> {t("overrideClosed")}
        </label>
      )}
    </ActionForm>
  );
}
