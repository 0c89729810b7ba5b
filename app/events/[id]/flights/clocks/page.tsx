import Link from "next/link";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { getTranslations } from "next-intl/server";
import { pageActor } from "@/lib/auth/session";
import { eventView } from "@/lib/server/read/events";
import { flightClocks } from "@/lib/server/read/flights";
import { eventPageMetadata } from "@/lib/server/read/pageMeta";
import { RoundClock } from "@/components/RoundClock";
import { LiveRefresh } from "@/components/LiveRefresh";

export const generateMetadata = eventPageMetadata("flightClocks");

/**
 * Venue screen of a flight series (issue #16 "Flights"): one tile per running flight — flight
 * number, round, its big round clock. Kept live by one version poll per flight plus the series'
 * own (a new flight bumps the series' version). Public.
 */
export default async function FlightClocksPage({ params }: { params: Promise<{ id: string }> }) {
  await connection();
  const { id } = await params;
  const t = await getTranslations("flights");
  const { event } = await eventView(id, await pageActor());
  if (event.flightSize === null) notFound();
  const tiles = await flightClocks(id);
  const now = Date.now();
  return (
    <div className="space-y-4" data-testid="flight-clocks">
      <LiveRefresh eventId={id} version={event.version} />
      {tiles.map((f) => (
        <LiveRefresh key={f.id} eventId={f.id} version={f.version} />
      ))}
      {tiles.length === 0 ? (
        <p className="card text-2xl text-slate-600">{t("clocks.none")}</p>
      ) : (
        // The venue screen uses the whole window width, not the page column.
        <ul
          className={`relative left-1/2 grid w-[96vw] -translate-x-1/2 gap-4 md:grid-cols-2 ${tiles.length > 2 ? "2xl:grid-cols-3" : ""}`}
        >
          {tiles.map((f) => (
            <li key={f.id} className="card @container text-center" data-testid={`flight-clock-${f.flightNumber}`}>
              <h2>
                <Link href={`/events/${f.id}/clock`} className="text-[9cqw] font-extrabold leading-tight no-underline">
                  {t("flight", { number: f.flightNumber })}
                </Link>
              </h2>
              <p className="text-[5cqw] font-semibold text-slate-700">{t("clocks.round", { number: f.round.number })}</p>
              <RoundClock
                minutes={f.round.minutes}
                log={f.round.log}
                serverNow={now}
                tile
                label={t("clocks.label", { number: f.flightNumber })}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
