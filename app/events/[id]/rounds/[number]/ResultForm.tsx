"use client";
import { useState, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import { ActionForm } from "@/components/ActionForm";
import { reportResult } from "@/lib/server/actions/browser/core";
import { withBdi } from "@/components/Bdi";
import type { ResultEntryRule } from "@/lib/formats/results";

/** One radio choice as a tappable card; the checked one is highlighted. */
const OPTION =
  "flex min-h-11 items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm " +
  "has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50";

/**
 * One match's result entry: winner, draw, double loss, or "time called" with both team LP.
 * Nothing is pre-selected (a careless click must not record a result nobody chose). The match
 * version the judge saw is kept while the page refreshes in the background, so a result saved
 * meanwhile elsewhere makes this save fail as stale instead of silently overwriting it. A closed
 * round (organizer only) needs the explicit "correct a closed round" box. The options are the same
 * large, full-width tap targets as the duelist's own report form; team names
 * are <bdi> (wrap anywhere, direction isolated).
 */
export function ResultForm({
  game,
  roundId,
  matchId,
  version,
  team1,
  team2,
  lpMax,
  lpHint,
  outcomes,
  closed,
  bestOf = 1,
  timeMode = "compare",
}: {
  game: "YGO" | "MTG";
  roundId: string;
  matchId: string;
  version: number;
  team1: string;
  team2: string;
  /** lib/formats lpEntryMax (the server's bound) and timeLpPrompt's text: the same as the duelist's self-report. */
  lpMax: number;
  lpHint: string;
  closed?: boolean;
  /**
   * Which outcomes to offer: lib/formats resultEntryRule(...).outcomes (no draw or double loss in a
   * top cut, draws per event, §1.8, §8.20).
   */
  outcomes: Pick<ResultEntryRule["outcomes"], "draw" | "doubleLoss">;
  /** Best of three (UDE, 1v1): a win also records the game score, 2–0 or 2–1 (issue #13 item 10). */
  bestOf?: 1 | 3;
  /** lib/formats timeCalledMode: what "time called" records (2HG Swiss: the unfinished game is a draw, MTR 2.4). */
  timeMode?: "compare" | "draw" | "double_loss";
}) {
  const t = useTranslations("report");
  const [kind, setKind] = useState<string | null>(null);
  const [score, setScore] = useState<"2-0" | "2-1" | null>(null); // nothing pre-selected
  const [seen, setSeen] = useState(version);
  const wins = (team: string) => withBdi((n) => t("wins", { team: n }), team);
  const options: [string, ReactNode][] = [
    ["team1", wins(team1)],
    ["team2", wins(team2)],
    ...(outcomes.draw ? [["draw", t("draw")] as [string, ReactNode]] : []),
    ["time", t("time", { game, mode: timeMode })],
    ...(outcomes.doubleLoss ? [["doubleLoss", t("doubleLoss")] as [string, ReactNode]] : []),
  ];
  const win = kind === "team1" || kind === "team2";
  const loserGames = score === "2-1" ? 1 : 0;
  return (
    <ActionForm
      action={reportResult}
      extra={{ roundId, matchId, expectedVersion: seen }}
      submitLabel={closed ? t("correct") : t("save")}
      className="space-y-2"
      testId={`report-${matchId}`}
      onSuccess={(d) => setSeen(d.version)}
    >
      <fieldset className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <legend className="sr-only">{t("result")}</legend>
        {options.map(([v, label]) => (
          <label key={v} className={`${OPTION} min-w-0`}>
            <input type="radio" name="result" value={v} checked={kind === v} onChange={() => setKind(v)} className="h-5 w-5 shrink-0" />
            <span className="min-w-0">{label}</span>
          </label>
        ))}
      </fieldset>
      {bestOf === 3 && win && (
        <fieldset className="grid grid-cols-2 gap-2" data-testid={`score-${matchId}`}>
          <legend className="label mb-1">{t("gameScore", { game })}</legend>
          {(["2-0", "2-1"] as const).map((v) => (
            <label key={v} className={OPTION}>
              <input
                type="radio"
                name="score"
                value={v}
                checked={score === v}
                onChange={() => setScore(v)}
                required
                className="h-5 w-5 shrink-0"
              />{" "}
              <span>{v.replace("-", "–")}</span>
            </label>
          ))}
          {score && (
            <>
              <input type="hidden" name="games1" value={kind === "team1" ? 2 : loserGames} />
              <input type="hidden" name="games2" value={kind === "team2" ? 2 : loserGames} />
            </>
          )}
        </fieldset>
      )}
      {kind === "time" && (
        <div className="grid grid-cols-2 gap-2">
          <label className="min-w-0 text-sm">
            {withBdi((n) => t("lpOf", { team: n, game }), team1)}
            <input
              name="lp1"
              type="number"
              inputMode="numeric"
              min={0}
              max={lpMax}
              aria-describedby={`lp-hint-${matchId}`}
              className="input mt-1"
            />
          </label>
          <label className="min-w-0 text-sm">
            {withBdi((n) => t("lpOf", { team: n, game }), team2)}
            <input
              name="lp2"
              type="number"
              inputMode="numeric"
              min={0}
              max={lpMax}
              aria-describedby={`lp-hint-${matchId}`}
              className="input mt-1"
            />
          </label>
          <p id={`lp-hint-${matchId}`} className="col-span-2 text-xs text-slate-600" data-testid="lp-hint">
            {lpHint}
          </p>
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
