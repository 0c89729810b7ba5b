import Link from "next/link";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { getLocale, getTranslations } from "next-intl/server";
import { pageActor } from "@/lib/auth/session";
import { eventView } from "@/lib/server/read/events";
import { openRounds } from "@/lib/server/read/reporting";
import { lpEntryMax, timeLpPrompt } from "@/lib/formats/lpEntry";
import { getPreset } from "@/lib/formats/presets";
import { LiveRefresh } from "@/components/LiveRefresh";
import { DeskNav } from "@/components/DeskNav";
import { ResultForm } from "../rounds/[number]/ResultForm";
import { describeReport } from "../report/describe";
import { eventPageMetadata } from "@/lib/server/read/pageMeta";
import { bdiText } from "@/components/Bdi";
import { resultEntryRule } from "@/lib/formats/results";
import { JudgeCalls } from "./JudgeCalls";

export const generateMetadata = eventPageMetadata("queue");

/** Staff: tables whose two team reports disagree; a judge enters the final result (reportResult). */
export default async function JudgeQueuePage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ calls?: string }>;
}) {
  await connection();
  const { id } = await params;
  const callOrder = (await searchParams).calls === "oldest" ? "oldest" : "newest";
  const t = await getTranslations("reporting");
  const tVs = await getTranslations("pairings"); // "x" in pt-BR, "vs" in en/it (one word per locale)
  const { event, role, settings } = await eventView(id, await pageActor());
  if (!role) notFound();
  const rounds = await openRounds(id);
  const preset = getPreset(event.formatPreset);
  const tf = await getTranslations("formats");
  const lpHint = (kind: string) => {
    const a = timeLpPrompt(preset, settings, kind === "TOP_CUT" ? "single_elimination" : "swiss");
    return tf(`lpAtTime.${a.code}`, a.params);
  };
  const fmt = new Intl.DateTimeFormat(await getLocale(), { timeZone: event.timeZone, hour: "2-digit", minute: "2-digit" });
  const items = rounds.flatMap((r) => r.tables.filter((x) => x.state === "CONFLICT").map((x) => ({ r, x })));
  return (
    <div className="space-y-4">
      <LiveRefresh eventId={id} version={event.version} />
      <DeskNav eventId={id} current="queue" queueCount={items.length} organizer={role === "ORGANIZER"} />
      <JudgeCalls eventId={id} timeZone={event.timeZone} order={callOrder} />
      <h2 className="text-xl">{t("queue.title")}</h2>
      <p className="text-sm text-slate-600">{t("queue.intro")}</p>
      {items.length === 0 && (
        <p className="card text-slate-600" data-testid="queue-empty">
          {t("queue.empty")}
        </p>
      )}
      <ul className="space-y-3">
        {items.map(({ r, x }) => {
          const names: [string, string] = [x.teams[0].name, x.teams[1].name];
          return (
            <li key={x.matchId} className="card space-y-2" data-testid="queue-item">
              <h3 className="text-lg font-bold">
                {t("outstanding.round", { number: r.number })} · {t("outstanding.table")} {x.table}
              </h3>
              <p className="font-medium">
                <bdi>{names[0]}</bdi> <span className="text-slate-500">{tVs("versus")}</span> <bdi>{names[1]}</bdi>
              </p>
              <ul className="space-y-1 text-sm">
                {[x.reports.slot1, x.reports.slot2].map(
                  (rep, i) =>
                    rep && (
                      <li key={i} className="rounded-lg bg-amber-50 p-2 text-amber-950" data-testid="queue-report">
                        {bdiText((n) =>
                          t("queue.reportBy", {
                            team: n(names[i]),
                            name: n(rep.by),
                            time: fmt.format(rep.at),
                            report: describeReport(rep.report, names, t, preset.game, n),
                          }),
                        )}
                      </li>
                    ),
                )}
              </ul>
              <ResultForm
                game={preset.game}
                roundId={r.id}
                matchId={x.matchId}
                version={x.version}
                team1={names[0]}
                team2={names[1]}
                lpMax={lpEntryMax(preset)}
                lpHint={lpHint(r.kind)}
                outcomes={resultEntryRule(preset, settings, r.kind === "TOP_CUT" ? "single_elimination" : "swiss").outcomes}
              />
              {role === "ORGANIZER" && (
                <Link className="text-sm" href={`/events/${id}/audit?entityId=${x.matchId}`}>
                  {t("queue.history")}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
