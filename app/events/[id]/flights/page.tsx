import Link from "next/link";
import { connection } from "next/server";
import { getTranslations } from "next-intl/server";
import { pageActor } from "@/lib/auth/session";
import { eventView } from "@/lib/server/read/events";
import { seriesView } from "@/lib/server/read/flights";
import { eventPageMetadata } from "@/lib/server/read/pageMeta";
import { LiveRefresh } from "@/components/LiveRefresh";
import { CheckInButton, HoldButton, LeaveButton, SeriesForm } from "./forms";

export const generateMetadata = eventPageMetadata("flights");

/**
 * Flight series page (issue #16 "Flights"): the queue in check-in order, the actor's teams (a
 * judge: every team) with check-in / leave, the organizer's set-up and hold, the flights with links
 * to each one's pairings, and the tiled clocks page. Public (team names only).
 */
export default async function FlightsPage({ params }: { params: Promise<{ id: string }> }) {
  await connection();
  const { id } = await params;
  const t = await getTranslations("flights");
  const actor = await pageActor();
  const { event, role } = await eventView(id, actor);
  const isTO = role === "ORGANIZER";
  if (event.flightSize === null) {
    return (
      <section className="card space-y-3" data-testid="not-series">
        <h2 className="text-lg font-semibold">{t("title")}</h2>
        <p className="text-slate-600">{t("setup.none")}</p>
        {isTO && !event.seriesId && <SeriesForm eventId={id} flightSize={null} />}
      </section>
    );
  }
  const view = await seriesView(id, actor.userId, role !== null);
  const size = event.flightSize;
  const missing = size - (view.queue.length % size);
  const running = view.flights.filter((f) => !f.finished);
  return (
    <div className="space-y-4">
      <LiveRefresh eventId={id} version={event.version} />
      <section className="card space-y-2" data-testid="series-status">
        <h2 className="text-lg font-semibold">{t("title")}</h2>
        <p>{t("status.size", { count: size })}</p>
        <p className="text-2xl font-bold" data-testid="queue-count">
          {t("status.waiting", { count: view.queue.length })}
        </p>
        {event.flightsHeld ? (
          <p className="rounded-lg bg-amber-100 px-3 py-2 font-semibold text-amber-900" role="status" data-testid="series-held">
            {t("status.held")}
          </p>
        ) : (
          <p className="text-slate-600">{t("status.next", { count: missing })}</p>
        )}
        <p className="flex flex-wrap gap-3">
          <Link href={`/events/${id}/flights/clocks`} className="btn-secondary" data-testid="clocks-link">
            {t("clocksLink", { count: running.length })}
          </Link>
        </p>
        {isTO && (
          <div className="flex flex-wrap items-end gap-3 border-t border-slate-200 pt-3">
            <HoldButton eventId={id} held={event.flightsHeld} />
            {view.flights.length === 0 && <SeriesForm eventId={id} flightSize={size} />}
          </div>
        )}
      </section>

      {view.teams.length > 0 && (
        <section className="card space-y-2" data-testid="series-teams">
          <h2 className="text-lg font-semibold">{role ? t("teams.staffTitle") : t("teams.mineTitle")}</h2>
          <ul className="divide-y divide-slate-100">
            {view.teams.map((team) => (
              <li
                key={team.teamId}
                className="flex flex-wrap items-center justify-between gap-2 py-2"
                data-testid={`series-team-${team.number}`}
              >
                <span className="min-w-0 break-words font-medium">
                  <bdi>{team.name}</bdi>
                  <span className="ms-2 text-sm font-normal text-slate-600">
                    {team.flight
                      ? t("teams.inFlight", { number: team.flight.flightNumber })
                      : team.dropped
                        ? t("teams.dropped")
                        : team.position
                          ? t("teams.position", { position: team.position })
                          : t("teams.notQueued")}
                  </span>
                </span>
                {team.flight ? (
                  <Link href={`/events/${team.flight.eventId}/pairings`} className="btn-secondary">
                    {t("teams.toFlight", { number: team.flight.flightNumber })}
                  </Link>
                ) : team.dropped ? null : team.position ? (
                  <LeaveButton eventId={id} teamId={team.teamId} team={team.name} />
                ) : (
                  <CheckInButton eventId={id} teamId={team.teamId} team={team.name} />
                )}
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className="card space-y-2" data-testid="series-queue">
        <h2 className="text-lg font-semibold">{t("queue.title")}</h2>
        {view.queue.length === 0 ? (
          <p className="text-slate-600">{t("queue.empty")}</p>
        ) : (
          <ol className="grid gap-1 sm:grid-cols-2">
            {view.queue.map((q) => (
              <li key={q.teamId} className="flex gap-2">
                <span className="w-8 shrink-0 text-end font-mono tabular-nums text-slate-600">{q.position}.</span>
                <bdi className="min-w-0 break-words">{q.name}</bdi>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section className="card space-y-2" data-testid="series-flights">
        <h2 className="text-lg font-semibold">{t("list.title")}</h2>
        {view.flights.length === 0 ? (
          <p className="text-slate-600">{t("list.none")}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {view.flights.map((f) => (
              <li key={f.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid={`flight-${f.flightNumber}`}>
                <Link href={`/events/${f.id}/pairings`} className="font-semibold">
                  {t("flight", { number: f.flightNumber })}
                </Link>
                <span className="text-sm text-slate-600">
                  {f.finished
                    ? t("list.finished")
                    : f.round
                      ? t("list.round", { number: f.round.number, status: f.round.status })
                      : t("list.starting")}{" "}
                  · {t("list.teams", { count: f.teams })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
