import Link from "next/link";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { bdiText } from "@/components/Bdi";
import { isolate } from "@/lib/i18n/bidi";
import { getTranslations } from "next-intl/server";
import { operationsView } from "@/lib/server/read/desk";
import { pageActor } from "@/lib/auth/session";
import { eventView } from "@/lib/server/read/events";
import { ActionButton } from "@/components/ConfirmButton";
import { LiveRefresh } from "@/components/LiveRefresh";
import {
  checkInTeam,
  pairTopCutRound,
  reenterTeam,
  removeAvoidPair,
  setCheckIn,
  setEntryPolicy,
  undoRound,
} from "@/lib/server/actions/browser/operations";
import { AvoidForm, ByeHolderForm, FixedTableForm, StructureForm } from "./forms";
import { eventPageMetadata } from "@/lib/server/read/pageMeta";
import { teamCondition } from "@/lib/formats/penalties";
import { CutTieNotice } from "@/components/CutTieNotice";

export const generateMetadata = eventPageMetadata("operations");

/** Staff: check-in, structure and top cut, fixed tables, late entries, re-entry, keep-apart, undo, paper. */
export default async function OperationsPage({ params }: { params: Promise<{ id: string }> }) {
  await connection();
  const { id } = await params;
  const t = await getTranslations("operations");
  const tf = await getTranslations("finish.admin");
  const { event, role } = await eventView(id, await pageActor());
  if (!role) notFound();
  const isTO = role === "ORGANIZER";
  const { teams, avoid, rounds, structure, disqualified } = await operationsView(id);
  // A team with a DISQUALIFICATION penalty is shown as disqualified and cannot re-enter.
  const condition = (x: { id: string; status: string }) => (disqualified.has(x.id) ? "DISQUALIFIED" : teamCondition(x.status, []));
  const names = new Map(teams.map((x) => [x.id, x.name]));
  const last = rounds.at(-1);
  const swissPlayed = rounds.filter((r) => r.kind === "SWISS" && r.status === "CLOSED").length;
  const cutStarted = rounds.some((r) => r.kind === "TOP_CUT");
  const cutDone = last?.kind === "TOP_CUT" && last.status === "CLOSED" && last._count.matches === 1;
  const active = teams.filter((x) => x.status === "ACTIVE");
  const checked = active.filter((x) => x.checkedIn).length;
  const paperRound = last?.number;
  return (
    <div className="space-y-4">
      <LiveRefresh eventId={id} version={event.version} />
      <h2 className="text-xl">{t("title")}</h2>
      <div className="grid gap-4 lg:grid-cols-2">
        <section className="card space-y-3" aria-labelledby="checkin-h" data-testid="checkin">
          <h3 id="checkin-h" className="font-semibold">
            {t("checkIn.title")}
          </h3>
          {rounds.length > 0 ? (
            <p className="text-sm text-slate-600">{t("checkIn.afterStart")}</p>
          ) : event.checkInOpen ? (
            <p className="text-sm" data-testid="checkin-status">
              {t("checkIn.openHint", { checked, total: active.length })}
            </p>
          ) : (
            <p className="text-sm text-slate-600">{t("checkIn.closedHint")}</p>
          )}
          {isTO && rounds.length === 0 && (
            <ActionButton
              action={setCheckIn}
              input={{ eventId: id, open: !event.checkInOpen }}
              label={event.checkInOpen ? t("checkIn.close") : t("checkIn.open")}
              className={event.checkInOpen ? "btn-secondary" : "btn"}
            />
          )}
        </section>

        <section className="card space-y-3" aria-labelledby="structure-h" data-testid="structure">
          <h3 id="structure-h" className="font-semibold">
            {t("structure.title")}
          </h3>
          <p className="text-sm">{t("structure.entrants", { count: structure.entrants })}</p>
          {structure.recommended && structure.recommended.effectiveEntrants !== structure.entrants && (
            <p className="text-sm text-slate-600" data-testid="effective-entrants">
              {t("byeHolders.counted", { count: structure.recommended.effectiveEntrants })}
            </p>
          )}
          {structure.recommended && (
            <p className="text-sm text-slate-600">
              {t("structure.recommended", { rounds: structure.recommended.swissRounds, cut: structure.recommended.topCut })}{" "}
              {structure.recommended.topCutOptional && t("structure.optional")}
            </p>
          )}
          {structure.recommended?.split && (
            <p className="text-sm text-slate-600">
              {t("byeHolders.split", { day1: structure.recommended.split[0], day2: structure.recommended.split[1] })}
            </p>
          )}
          {(() => {
            const holders = teams.filter((x) => x.byeRounds > 0);
            return (
              (holders.length > 0 || (isTO && rounds.length === 0)) && (
                <div className="space-y-2 border-t border-slate-100 pt-2" data-testid="bye-holders">
                  <h4 className="text-sm font-semibold">{t("byeHolders.title")}</h4>
                  <p className="text-xs text-slate-600">{t("byeHolders.hint")}</p>
                  {holders.length > 0 && (
                    <ul className="text-sm">
                      {holders.map((x) => (
                        <li key={x.id} data-testid="bye-holder">
                          <bdi>{x.name}</bdi>: {t("byeHolders.roundsValue", { n: x.byeRounds })}
                        </li>
                      ))}
                    </ul>
                  )}
                  {isTO && rounds.length === 0 && <ByeHolderForm teams={active.map((x) => ({ id: x.id, name: x.name }))} />}
                </div>
              )
            );
          })()}
          <p className="text-sm font-medium" data-testid="planned">
            {t("structure.planned", { rounds: structure.swissRounds ?? "—", cut: structure.topCut })}{" "}
            {t("structure.played", { played: swissPlayed })}
          </p>
          {cutStarted && <p className="rounded-lg bg-brand-50 p-2 text-sm text-brand-800">{t("structure.cutStarted")}</p>}
          {isTO && !cutStarted && <StructureForm eventId={id} swissRounds={event.swissRounds} topCut={event.topCut} />}
          {isTO && last?.status === "CLOSED" && !cutStarted && structure.topCut >= 2 && <CutTieNotice eventId={id} />}
          {isTO && last?.status === "CLOSED" && !cutDone && (cutStarted || structure.topCut >= 2) && (
            <ActionButton
              action={pairTopCutRound}
              input={{ eventId: id }}
              label={cutStarted ? t("structure.nextBracket") : t("structure.startCut", { cut: structure.topCut })}
              // Issue #14: starting the cut or pairing the next bracket round asks first, as on the Run event page.
              confirm={cutStarted ? tf("confirmNextCut") : tf("confirmCut", { cut: structure.topCut })}
              className="btn"
            />
          )}
        </section>

        <section className="card space-y-3 lg:col-span-2" aria-labelledby="teams-h">
          <h3 id="teams-h" className="font-semibold">
            {t("teams.title")}
          </h3>
          <ul className="divide-y divide-slate-100" data-testid="ops-teams">
            {teams.map((x) => {
              const noShow = x.status === "DROPPED" && x._count.seats === 0 && x.droppedAfter === 0;
              const dq = condition(x) === "DISQUALIFIED";
              return (
                <li key={x.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-2" data-testid="ops-team">
                  <span className="min-w-0 flex-1 basis-40 font-medium">
                    {x.number}. <bdi>{x.name}</bdi>
                  </span>
                  <span
                    className={
                      "badge " +
                      (dq
                        ? "bg-red-100 text-red-800"
                        : x.status === "ACTIVE"
                          ? "bg-green-100 text-green-800"
                          : "bg-slate-200 text-slate-700")
                    }
                    data-testid="team-condition"
                  >
                    {dq
                      ? t("teams.disqualified")
                      : x.status === "ACTIVE"
                        ? t("teams.active")
                        : noShow
                          ? t("teams.noShow")
                          : t("teams.dropped")}
                  </span>
                  {event.checkInOpen && x.status === "ACTIVE" && (
                    <>
                      <span className={`badge ${x.checkedIn ? "bg-brand-100 text-brand-800" : "bg-amber-100 text-amber-900"}`}>
                        {x.checkedIn ? t("checkIn.checkedIn") : t("checkIn.notCheckedIn")}
                      </span>
                      <ActionButton
                        action={checkInTeam}
                        input={{ teamId: x.id, checkedIn: !x.checkedIn }}
                        label={x.checkedIn ? t("checkIn.undo") : t("checkIn.checkIn")}
                      />
                    </>
                  )}
                  {x.entryRound && (
                    <span className="flex flex-wrap items-center gap-2 text-sm" data-testid="late-entry">
                      <span className="badge bg-amber-100 text-amber-900">{t("teams.late", { round: x.entryRound })}</span>
                      <span>
                        {t("teams.missedAs")} <strong>{x.entryPolicy === "byes" ? t("teams.byes") : t("teams.losses")}</strong>
                      </span>
                      {isTO && (
                        <ActionButton
                          action={setEntryPolicy}
                          input={{ teamId: x.id, policy: x.entryPolicy === "byes" ? "losses" : "byes" }}
                          label={x.entryPolicy === "byes" ? t("teams.countAsLosses") : t("teams.countAsByes")}
                        />
                      )}
                    </span>
                  )}
                  {x.status === "DROPPED" && !dq && !cutStarted && (
                    <ActionButton
                      action={reenterTeam}
                      input={{ teamId: x.id }}
                      label={t("teams.reenter")}
                      confirm={t("teams.reenterConfirm", { name: isolate(x.name) })}
                    />
                  )}
                  {isTO && x.status === "ACTIVE" && <FixedTableForm teamId={x.id} team={x.name} table={x.fixedTable} />}
                  {!isTO && x.fixedTable && (
                    <span className="text-sm">
                      {t("teams.fixedTable")}: {x.fixedTable}
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        </section>

        <section className="card space-y-3" aria-labelledby="apart-h">
          <h3 id="apart-h" className="font-semibold">
            {t("apart.title")}
          </h3>
          <p className="text-sm text-slate-600">{t("apart.hint")}</p>
          {avoid.length === 0 ? (
            <p className="text-sm text-slate-500">{t("apart.none")}</p>
          ) : (
            <ul className="space-y-1 text-sm" data-testid="avoid-list">
              {avoid.map((a) => (
                <li key={a.id} className="flex flex-wrap items-center gap-2">
                  <span className="min-w-0">
                    {bdiText((n) => t("apart.pair", { a: n(names.get(a.teamAId) ?? "?"), b: n(names.get(a.teamBId) ?? "?") }))}
                    {a.reason ? ` — ${a.reason}` : ""}
                  </span>
                  {isTO && <ActionButton action={removeAvoidPair} input={{ avoidPairId: a.id }} label={t("apart.remove")} />}
                </li>
              ))}
            </ul>
          )}
          {isTO && <AvoidForm eventId={id} teams={active.map((x) => ({ id: x.id, name: x.name }))} />}
        </section>

        <div className="space-y-4">
          {isTO && (
            <section className="card space-y-3" aria-labelledby="undo-h">
              <h3 id="undo-h" className="font-semibold">
                {t("undo.title")}
              </h3>
              {last ? (
                <>
                  <p className="text-sm text-slate-600">{t("undo.hint", { number: last.number })}</p>
                  <ActionButton
                    action={undoRound}
                    input={{ roundId: last.id }}
                    label={t("undo.button", { number: last.number })}
                    confirm={t("undo.confirm", { number: last.number })}
                  />
                </>
              ) : (
                <p className="text-sm text-slate-500">{t("undo.none")}</p>
              )}
            </section>
          )}
          <section className="card space-y-2" aria-labelledby="paper-h">
            <h3 id="paper-h" className="font-semibold">
              {t("paper.title")}
            </h3>
            <ul className="space-y-1 text-sm">
              {paperRound && (
                <li>
                  <Link href={`/events/${id}/print/pairings?round=${paperRound}`}>{t("paper.byTable")}</Link>
                </li>
              )}
              {paperRound && (
                <li>
                  <Link href={`/events/${id}/print/pairings?round=${paperRound}&by=name`}>{t("paper.byName")}</Link>
                </li>
              )}
              {paperRound && (
                <li>
                  <Link href={`/events/${id}/print/slips?round=${paperRound}`}>{t("paper.slips")}</Link>
                </li>
              )}
              <li>
                <Link href={`/events/${id}/print/standings`}>{t("paper.standings")}</Link>
              </li>
              <li>
                <a href={`/api/events/${id}/standings`} download>
                  {t("paper.csv")}
                </a>
              </li>
            </ul>
          </section>
        </div>
      </div>
    </div>
  );
}
