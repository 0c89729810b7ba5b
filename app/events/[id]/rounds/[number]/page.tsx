import { notFound } from "next/navigation";
import { connection } from "next/server";
import { getTranslations } from "next-intl/server";
import { roundStage } from "@/lib/server/read/placings";
import { pageActor } from "@/lib/auth/session";
import { eventView } from "@/lib/server/read/events";
import { roundView } from "@/lib/server/read/pairings";
import { lpEntryMax, timeCalledMode, timeLpPrompt } from "@/lib/formats/lpEntry";
import { getPreset } from "@/lib/formats/presets";
import { resultLabel } from "@/components/PairingList";
import { ResultForm } from "./ResultForm";
import { LiveRefresh } from "@/components/LiveRefresh";
import { MatchJudgeTools } from "@/components/MatchJudgeTools";
import { MatchTime } from "@/components/MatchTime";
import { matchExtensions } from "@/lib/server/read/wizard";
import { RoundOperations } from "./RoundOperations";
import { bdiText } from "@/components/Bdi";
import { resultEntryRule } from "@/lib/formats/results";
import Link from "next/link";
import { isolate } from "@/lib/i18n/bidi";
import { resultsDesk } from "@/lib/server/read/resultsDesk";
import { describeReport } from "../../report/describe";
import { AcceptReport } from "./AcceptReport";

/** Staff: every match of a round with its result and a form to enter or correct it. */
export default async function RoundResultsPage({ params }: { params: Promise<{ id: string; number: string }> }) {
  await connection();
  const { id, number } = await params;
  const t = await getTranslations("report");
  const tp = await getTranslations("pairings");
  const { event, role, settings } = await eventView(id, await pageActor());
  if (!role) notFound();
  const round = await roundView(id, { number: Number(number) || -1, publishedOnly: false });
  if (!round) notFound();
  const preset = getPreset(event.formatPreset);
  const tf = await getTranslations("formats");
  const lpHint = (kind: string) => {
    const a = timeLpPrompt(preset, settings, kind === "TOP_CUT" ? "single_elimination" : "swiss");
    return tf(`lpAtTime.${a.code}`, a.params);
  };
  const open = round.matches.filter((m) => !m.outcome).length;
  // Issue #14: named by stage (roundStageName), e.g. "Semifinals" for a top-cut round.
  const stage = await roundStage(id, round.number);
  const tfl = await getTranslations("floor");
  const tfr = await getTranslations("finish.round");
  const ext = round.status === "PUBLISHED" ? await matchExtensions(round.id) : {};
  // One-sided team reports, for the one-tap accept (issue #14); the results desk reads the same model.
  const tr = await getTranslations("reporting");
  const tdesk = await getTranslations("resultsDesk");
  const oneSided = new Map<string, { id: string; version: number; slot: 1 | 2; text: string }>();
  if (round.status === "PUBLISHED")
    for (const r of (await resultsDesk(id, round.number))?.rows ?? []) {
      const one = r.state === "ONE_SIDED" ? (r.reports.slot1 ?? r.reports.slot2) : null;
      const names: [string, string] = [r.slot1.name, r.slot2?.name ?? ""];
      if (one)
        oneSided.set(r.matchId, {
          id: one.id,
          version: one.version,
          slot: one.slot,
          text: tr("outstanding.reportedBy", {
            team: isolate(names[one.slot - 1]),
            report: describeReport(one.report, names, tr, preset.game, isolate),
          }),
        });
    }
  return (
    <div className="space-y-3">
      <LiveRefresh eventId={id} version={event.version} />
      <h2 className="text-xl">
        {stage ? tfr("title", { stage: tfl(stage.key.replace(/^floor\./, ""), stage.params) }) : t("title", { number: round.number })}
      </h2>
      <Link href={`/events/${id}/rounds/${round.number}/desk`} className="btn-secondary min-h-11">
        {tdesk("nav")}
      </Link>
      <p className="text-sm text-slate-600" data-testid="open-count">
        {t("open", { count: open })}
      </p>
      {round.status === "PAIRED" && <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{t("notPublished")}</p>}
      <RoundOperations eventId={id} roundId={round.id} role={role} timeZone={event.timeZone} />
      <ul className="space-y-2">
        {round.matches.map((m) => {
          const [s1, s2] = m.teams;
          const res = m.outcome ? bdiText((n) => resultLabel(m, tp, n) ?? "") : null;
          return (
            <li key={m.id} id={m.table > 0 ? `table-${m.table}` : undefined} className="card space-y-2" data-testid="match-row">
              <div className="flex min-w-0 flex-wrap items-baseline gap-2">
                <span className="font-bold tabular-nums">{m.table <= 0 ? tp("bye") : tp("tableN", { table: m.table })}</span>
                <span className="min-w-0 font-medium" data-testid="match-teams">
                  <bdi>{s1.team.name}</bdi>
                  {s2 && (
                    <>
                      {" "}
                      {tp("versus")} <bdi>{s2.team.name}</bdi>
                    </>
                  )}
                </span>
                {res && (
                  <span className="badge max-w-full bg-green-100 text-green-800" data-testid="match-result">
                    {res}
                  </span>
                )}
              </div>
              {ext[m.id] && !m.outcome && (
                <MatchTime table={m.table} minutes={round.minutes} log={round.log} extensions={ext[m.id]} serverNow={Date.now()} />
              )}
              {!m.outcome && oneSided.has(m.id) && <AcceptReport matchId={m.id} table={m.table} report={oneSided.get(m.id)!} />}
              {s2 && round.status === "PUBLISHED" && !m.outcome && <MatchJudgeTools eventId={id} matchId={m.id} table={m.table} />}
              {s2 && round.status !== "PAIRED" && (round.status === "PUBLISHED" || role === "ORGANIZER") && (
                <ResultForm
                  game={preset.game}
                  roundId={round.id}
                  matchId={m.id}
                  version={m.version}
                  team1={s1.team.name}
                  team2={s2.team.name}
                  lpMax={lpEntryMax(preset)}
                  lpHint={lpHint(round.kind)}
                  outcomes={resultEntryRule(preset, settings, round.kind === "TOP_CUT" ? "single_elimination" : "swiss").outcomes}
                  closed={round.status === "CLOSED"}
                  bestOf={preset.bestOf}
                  timeMode={timeCalledMode(preset, settings, round.kind === "TOP_CUT" ? "single_elimination" : "swiss")}
                />
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
