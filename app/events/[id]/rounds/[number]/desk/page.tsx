import { roundStage } from "@/lib/server/read/placings";
import Link from "next/link";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { getTranslations } from "next-intl/server";
import { pageActor } from "@/lib/auth/session";
import { eventView } from "@/lib/server/read/events";
import { resultsDesk } from "@/lib/server/read/resultsDesk";
import { getPreset } from "@/lib/formats/presets";
import { checkEntryOutcome, resultEntryRule } from "@/lib/formats/results";
import { isolate } from "@/lib/i18n/bidi";
import { LiveRefresh } from "@/components/LiveRefresh";
import { describeReport } from "../../../report/describe";
import { DeskClient, type DeskRowView } from "./DeskClient";

/**
 * Staff: the results desk of a round (issue #14 "Results desk for speed"): a table-number box
 * driven by the keyboard desk (lib/formats/desk), then one compact line per table (`#table-N`),
 * finished tables with an edit control, one-sided team reports with a one-tap accept. Texts that
 * need server-only messages (results, reports, the core's refusals) are rendered here; the client
 * gets plain strings, so a 375-table round stays a small payload.
 */
export default async function ResultsDeskPage({ params }: { params: Promise<{ id: string; number: string }> }) {
  await connection();
  const { id, number } = await params;
  const { event, role, settings } = await eventView(id, await pageActor());
  if (!role) notFound();
  const round = await resultsDesk(id, Number(number) || -1);
  // Named by stage in the top cut (issue #14: "Semifinals", not "Round 6").
  const stageName = round && round.kind === "TOP_CUT" ? await roundStage(id, round.number) : null;
  const tfl = await getTranslations("floor");
  if (!round) notFound();
  const t = await getTranslations("resultsDesk");
  const tp = await getTranslations("pairings");
  const tr = await getTranslations("reporting");
  const ta = await getTranslations("actionErrors");
  const preset = getPreset(event.formatPreset);
  const stage = round.kind === "TOP_CUT" ? "single_elimination" : "swiss";
  const rule = resultEntryRule(preset, settings, stage);
  // The core's refusals for keys the stage does not allow (NO_DRAWS, TOP_CUT_DOUBLE_LOSS, BYE_MATCH), in the page's language.
  const refusals: Record<string, string> = {};
  for (const [outcome, bye] of [
    ["DRAW", false],
    ["DOUBLE_LOSS", false],
    ["WIN", true],
  ] as const) {
    const c = checkEntryOutcome(bye ? resultEntryRule(preset, settings, stage, true) : rule, outcome, preset.game);
    if (!c.ok) refusals[c.code] = ta(c.code, c.params);
  }
  const resultText = (r: (typeof round.rows)[number]): string | null => {
    if (!r.outcome) return null;
    if (r.outcome === "BYE") return tp("bye");
    if (r.outcome === "DRAW") return tp("draw");
    if (r.outcome === "DOUBLE_LOSS") return tp("doubleLoss");
    const winner = r.winnerSlot === 2 ? r.slot2 : r.slot1;
    const [gw, gl] = r.winnerSlot === 2 ? [r.games2, r.games1] : [r.games1, r.games2];
    return gw >= 2 ? tp("wonScore", { team: isolate(winner?.name), won: gw, lost: gl }) : tp("won", { team: isolate(winner?.name) });
  };
  const rows: DeskRowView[] = round.rows.map((r) => {
    const names: [string, string] = [r.slot1.name, r.slot2?.name ?? ""];
    // One-sided only: agreeing reports are already final, conflicting ones go to the judge queue.
    const one = r.state === "ONE_SIDED" ? (r.reports.slot1 ?? r.reports.slot2) : null;
    return {
      table: r.table,
      matchId: r.matchId,
      version: r.version,
      final: r.final,
      slot1: r.slot1,
      slot2: r.slot2,
      result: resultText(r),
      state: r.state,
      report: one
        ? {
            id: one.id,
            version: one.version,
            slot: one.slot,
            text: tr("outstanding.reportedBy", {
              team: isolate(names[one.slot - 1]),
              report: describeReport(one.report, names, tr, preset.game, isolate),
            }),
          }
        : null,
    };
  });
  return (
    <div className="space-y-3">
      <LiveRefresh eventId={id} version={event.version} />
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-xl">
          {stageName
            ? t("titleStage", { stage: tfl(stageName.key.replace(/^floor\./, ""), stageName.params) })
            : t("title", { number: round.number })}
        </h2>
        <Link href={`/events/${id}/rounds/${round.number}`} className="text-sm">
          {t("roundPage")}
        </Link>
      </div>
      {round.status === "PAIRED" && <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{t("notLive")}</p>}
      {round.status === "CLOSED" && <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{t("closed")}</p>}
      <DeskClient
        roundId={round.id}
        presetId={preset.id}
        settings={settings}
        stage={stage}
        live={round.status === "PUBLISHED"}
        rows={rows}
        refusals={refusals}
      />
    </div>
  );
}
