import Link from "next/link";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import { getFormatter, getTranslations } from "next-intl/server";
import { pageActor } from "@/lib/auth/session";
import { eventView } from "@/lib/server/read/events";
import { myEventCard } from "@/lib/server/read/venue";
import { waitlistPosition } from "@/lib/server/read/players";
import { getPreset } from "@/lib/formats/presets";
import { callJudge, checkInWithTeamCode, selfDropTeam } from "@/lib/server/actions/browser/checkin";
import { ActionButton } from "@/components/ConfirmButton";
import { ActionForm, Field } from "@/components/ActionForm";
import { LiveRefresh } from "@/components/LiveRefresh";
import { RoundClock } from "@/components/RoundClock";
import { eventPageMetadata } from "@/lib/server/read/pageMeta";

export const generateMetadata = eventPageMetadata("myEvent");

/**
 * The duelist's "my event" card on the phone (issue #16): check-in state (both members, the printed
 * code fallback), the current table with the opponents and the round clock, report / confirm (the
 * report page), call a judge, decklist status with the deadline, and the team self-drop. Live: the
 * partner's check-in, drop or a judge's answer shows at once (LiveRefresh).
 */
export default async function MyEventPage({ params }: { params: Promise<{ id: string }> }) {
  await connection();
  const { id } = await params;
  const actor = await pageActor();
  if (!actor.userId) redirect(`/signin?next=${encodeURIComponent(`/events/${id}/me`)}`);
  const t = await getTranslations("venue.card");
  const tPlayers = await getTranslations("players");
  const tVs = await getTranslations("pairings");
  const format = await getFormatter();
  const { event, me } = await eventView(id, actor);
  const game = getPreset(event.formatPreset).game;
  const title = <h2 className="text-xl">{t("title")}</h2>;
  if (!me)
    return (
      <div className="mx-auto max-w-lg space-y-3">
        {title}
        <p className="card text-slate-600">{t("notDuelist", { game })}</p>
      </div>
    );
  const card = await myEventCard(id, me.id);
  const at = (d: Date) => format.dateTime(d, { dateStyle: "medium", timeStyle: "short", timeZone: event.timeZone });
  const dropped = card.team.status === "DROPPED";
  const partner = card.team.duelists.find((d) => d.id !== me.id);
  const m = card.match;
  const opponents = m?.teams.filter((x) => x.teamId !== me.teamId) ?? [];
  const roundOpen = card.round?.status === "PUBLISHED";
  // A self-drop during an unfinished match takes effect after the round (lib/venue/rules selfDropRule): say so.
  const stillPlaying = dropped && roundOpen && Boolean(m) && !m?.outcome && card.team.droppedAfter === card.round?.number;
  return (
    <div className="mx-auto max-w-lg space-y-4">
      <LiveRefresh eventId={id} version={event.version} />
      {title}
      <p className="text-slate-700">
        <bdi className="font-semibold">{card.team.name}</bdi> · {me.designation}: <bdi>{me.name}</bdi>
      </p>
      {dropped && (
        <p role="status" className="rounded-lg bg-slate-100 p-3 font-semibold text-slate-900" data-testid="card-dropped">
          {!card.team.selfDroppedAt
            ? t("droppedJudge", { round: card.team.droppedAfter ?? 0 })
            : stillPlaying
              ? t("droppedPlaying", {
                  round: card.team.droppedAfter ?? 0,
                  next: (card.team.droppedAfter ?? 0) + 1,
                  time: at(card.team.selfDroppedAt),
                })
              : t("droppedSelf", { round: card.team.droppedAfter ?? 0, time: at(card.team.selfDroppedAt) })}
        </p>
      )}
      {card.team.entry !== "PLACED" && (
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-2 text-amber-950" data-testid="card-entry">
          {tPlayers(`entry.${card.team.entry}`, { n: (await waitlistPosition(card.team)) ?? 0 })}
        </p>
      )}
      {/* Check-in (issue #16) only once the organizer has used it: before that every team counts as in. */}
      {(event.checkInOpen || event.checkInClosedAt || card.team.duelists.some((d) => d.checkedInAt)) && (
        <section className="card space-y-2" aria-labelledby="card-checkin-h">
          <h3 id="card-checkin-h" className="font-bold">
            {t("checkin")}
          </h3>
          <p data-testid="card-checkin">{card.team.checkedIn ? t("teamIn") : t("teamNotIn")}</p>
          <ul className="text-sm">
            {card.team.duelists.map((d) => (
              <li key={d.id} data-testid="card-member">
                {d.designation}: <bdi>{d.name}</bdi> — {d.checkedInAt ? t("memberIn", { time: at(d.checkedInAt) }) : t("memberNotIn")}
              </li>
            ))}
          </ul>
          {event.checkInOpen && !card.me.checkedInAt && !dropped && (
            <ActionForm action={checkInWithTeamCode} extra={{ teamId: me.teamId }} submitLabel={t("codeSubmit")} testId="card-code-form">
              <Field label={t("codeLabel")} name="code" required autoComplete="off" hint={t("codeHint")} />
            </ActionForm>
          )}
        </section>
      )}
      {m && card.round && (
        <section className="card space-y-2" aria-labelledby="card-table-h">
          <h3 id="card-table-h" className="text-lg font-bold" data-testid="card-table">
            {opponents.length ? t("table", { round: card.round.number, table: m.table }) : t("bye", { round: card.round.number })}
          </h3>
          {opponents.map((o) => (
            <p key={o.teamId} data-testid="card-opponents">
              <span className="text-slate-500">{tVs("versus")}</span> <bdi className="font-semibold">{o.team.name}</bdi> (
              {o.team.duelists.map((d, i) => (
                <span key={i}>
                  {i > 0 && ", "}
                  <bdi>{d.name}</bdi>
                </span>
              ))}
              )
            </p>
          ))}
          {roundOpen && (
            <RoundClock
              compact
              minutes={card.round.minutes}
              log={card.round.timer.map((a) => ({ action: a.action, at: a.at.getTime(), seconds: a.seconds }))}
              serverNow={Date.now()}
              label={t("clock")}
            />
          )}
          {m.outcome ? <p className="text-sm text-slate-600">{t("final")}</p> : null}
          {opponents.length > 0 && (
            <p>
              <Link href={`/events/${id}/report`} className="font-semibold" data-testid="card-report">
                {t("report")}
              </Link>
            </p>
          )}
          {opponents.length > 0 && roundOpen && !dropped && (
            <div className="space-y-1">
              {card.openCall ? (
                <p role="status" className="rounded-lg bg-sky-50 p-3 text-sky-900" data-testid="card-call">
                  {card.openCall.status === "ACKNOWLEDGED" ? t("callAcknowledged") : t("callOpen")}
                </p>
              ) : (
                <ActionButton action={callJudge} input={{ matchId: m.id, teamId: me.teamId }} label={t("callJudge")} className="btn" />
              )}
            </div>
          )}
        </section>
      )}
      <section className="card space-y-1" aria-labelledby="card-deck-h">
        <h3 id="card-deck-h" className="font-bold">
          {t("decklist", { game })}
        </h3>
        <p data-testid="card-decklist">
          {card.me.decklist
            ? card.me.decklist.isLegal
              ? t("deckLegal", { time: at(card.me.decklist.submittedAt) })
              : t("deckIllegal")
            : t("deckMissing")}
        </p>
        <p className="text-sm text-slate-600">
          {event.decklistDeadline ? t("deadline", { time: at(event.decklistDeadline) }) : t("noDeadline")}
        </p>
        <p>
          <Link href={`/events/${id}/decklists`}>{t("toDecklist")}</Link>
        </p>
      </section>
      {!dropped && event.status !== "FINISHED" && (
        <section className="card space-y-2" aria-labelledby="card-drop-h">
          <h3 id="card-drop-h" className="font-bold">
            {t("drop")}
          </h3>
          <p className="text-sm text-slate-600">{t("dropHint", { partner: partner?.name ?? "" })}</p>
          <ActionButton
            action={selfDropTeam}
            input={{ teamId: me.teamId, confirm: true as const }}
            label={t("dropButton")}
            confirm={t("dropConfirm", { team: card.team.name })}
            className="btn-secondary border-red-300 text-red-800"
          />
        </section>
      )}
    </div>
  );
}
