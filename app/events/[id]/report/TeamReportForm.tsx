"use client";
/** A duelist's report of their own table: result, LP when time was called, games (best of three), who went first. */
import type { ActionOutputOf, ActionResult } from "@/lib/errors";
import { useState, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import { ActionForm } from "@/components/ActionForm";
import { submitTeamReport } from "@/lib/server/actions/browser/reporting";
import { withBdi } from "@/components/Bdi";
import { describeReport } from "./describe";
import { isOffline, queueOffline, type QueueContext } from "@/components/OfflineQueue";

/**
 * `initial` is the team's CURRENT report (latest, by any teammate) and `reportKey` its id: when a
 * teammate's report arrives (live refresh) the fields are rebuilt from it, so the form never keeps
 * a stale selection; `byTeammate` = that report was sent by a teammate (then the form's own
 * earlier success message is cleared too; `formKey`, when given, is that key instead: the caller
 * changes it only when a teammate's report arrives, not when this duelist's own report becomes the
 * team's). `lpMax` = lib/formats lpEntryMax (the server's bound); `lpHint` says
 * which LP to enter, worded by the preset's end-of-match procedure (timeLpPrompt). `onSaved`: what
 * shows the new state after a report reached the server (the report page refetches its card,
 * components/useLiveCard); without it the page is refreshed.
 */
export function TeamReportForm({
  game,
  matchId,
  version,
  team1,
  team2,
  allowDraw,
  allowTime,
  bestOf,
  lpMax,
  lpHint,
  initial,
  reportKey,
  byTeammate,
  label,
  timeMode = "compare",
  queue,
  onSaved,
  formKey,
}: {
  /** lib/formats timeCalledMode: what "time called" records (2HG Swiss: the unfinished game is a draw). */
  timeMode?: "compare" | "draw" | "double_loss";
  game: "YGO" | "MTG";
  matchId: string;
  version: number;
  team1: string;
  team2: string;
  allowDraw: boolean;
  allowTime: boolean;
  bestOf: 1 | 3;
  lpMax: number;
  lpHint: string;
  initial?: { result: string; firstSlot: number; lp1?: number; lp2?: number; games1?: number; games2?: number } | null;
  reportKey?: string | null;
  byTeammate?: boolean;
  label: string;
  /** Where a report made without a connection is queued (issue #15, components/OfflineQueue). */
  queue?: QueueContext;
  onSaved?: () => void;
  formKey?: string;
}) {
  const t = useTranslations("reporting.self");
  const tr = useTranslations("reporting");
  const tq = useTranslations("offline.queue");
  type Sent = ActionOutputOf<typeof submitTeamReport> | { status: "queued"; replaced: null };
  // Offline (or the send never reached the server): queue it on the phone with the state shown.
  const send = async (input: Parameters<typeof submitTeamReport>[0]): Promise<ActionResult<Sent>> => {
    const queued = (): ActionResult<Sent> => {
      queueOffline("report", queue!, input as unknown as Record<string, unknown>);
      return { ok: true, data: { status: "queued", replaced: null } };
    };
    if (queue && isOffline()) return queued();
    try {
      return await submitTeamReport(input);
    } catch (e) {
      if (queue) return queued();
      throw e;
    }
  };
  const sent = (d: Sent) => {
    if (d.status === "queued") return tq("queued");
    const { status, replaced } = d;
    if (!replaced) return t(`sent.${status}`);
    const result = describeReport(replaced.report, [team1, team2], tr, game);
    return `${t(`sent.${status}`)} ${replaced.self ? t("replacedOwn", { result }) : t("replacedTeammate", { name: replaced.by, result })}`;
  };
  return (
    // A teammate's newer report also clears this form's earlier "sent" message (it no longer describes the team's report).
    <ActionForm
      key={formKey ?? (byTeammate ? `t-${reportKey}` : "self")}
      action={send}
      extra={{ matchId, expectedVersion: version }}
      onSuccess={(d) => {
        if (d.status !== "queued") onSaved?.();
      }}
      refreshAfter={(d) => !onSaved && d.status !== "queued"}
      submitLabel={label}
      className="space-y-4"
      testId="team-report-form"
      successMessage={sent}
    >
      <ReportFields key={reportKey ?? "none"} {...{ game, team1, team2, allowDraw, allowTime, bestOf, lpMax, lpHint, initial, timeMode }} />
    </ActionForm>
  );
}

function ReportFields({
  game,
  team1,
  team2,
  allowDraw,
  allowTime,
  bestOf,
  lpMax,
  lpHint,
  initial,
  timeMode,
}: {
  timeMode: "compare" | "draw" | "double_loss";
  game: "YGO" | "MTG";
  team1: string;
  team2: string;
  allowDraw: boolean;
  allowTime: boolean;
  bestOf: 1 | 3;
  lpMax: number;
  lpHint: string;
  initial?: { result: string; firstSlot: number; lp1?: number; lp2?: number; games1?: number; games2?: number } | null;
}) {
  const t = useTranslations("reporting.self");
  const [kind, setKind] = useState<string | null>(initial?.result ?? null); // nothing pre-selected
  const b = (key: string, team: string, extra: Record<string, string> = {}) => withBdi((n) => t(key, { team: n, ...extra }), team);
  const options: [string, ReactNode][] = [
    ["team1", b("wins", team1)],
    ["team2", b("wins", team2)],
    ...(allowDraw ? [["draw", t("draw")] as [string, ReactNode]] : []),
    ...(allowTime ? [["time", t("time", { game, mode: timeMode })] as [string, ReactNode]] : []),
  ];
  return (
    <>
      <fieldset className="space-y-2">
        <legend className="label">{t("result")}</legend>
        {options.map(([v, text]) => (
          <label key={v} className="flex min-h-11 items-center gap-3 rounded-lg border border-slate-200 px-3 py-2">
            <input type="radio" name="result" value={v} checked={kind === v} onChange={() => setKind(v)} className="h-5 w-5 shrink-0" />
            <span className="min-w-0">{text}</span>
          </label>
        ))}
      </fieldset>
      {kind === "time" && (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <p id="lp-hint" className="text-sm text-slate-700 sm:col-span-2" data-testid="lp-hint">
            {lpHint}
          </p>
          <label className="label min-w-0">
            {b("lpOf", team1, { game })}
            <input
              name="lp1"
              type="number"
              inputMode="numeric"
              min={0}
              max={lpMax}
              aria-describedby="lp-hint"
              defaultValue={initial?.lp1}
              className="input mt-1"
            />
          </label>
          <label className="label min-w-0">
            {b("lpOf", team2, { game })}
            <input
              name="lp2"
              type="number"
              inputMode="numeric"
              min={0}
              max={lpMax}
              aria-describedby="lp-hint"
              defaultValue={initial?.lp2}
              className="input mt-1"
            />
          </label>
        </div>
      )}
      {bestOf === 3 && kind !== "time" && (
        <div className="grid grid-cols-2 gap-3">
          <label className="label min-w-0">
            {b("gamesOf", team1, { game })}
            <input name="games1" type="number" inputMode="numeric" min={0} max={2} defaultValue={initial?.games1} className="input mt-1" />
          </label>
          <label className="label min-w-0">
            {b("gamesOf", team2, { game })}
            <input name="games2" type="number" inputMode="numeric" min={0} max={2} defaultValue={initial?.games2} className="input mt-1" />
          </label>
        </div>
      )}
      <fieldset className="space-y-2">
        <legend className="label">{t("first")}</legend>
        {[
          [1, team1],
          [2, team2],
        ].map(([v, name]) => (
          <label key={v} className="flex min-h-11 items-center gap-3 rounded-lg border border-slate-200 px-3 py-2">
            <input type="radio" name="firstSlot" value={v} defaultChecked={initial?.firstSlot === v} className="h-5 w-5 shrink-0" />{" "}
            <bdi className="min-w-0">{name}</bdi>
          </label>
        ))}
      </fieldset>
    </>
  );
}
