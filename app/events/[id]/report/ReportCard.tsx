"use client";
/**
 * The duelist's report page, rendered on the client from the team card JSON (issue #15;
 * lib/live/card TeamCardData seen through cardForViewer, kept live by components/useLiveCard): the table, both teams,
 * the final result, the team's and the other team's reports, the replaced-report note, the
 * conflict note, the one-tap confirm (issue #14) and the report form (issue #6). Labels come from
 * the `reporting` messages; what depends on the event's preset and settings only is computed once
 * on the server (./statics ReportStatics).
 */
import { Fragment, useState } from "react";
import { useTranslations } from "next-intl";
import { cardForViewer, type TeamCardData } from "@/lib/live/card";
import { bdiText, withBdi } from "@/components/Bdi";
import { OfflineQueue, type QueueContext } from "@/components/OfflineQueue";
import { useLiveCard } from "@/components/useLiveCard";
import { describeReport } from "./describe";
import { TeamReportForm } from "./TeamReportForm";
import { ConfirmReport } from "./ConfirmReport";
import { TEAM_TOKEN, type ReportStatics } from "./statics";

const REPLACED_KEY = { own: "self.replacedOwn", teammate: "self.replacedTeammate", byTeammate: "self.replacedByTeammate" } as const;

export function ReportCard({
  eventId,
  userId,
  initial,
  statics,
}: {
  eventId: string;
  userId: string;
  initial: TeamCardData;
  statics: ReportStatics;
}) {
  const t = useTranslations("reporting");
  const { card: teamCard, refetchNow } = useLiveCard(eventId, initial);
  // One body per team; this duelist's view of it (whose report is "mine", the replaced note's side).
  const card = cardForViewer(teamCard, userId);
  // The report form starts afresh (its "sent" message cleared) when a teammate's report arrives,
  // not when this duelist's own report becomes the team's.
  const fromTeammate = card.match?.mine && !card.match.mine.byMe ? `t-${card.match.mine.id}` : null;
  const [formKey, setFormKey] = useState(fromTeammate ?? "self");
  if (fromTeammate && fromTeammate !== formKey) setFormKey(fromTeammate);
  const title = <h2 className="text-xl">{t("self.title")}</h2>;
  const note = (text: string, testId?: string) => (
    <div className="space-y-3">
      {title}
      <p className="card text-slate-600" data-testid={testId}>
        {text}
      </p>
    </div>
  );
  const round = card.round;
  if (!round) return note(t("self.noRound"));
  const m = card.match;
  if (!m) return note(t("self.noMatch"));
  if (m.names.length < 2) return note(t("self.bye"), "self-bye");
  const { game, bestOf, labels } = statics;
  const rules = round.kind === "TOP_CUT" ? statics.kinds.TOP_CUT : statics.kinds.SWISS;
  const names: [string, string] = [m.names[0], m.names[1]];
  const myName = names[m.mySlot - 1],
    theirName = names[2 - m.mySlot];
  const describe = (r: Parameters<typeof describeReport>[0], n: (s: string) => string) => describeReport(r, names, t, game, n);
  const final = (n: (s: string) => string) =>
    m.outcome
      ? m.outcome === "WIN"
        ? t("describe.won", { team: n(names[(m.winnerSlot ?? 1) - 1]) })
        : m.outcome === "DRAW"
          ? t("describe.draw")
          : t("describe.doubleLoss")
      : "";
  const open = round.status === "PUBLISHED" && !m.outcome;
  const queue: QueueContext = { userId, eventId, matchId: m.id, seen: m.seen };
  const rep = m.replaced;
  return (
    // Keyed by match: a new round's table starts with fresh forms (no message of the last round's report).
    <Fragment key={m.id}>
      <div className="mx-auto max-w-lg space-y-4">
        {title}
        <OfflineQueue eventId={eventId} userId={userId} onSent={refetchNow} />
        <section className="card space-y-2" aria-labelledby="my-table-h">
          <h3 id="my-table-h" className="text-lg font-bold" data-testid="self-table">
            {t("self.table", { round: round.number, table: m.table })}
          </h3>
          <p className="font-medium">
            <bdi>{names[0]}</bdi> <span className="text-slate-500">{labels.versus}</span> <bdi>{names[1]}</bdi>
          </p>
          <p className="text-sm text-slate-600">{bdiText((n) => t("self.you", { team: n(myName) }))}</p>
          {m.outcome && (
            <p className="rounded-lg bg-green-50 p-3 font-semibold text-green-900" data-testid="self-final">
              {bdiText((n) => t("self.final", { result: final(n) }))}
            </p>
          )}
          {m.mine && (
            <p className="text-sm" data-testid="self-mine">
              {bdiText((n) => t("self.yours", { report: describe(m.mine!.report, n) }))}{" "}
              <span className="text-slate-600">({bdiText((n) => t("self.by", { name: n(m.mine!.by) }))})</span>
            </p>
          )}
          {rep && (
            <p role="status" className="rounded-lg bg-sky-50 p-3 text-sm text-sky-900" data-testid="self-replaced">
              {bdiText((n) => t(REPLACED_KEY[rep.note], { name: n(rep.name), result: describe(rep.report, n) }))}
            </p>
          )}
          {m.offer ? null : m.theirs ? (
            <p className="text-sm" data-testid="self-theirs">
              {bdiText((n) => t("self.theirs", { team: n(theirName), report: describe(m.theirs!.report, n) }))}
            </p>
          ) : (
            !m.outcome && <p className="text-sm text-slate-600">{bdiText((n) => t("self.notYet", { team: n(theirName) }))}</p>
          )}
          {m.conflict && (
            <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900" data-testid="self-conflict">
              {t("self.conflict")}
            </p>
          )}
          {round.status === "CLOSED" && <p className="text-sm text-slate-600">{t("self.closed", { number: round.number })}</p>}
        </section>
        {open && m.offer && (
          <ConfirmReport
            matchId={m.id}
            reportId={m.offer.id}
            reportVersion={m.offer.version}
            heading={withBdi((mark) => labels.confirmHeading.split(TEAM_TOKEN).join(mark), theirName)}
            labels={{ ask: labels.confirmAsk, button: labels.confirmButton, other: labels.confirmOther, done: labels.confirmDone }}
            queue={queue}
            onSettled={refetchNow}
          >
            <p className="font-medium">{bdiText((n) => describe(m.offer!.report, n))}</p>
            {m.mine && <p className="text-sm text-slate-600">{labels.confirmReplacesOwn}</p>}
          </ConfirmReport>
        )}
        {open && (
          <section className="card scroll-mt-4" id="team-report">
            <TeamReportForm
              timeMode={rules.timeMode}
              game={game}
              matchId={m.id}
              version={m.version}
              team1={names[0]}
              team2={names[1]}
              bestOf={bestOf}
              lpMax={statics.lpMax}
              lpHint={rules.lpHint}
              allowDraw={rules.allowDraw}
              allowTime={rules.allowTime}
              initial={m.mine?.report ?? null}
              reportKey={m.mine?.id ?? null}
              byTeammate={Boolean(m.mine && !m.mine.byMe)}
              label={m.mine ? t("self.update") : t("self.send")}
              queue={queue}
              onSaved={refetchNow}
              formKey={formKey}
            />
          </section>
        )}
      </div>
    </Fragment>
  );
}
