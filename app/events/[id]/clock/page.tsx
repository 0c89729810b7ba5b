import { connection } from "next/server";
import { getTranslations } from "next-intl/server";
import QRCode from "qrcode";
import { pageActor } from "@/lib/auth/session";
import { eventView } from "@/lib/server/read/events";
import { roundView } from "@/lib/server/read/pairings";
import { matchExtensions } from "@/lib/server/read/wizard";
import { printedLink } from "@/lib/server/http/publicAddress";
import { RoundClock } from "@/components/RoundClock";
import { LiveRefresh } from "@/components/LiveRefresh";
import { eventPageMetadata } from "@/lib/server/read/pageMeta";

export const generateMetadata = eventPageMetadata("clock");

/**
 * Big-screen clock for the venue (issue #6 part B item 3): round number, a large clock, the tables
 * with extra time, and a QR code to the public pairings page (server-rendered SVG) on the public
 * address (lib/server/http/publicAddress; no QR when only loopback is known). Public; served
 * from the render-once cache to anonymous viewers (lib/server/http/cache.ts).
 */
export default async function ClockPage({ params }: { params: Promise<{ id: string }> }) {
  await connection();
  const { id } = await params;
  const t = await getTranslations("live.clock");
  const tx = await getTranslations("live.extend");
  const { event } = await eventView(id, await pageActor());
  const round = await roundView(id, { publishedOnly: true });
  const { url } = await printedLink(`/events/${id}/pairings`);
  const svg = url ? await QRCode.toString(url, { type: "svg", margin: 1, errorCorrectionLevel: "M" }) : null;
  const live = round && round.status === "PUBLISHED";
  const ext = live ? await matchExtensions(round.id) : {};
  const extended = live ? round.matches.filter((m) => ext[m.id] && !m.outcome) : [];
  return (
    <div className="space-y-4" data-testid="big-clock">
      <LiveRefresh eventId={id} version={event.version} topics={["pairings:*"]} />
      <div className="grid items-center gap-6 lg:grid-cols-[1fr_auto]">
        <div className="text-center">
          {live ? (
            <>
              <h2 className="text-4xl font-extrabold sm:text-6xl" data-testid="clock-round">
                {t("title", { number: round.number })}
              </h2>
              <RoundClock minutes={round.minutes} log={round.log} serverNow={Date.now()} big />
            </>
          ) : (
            <p className="card text-2xl text-slate-600">{t("none")}</p>
          )}
        </div>
        {svg && url && (
          <figure className="mx-auto w-48 text-center sm:w-64">
            <div
              className="rounded-lg bg-white p-2 [&>svg]:h-auto [&>svg]:w-full"
              role="img"
              aria-label={t("qrAlt", { url })}
              data-testid="qr"
              dangerouslySetInnerHTML={{ __html: svg }}
            />
            <figcaption className="mt-1 text-sm font-semibold">{t("scan")}</figcaption>
          </figure>
        )}
      </div>
      {extended.length > 0 && (
        <ul className="flex flex-wrap justify-center gap-3" aria-label={tx("label", { table: "" })}>
          {extended.map((m) => (
            <li key={m.id} className="card flex items-center gap-3 px-4 py-2 text-xl" data-testid="extended-table">
              <span className="font-bold">{tx("matchClock", { table: m.table })}</span>
              <RoundClock
                compact
                minutes={round!.minutes}
                log={round!.log}
                extensions={ext[m.id]}
                serverNow={Date.now()}
                label={tx("matchClock", { table: m.table })}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
