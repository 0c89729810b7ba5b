import { connection } from "next/server";
import { getTranslations } from "next-intl/server";
import { pageActor } from "@/lib/auth/session";
import { eventView } from "@/lib/server/read/events";
import { myTable } from "@/lib/server/read/reporting";
import { getPreset } from "@/lib/formats/presets";
import { confirmOffer, sameReport } from "@/lib/formats/reports";
import { lpEntryMax, timeCalledMode, timeLpPrompt } from "@/lib/formats/lpEntry";
import { LiveRefresh } from "@/components/LiveRefresh";
import { describeReport } from "./describe";
import { TeamReportForm } from "./TeamReportForm";
import { ConfirmReport } from "./ConfirmReport";
import { bdiText } from "@/components/Bdi";
import { resultEntryRule } from "@/lib/formats/results";
import { OfflineQueue } from "@/components/OfflineQueue";

/** A duelist reports their own table's result from a phone (issue #6). */
export default async function TeamReportPage({ params }: { params: Promise<{ id: string }> }) {
  await connection();
  const { id } = await params;
  const t = await getTranslations("reporting");
  const tVs = await getTranslations("pairings"); // "x" in pt-BR, "vs" in en/it (one word per locale)
  const actor = await pageActor();
  const { event, me, settings } = await eventView(id, actor);
  const title = <h2 className="text-xl">{t("self.title")}</h2>;
  if (!me)
    return (
      <div className="space-y-3">
        {title}
        <p className="card text-slate-600">{t("self.notDuelist", { game: getPreset(event.formatPreset).game })}</p>
      </div>
    );
  const mine = await myTable(id, me.teamId);
  const live = <LiveRefresh eventId={id} version={event.version} topics={[`team:${me.teamId}`, "pairings:*"]} />;
  if (!mine)
    return (
      <div className="space-y-3">
        {live}
        {title}
        <p className="card text-slate-600">{t("self.noRound")}</p>
      </div>
    );
  if (!mine.match)
    return (
      <div className="space-y-3">
        {live}
        {title}
        <p className="card text-slate-600">{t("self.noMatch")}</p>
      </div>
    );
  const m = mine.match;
  if (m.teams.length < 2)
    return (
      <div className="space-y-3">
        {live}
        {title}
        <p className="card text-slate-600" data-testid="self-bye">
          {t("self.bye")}
        </p>
      </div>
    );
  const preset = getPreset(event.formatPreset);
  const names: [string, string] = [m.teams[0].team.name, m.teams[1].team.name];
  const myName = names[mine.mySlot - 1],
    theirName = names[2 - mine.mySlot];
  const final = (n: (s: string) => string) =>
    m.outcome
      ? m.outcome === "WIN"
        ? t("describe.won", { team: n(names[(m.winnerSlot ?? 1) - 1]) })
        : m.outcome === "DRAW"
          ? t("describe.draw")
          : t("describe.doubleLoss")
      : "";
  const conflict = !m.outcome && mine.mine && mine.theirs && !sameReport(mine.mine.report, mine.theirs.report, preset.bestOf);
  const open = mine.round.status === "PUBLISHED" && !m.outcome;
  // One-tap confirm (issue #14): the other team's latest report, unless this team already agrees with it.
  const offer = open ? confirmOffer({ final: false, bestOf: preset.bestOf, viewerSlot: mine.mySlot as 1 | 2, latest: mine.latest }) : null;
  const ts = await getTranslations("slips.confirm");
  const tf = await getTranslations("formats");
  const ask = timeLpPrompt(preset, settings, mine.round.kind === "TOP_CUT" ? "single_elimination" : "swiss");
  // Which outcomes to offer (lib/formats resultEntryRule).
  const entry = resultEntryRule(preset, settings, mine.round.kind === "TOP_CUT" ? "single_elimination" : "swiss");
  // The team's latest report replaced a different earlier one — say whose, from this duelist's side.
  const rep = mine.replaced,
    meId = actor.userId;
  const replacedNote =
    !rep || m.outcome
      ? null
      : rep.replacedByUserId === meId
        ? rep.byUserId === meId
          ? { key: "self.replacedOwn", name: "" }
          : { key: "self.replacedTeammate", name: rep.by }
        : rep.byUserId === meId
          ? { key: "self.replacedByTeammate", name: rep.replacedBy }
          : null;
  // The state this page shows, queued with a report or confirm made offline (issue #15, lib/offline/change).
  const seenTheirs = mine.mySlot === 1 ? mine.latest.slot2 : mine.latest.slot1;
  const queue = {
    userId: meId!,
    eventId: id,
    matchId: m.id,
    seen: {
      matchVersion: m.version,
      theirs: seenTheirs ? { id: seenTheirs.id, version: seenTheirs.version } : null,
      round: mine.round.number,
      table: m.table,
    },
  };
  return (
    <div className="mx-auto max-w-lg space-y-4">
      {live}
      {title}
      <OfflineQueue eventId={id} userId={meId!} />
      <section className="card space-y-2" aria-labelledby="my-table-h">
        <h3 id="my-table-h" className="text-lg font-bold" data-testid="self-table">
          {t("self.table", { round: mine.round.number, table: m.table })}
        </h3>
        <p className="font-medium">
          <bdi>{names[0]}</bdi> <span className="text-slate-500">{tVs("versus")}</span> <bdi>{names[1]}</bdi>
        </p>
        <p className="text-sm text-slate-600">{bdiText((n) => t("self.you", { team: n(myName) }))}</p>
        {m.outcome && (
          <p className="rounded-lg bg-green-50 p-3 font-semibold text-green-900" data-testid="self-final">
            {bdiText((n) => t("self.final", { result: final(n) }))}
          </p>
        )}
        {mine.mine && (
          <p className="text-sm" data-testid="self-mine">
            {bdiText((n) => t("self.yours", { report: describeReport(mine.mine!.report, names, t, preset.game, n) }))}{" "}
            <span className="text-slate-600">({bdiText((n) => t("self.by", { name: n(mine.mineBy ?? "?") }))})</span>
          </p>
        )}
        {replacedNote && rep && (
          <p role="status" className="rounded-lg bg-sky-50 p-3 text-sm text-sky-900" data-testid="self-replaced">
            {bdiText((n) =>
              t(replacedNote.key, { name: n(replacedNote.name), result: describeReport(rep.report, names, t, preset.game, n) }),
            )}
          </p>
        )}
        {offer ? null : mine.theirs ? (
          <p className="text-sm" data-testid="self-theirs">
            {bdiText((n) =>
              t("self.theirs", { team: n(theirName), report: describeReport(mine.theirs!.report, names, t, preset.game, n) }),
            )}
          </p>
        ) : (
          !m.outcome && <p className="text-sm text-slate-600">{bdiText((n) => t("self.notYet", { team: n(theirName) }))}</p>
        )}
        {conflict && (
          <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900" data-testid="self-conflict">
            {t("self.conflict")}
          </p>
        )}
        {mine.round.status === "CLOSED" && <p className="text-sm text-slate-600">{t("self.closed", { number: mine.round.number })}</p>}
      </section>
      {offer && (
        <ConfirmReport
          matchId={m.id}
          reportId={offer.id}
          reportVersion={offer.version}
          heading={bdiText((n) => ts("heading", { team: n(theirName) }))}
          labels={{ ask: ts("ask"), button: ts("button"), other: ts("other"), done: ts("done") }}
          queue={queue}
        >
          <p className="font-medium">{bdiText((n) => describeReport(offer.report, names, t, preset.game, n))}</p>
          {mine.mine && <p className="text-sm text-slate-600">{ts("replacesOwn")}</p>}
        </ConfirmReport>
      )}
      {open && (
        <section className="card scroll-mt-4" id="team-report">
          <TeamReportForm
            timeMode={timeCalledMode(preset, settings, mine.round.kind === "TOP_CUT" ? "single_elimination" : "swiss")}
            game={preset.game}
            matchId={m.id}
            version={m.version}
            team1={names[0]}
            team2={names[1]}
            bestOf={preset.bestOf}
            lpMax={lpEntryMax(preset)}
            lpHint={tf(`lpAtTime.${ask.code}`, ask.params)}
            allowDraw={entry.outcomes.draw}
            allowTime={entry.outcomes.timeCalled}
            initial={mine.mine?.report ?? null}
            reportKey={mine.mine?.id ?? null}
            byTeammate={Boolean(mine.mine && mine.mine.userId !== actor.userId)}
            label={mine.mine ? t("self.update") : t("self.send")}
            queue={queue}
          />
        </section>
      )}
    </div>
  );
}
