import { connection } from "next/server";
import { getTranslations } from "next-intl/server";
import { pageActor } from "@/lib/auth/session";
import { eventView } from "@/lib/server/read/events";
import { teamCardData } from "@/lib/server/read/liveData";
import { getPreset } from "@/lib/formats/presets";
import { lpEntryMax, timeCalledMode, timeLpPrompt } from "@/lib/formats/lpEntry";
import { resultEntryRule } from "@/lib/formats/results";
import { ReportCard } from "./ReportCard";
import { TEAM_TOKEN, type KindRules, type ReportStatics } from "./statics";

/**
 * A duelist reports their own table's result from a phone (issue #6). The server renders the
 * team card (lib/server/read/liveData teamCardData) once; the client component renders it and keeps
 * it live by refetching the card JSON (issue #15, components/useLiveCard). What depends only on
 * the event's preset and settings is computed here, for Swiss and top-cut rounds.
 */
export default async function TeamReportPage({ params }: { params: Promise<{ id: string }> }) {
  await connection();
  const { id } = await params;
  const t = await getTranslations("reporting");
  const actor = await pageActor();
  const { event, me, settings } = await eventView(id, actor);
  const preset = getPreset(event.formatPreset);
  const card = me && actor.userId ? await teamCardData(id, actor.userId, event.version) : null;
  if (!card)
    return (
      <div className="space-y-3">
        <h2 className="text-xl">{t("self.title")}</h2>
        <p className="card text-slate-600">{t("self.notDuelist", { game: preset.game })}</p>
      </div>
    );
  const tVs = await getTranslations("pairings"); // "x" in pt-BR, "vs" in en/it (one word per locale)
  const ts = await getTranslations("slips.confirm");
  const tf = await getTranslations("formats");
  const kind = (stage: "swiss" | "single_elimination"): KindRules => {
    const ask = timeLpPrompt(preset, settings, stage);
    // Which outcomes to offer (lib/formats resultEntryRule).
    const entry = resultEntryRule(preset, settings, stage);
    return {
      timeMode: timeCalledMode(preset, settings, stage),
      allowDraw: entry.outcomes.draw,
      allowTime: entry.outcomes.timeCalled,
      lpHint: tf(`lpAtTime.${ask.code}`, ask.params),
    };
  };
  const statics: ReportStatics = {
    game: preset.game,
    bestOf: preset.bestOf,
    lpMax: lpEntryMax(preset),
    kinds: { SWISS: kind("swiss"), TOP_CUT: kind("single_elimination") },
    labels: {
      versus: tVs("versus"),
      confirmHeading: ts("heading", { team: TEAM_TOKEN }),
      confirmAsk: ts("ask"),
      confirmButton: ts("button"),
      confirmOther: ts("other"),
      confirmDone: ts("done"),
      confirmReplacesOwn: ts("replacesOwn"),
    },
  };
  return <ReportCard eventId={id} userId={actor.userId!} initial={card} statics={statics} />;
}
