import Link from "next/link";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { isolate } from "@/lib/i18n/bidi";
import { getTranslations } from "next-intl/server";
import { adminView, pairingReadiness } from "@/lib/server/read/desk";
import { pageActor } from "@/lib/auth/session";
import { eventView } from "@/lib/server/read/events";
import { getPreset } from "@/lib/formats/presets";
import { ActionButton } from "@/components/ConfirmButton";
import { closeRound, publishDecklists, publishRound, removeJudge, roundClock } from "@/lib/server/actions/browser/core";
import { BanlistForm, JudgeForm, PairForm, SettingsForm } from "./forms";
import { ResetCodeButton } from "@/components/ResetCodeButton";
import { EventDetailsForm, HideEventButton } from "./EventDetailsForm";
import { ExportArchiveButton, ImportArchiveForm } from "./ArchiveForms";
import { dayOf } from "@/lib/server/actions/events";
import { RoundClock } from "@/components/RoundClock";
import { clockAt } from "@/lib/timer";
import { LiveRefresh } from "@/components/LiveRefresh";
import { eventPageMetadata } from "@/lib/server/read/pageMeta";
import { batchEndRound, finishEvent, pairTopCutRound, reopenEvent, undoBatchEnd } from "@/lib/server/actions/browser/operations";
import { batchPlanView, eventPlacings, roundPreviews } from "@/lib/server/read/placings";
import { PairingReadinessNotice } from "@/components/PairingReadinessNotice";
import { CutTieNotice } from "@/components/CutTieNotice";
import { ExportLinks } from "@/components/interop/ExportLinks";
import { RosterImport } from "@/components/interop/RosterImport";
import { wallTimeIn } from "@/lib/dates/zoned";

export const generateMetadata = eventPageMetadata("admin");

export default async function AdminPage({ params }: { params: Promise<{ id: string }> }) {
  await connection();
  const { id } = await params;
  const t = await getTranslations("admin");
  const terms = await getTranslations("terms");
  const tarc = await getTranslations("archive");
  const td = await getTranslations("eventday.details");
  const actor = await pageActor();
  const { event, role, settings } = await eventView(id, actor);
  if (!role) notFound();
  const isTO = role === "ORGANIZER";
  const preset = getPreset(event.formatPreset);
  const to = await getTranslations("operations");
  const ta = await getTranslations("account");
  const { rounds, staff, teamCount, structure, invitations } = await adminView(id, isTO);
  const last = rounds.at(-1);
  const canPair = isTO && (!last || last.status === "CLOSED") && event.status !== "FINISHED";
  const started = rounds.some((r) => r.status !== "PAIRED");
  // Once the planned Swiss rounds are done and a top cut is planned, the top cut is the main action.
  const swissPlayed = rounds.filter((r) => r.kind === "SWISS").length;
  const cutStarted = rounds.some((r) => r.kind === "TOP_CUT");
  const cutDone = last?.kind === "TOP_CUT" && last.status === "CLOSED" && last.matches.length === 1;
  const planDone = !cutStarted && structure.swissRounds !== null && swissPlayed >= structure.swissRounds && structure.topCut >= 2;
  const nextNumber = (last?.number ?? 0) + 1;
  const readiness = canPair && !cutStarted ? await pairingReadiness(event, nextNumber, settings.requireLegalDecklists) : null;
  // Issue #14: stage names, the paired round's tables before Publish, batch end of a Swiss round, finish / reopen.
  const tf = await getTranslations("finish.admin");
  const tfl = await getTranslations("floor");
  const [placed, previews] = await Promise.all([eventPlacings(id), roundPreviews(id)]);
  const stageOf = (n: number) => {
    const s = placed.stages.get(n);
    return s ? tfl(s.key.replace(/^floor\./, ""), s.params) : t("roundN", { number: n });
  };
  const batchRound = rounds.find((r) => r.kind === "SWISS" && r.status === "PUBLISHED");
  const batchPlan = batchRound ? await batchPlanView(batchRound.id) : null;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <LiveRefresh eventId={id} version={event.version} />
      <section className="card space-y-3 lg:col-span-2" aria-labelledby="rounds-h">
        <h2 id="rounds-h">{t("rounds")}</h2>
        {rounds.length === 0 && <p className="text-sm text-slate-600">{t("noRounds", { teams: teamCount })}</p>}
        <ul className="space-y-3">
          {rounds.map((r) => {
            const missing = r.matches.filter((m) => !m.outcome).length;
            const log = r.timer.map((a) => ({ action: a.action, at: a.at.getTime(), seconds: a.seconds }));
            // The clock's state from lib/timer (the same rule the server enforces): pause only while running, resume only while paused.
            const clock = clockAt(r.minutes, log, Date.now()).status;
            const started = clock !== "NOT_STARTED",
              running = clock === "RUNNING",
              paused = clock === "PAUSED";
            return (
              <li key={r.id} className="rounded-lg border border-slate-200 p-3" data-testid={`round-${r.number}`}>
                <div className="flex flex-wrap items-center gap-3">
                  <strong data-testid="round-stage">{stageOf(r.number)}</strong>
                  <span className="badge bg-slate-100 text-slate-700" data-testid="round-status">
                    {t(`status.${r.status}`)}
                  </span>
                  {r.status !== "CLOSED" && <span className="text-sm text-slate-600">{t("missing", { count: missing })}</span>}
                  <Link href={`/events/${id}/rounds/${r.number}`} className="text-sm">
                    {t("results")}
                  </Link>
                  <span className="text-xs text-slate-500">{t("seed", { seed: r.seed })}</span>
                </div>
                {r.status === "PAIRED" && (previews.get(r.id)?.tables.length ?? 0) > 0 && (
                  <div className="mt-2 space-y-1" data-testid="paired-preview">
                    <p className="text-sm text-slate-600">{tf("pairedPreview")}</p>
                    <ol className="divide-y divide-slate-100 rounded border border-slate-200 text-sm">
                      {previews.get(r.id)!.tables.map((m) => (
                        <li key={m.id} className="flex flex-wrap gap-x-2 px-2 py-1">
                          <span className="w-16 shrink-0 tabular-nums text-slate-500">
                            {m.table > 0 ? tf("table", { table: m.table }) : tf("bye")}
                          </span>
                          <bdi className="font-medium">{m.teams[0]}</bdi>
                          {m.teams[1] ? (
                            <>
                              <span className="text-slate-400">–</span>
                              <bdi className="font-medium">{m.teams[1]}</bdi>
                            </>
                          ) : null}
                        </li>
                      ))}
                    </ol>
                  </div>
                )}
                {r.status === "PUBLISHED" && (
                  <div className="mt-2 flex flex-wrap items-center gap-4">
                    <RoundClock minutes={r.minutes} log={log} serverNow={Date.now()} />
                  </div>
                )}
                <div className="mt-2 flex flex-wrap gap-2">
                  {isTO && r.status === "PAIRED" && (
                    <ActionButton action={publishRound} input={{ roundId: r.id }} label={t("publish")} className="btn" />
                  )}
                  {r.status === "PUBLISHED" && !started && (
                    <ActionButton action={roundClock} input={{ roundId: r.id, action: "START" }} label={t("startClock")} className="btn" />
                  )}
                  {r.status === "PUBLISHED" && running && (
                    <ActionButton action={roundClock} input={{ roundId: r.id, action: "PAUSE" }} label={t("pause")} />
                  )}
                  {r.status === "PUBLISHED" && paused && (
                    <ActionButton action={roundClock} input={{ roundId: r.id, action: "RESUME" }} label={t("resume")} />
                  )}
                  {r.status === "PUBLISHED" && (
                    <ActionButton action={roundClock} input={{ roundId: r.id, action: "ADD", seconds: 60 }} label={t("addMinute")} />
                  )}
                  {isTO && r.status === "PUBLISHED" && (
                    <ActionButton
                      action={closeRound}
                      input={{ roundId: r.id }}
                      label={t("close")}
                      confirm={tf("confirmClose", { stage: stageOf(r.number) })}
                    />
                  )}
                </div>
                {batchRound?.id === r.id && batchPlan && (
                  <details className="mt-2 rounded-lg border border-slate-200 p-2" data-testid="batch-end">
                    <summary className="cursor-pointer py-2 text-sm font-medium">{tf("batchTitle")}</summary>
                    {batchPlan.entries.length === 0 ? (
                      <p className="text-sm text-slate-600">{tf("batchNone")}</p>
                    ) : (
                      <div className="space-y-2">
                        <p className="text-sm text-slate-600">{tf("batchIntro")}</p>
                        <ul className="divide-y divide-slate-100 text-sm" data-testid="batch-plan">
                          {batchPlan.entries.map((e) => (
                            <li key={e.matchId} className="flex flex-wrap gap-x-2 py-1">
                              <span className="w-16 shrink-0 tabular-nums text-slate-500">{tf("table", { table: e.table })}</span>
                              <span className="min-w-0 flex-1">
                                <bdi>{e.teams[0]}</bdi> – <bdi>{e.teams[1]}</bdi>
                              </span>
                              <strong data-testid="batch-outcome">{tfl(`batch.outcome.${e.outcome}`)}</strong>
                              <span className="basis-full text-xs text-slate-500">{tfl(`batch.basis.${e.basis}`)}</span>
                            </li>
                          ))}
                        </ul>
                        {batchPlan.refused.map((x) => (
                          <p key={x.matchId} className="text-sm text-amber-900">
                            {tfl("batch.refused", { table: x.table, game: preset.game })}
                          </p>
                        ))}
                        <ActionButton
                          action={batchEndRound}
                          input={{ roundId: r.id, matchIds: batchPlan.entries.map((e) => e.matchId) }}
                          label={tf("batchApply", { count: batchPlan.entries.length })}
                          confirm={tf("batchConfirm", { count: batchPlan.entries.length })}
                          className="btn"
                        />
                      </div>
                    )}
                    {batchPlan.skipped.final > 0 && (
                      <p className="text-xs text-slate-500">{tf("batchSkipped", { final: batchPlan.skipped.final })}</p>
                    )}
                  </details>
                )}
                {r.status === "PUBLISHED" && previews.get(r.id)?.batchUndoable && (
                  <div className="mt-2">
                    <ActionButton action={undoBatchEnd} input={{ roundId: r.id }} label={tf("batchUndo")} />
                  </div>
                )}
              </li>
            );
          })}
        </ul>
        {isTO && placed.status !== "FINISHED" && placed.finish.ok && (
          <div className="space-y-2 rounded-lg bg-brand-50 p-3" data-testid="finish-event">
            <p className="text-sm text-brand-800">{tf("finishReady")}</p>
            <ActionButton action={finishEvent} input={{ eventId: id }} label={tf("finish")} confirm={tf("confirmFinish")} className="btn" />
          </div>
        )}
        {placed.status === "FINISHED" && (
          <div className="space-y-2 rounded-lg bg-emerald-50 p-3" data-testid="event-finished">
            <p className="text-sm font-medium text-emerald-900">{tf("finished")}</p>
            {placed.championName && <p className="text-sm text-emerald-900">{tf("champion", { team: placed.championName })}</p>}
            {isTO && <ActionButton action={reopenEvent} input={{ eventId: id }} label={tf("reopen")} confirm={tf("confirmReopen")} />}
          </div>
        )}
        {canPair && cutStarted && !cutDone && !placed.finish.ok && (
          <ActionButton
            action={pairTopCutRound}
            input={{ eventId: id }}
            label={to("structure.nextBracket")}
            confirm={tf("confirmNextCut")}
            className="btn"
          />
        )}
        {canPair && planDone && (
          <div className="space-y-2 rounded-lg bg-brand-50 p-3" data-testid="start-cut">
            <p className="text-sm text-brand-800">{to("structure.swissDone", { planned: structure.swissRounds! })}</p>
            <CutTieNotice eventId={id} />
            <ActionButton
              action={pairTopCutRound}
              input={{ eventId: id }}
              label={to("structure.startCut", { cut: structure.topCut })}
              confirm={tf("confirmCut", { cut: structure.topCut })}
              className="btn"
            />
          </div>
        )}
        {readiness && <PairingReadinessNotice eventId={id} number={nextNumber} readiness={readiness} />}
        {canPair && !cutStarted && (
          <PairForm
            eventId={id}
            number={nextNumber}
            beyondPlan={planDone ? { planned: structure.swissRounds!, cut: structure.topCut } : undefined}
          />
        )}
      </section>
      {isTO && (
        <section className="card space-y-3" aria-labelledby="settings-h">
          <h2 id="settings-h">{t("settings")}</h2>
          <SettingsForm
            eventId={id}
            name={event.name}
            formatPreset={event.formatPreset}
            roundMinutes={event.roundMinutes}
            settings={settings}
            deadline={wallTimeIn(event.decklistDeadline, event.timeZone)}
            locked={started}
          />
        </section>
      )}
      <div className="space-y-4">
        {isTO && (
          <section className="card space-y-3" aria-labelledby="details-h">
            <h2 id="details-h">{td("title")}</h2>
            <EventDetailsForm eventId={id} startsOn={dayOf(event.startsOn) ?? ""} location={event.location ?? ""} />
            <div className="space-y-1 border-t border-slate-100 pt-3" data-testid="visibility">
              <p className="text-sm text-slate-600">{event.hidden ? td("hiddenNow") : td("listedNow")}</p>
              <HideEventButton eventId={id} hidden={event.hidden} />
            </div>
          </section>
        )}
        {isTO && (
          <section className="card space-y-3" aria-labelledby="list-h">
            <h2 id="list-h">{terms("banlist", { game: preset.game })}</h2>
            <p className="text-sm text-slate-600">{event.banlist ? t("currentList", { name: event.banlist.name }) : t("noList")}</p>
            <BanlistForm eventId={id} game={preset.game} />
          </section>
        )}
        {isTO && (
          <section className="card space-y-3" aria-labelledby="archive-h">
            <h2 id="archive-h">{tarc("title")}</h2>
            <p className="text-sm text-slate-600">{tarc("intro")}</p>
            <ExportArchiveButton eventId={id} />
            <ImportArchiveForm />
          </section>
        )}
        <section className="card space-y-3" aria-labelledby="staff-h">
          <h2 id="staff-h">{t("staff")}</h2>
          <ul className="space-y-1 text-sm">
            {staff.map((s) => (
              <li key={s.userId} className="flex flex-wrap items-center gap-2">
                <span className="min-w-0">
                  <bdi>{s.user.displayName}</bdi> <span className="text-slate-500">@{s.user.username}</span> · {t(`role.${s.role}`)}
                </span>
                {isTO && s.role === "JUDGE" && s.user.createdById === actor.userId && (
                  <ResetCodeButton eventId={id} userId={s.userId} name={s.user.displayName} />
                )}
                {isTO && s.role === "JUDGE" && (
                  <ActionButton
                    action={removeJudge}
                    input={{ eventId: id, userId: s.userId }}
                    label={t("remove")}
                    confirm={t("removeConfirm", { name: isolate(s.user.displayName) })}
                  />
                )}
              </li>
            ))}
            {invitations.map((s) => (
              <li key={s.userId} className="flex flex-wrap items-center gap-2" data-testid="staff-invited">
                <span className="min-w-0">
                  <bdi>{s.user.displayName}</bdi> <span className="text-slate-500">@{s.user.username}</span> · {ta("invitedJudge")}
                </span>
                <ActionButton
                  action={removeJudge}
                  input={{ eventId: id, userId: s.userId }}
                  label={ta("withdraw")}
                  confirm={ta("withdrawConfirm", { name: isolate(s.user.displayName) })}
                />
              </li>
            ))}
          </ul>
          {isTO && <JudgeForm eventId={id} />}
        </section>
        {isTO && (
          <section className="card space-y-2" aria-labelledby="pub-h">
            <h2 id="pub-h">{t("decklists")}</h2>
            <p className="text-sm text-slate-600">{event.decklistsPublished ? t("listsPublic") : t("listsPrivate")}</p>
            <ActionButton
              action={publishDecklists}
              input={{ eventId: id, published: !event.decklistsPublished }}
              label={event.decklistsPublished ? t("unpublishLists") : t("publishLists")}
            />
          </section>
        )}
        {event.status !== "FINISHED" && <RosterImport eventId={id} />}
        <ExportLinks eventId={id} organizer={isTO} twoHeadedGiant={event.formatPreset === "MTG_2HG"} />
      </div>
    </div>
  );
}
