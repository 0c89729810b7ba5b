import Link from "next/link";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { getTranslations } from "next-intl/server";
import QRCode from "qrcode";
import { db } from "@/lib/db";
import { pageActor } from "@/lib/auth/session";
import { eventView } from "@/lib/server/queries";
import { getPreset } from "@/lib/formats/presets";
import { PrintButton } from "@/components/PrintButton";
import { EventFacts } from "@/components/EventFacts";
import { eventPageMetadata } from "@/lib/server/pageMeta";
import { publicAddress } from "@/lib/server/publicAddress";
import { linkOn } from "@/lib/publicAddress";
import { PrintStyles } from "@/app/events/[id]/print/PrintStyles";

export const generateMetadata = eventPageMetadata("receipt");

/**
 * Registration receipt (staff only; printable; issue #13 items 5–7): two halves, A and B, on
 * either side of a cut line, so each duelist takes only their own claim code. Each half has the
 * event (name, date, location), the team, the duelist, the claim code, a QR code of the claim page
 * with the code filled in, and the event's address — all on the public address
 * (lib/server/publicAddress), never localhost: when only loopback is known the half says phones
 * cannot open the link and how to fix it.
 */
export default async function ReceiptPage({ params }: { params: Promise<{ id: string; teamId: string }> }) {
  await connection();
  const { id, teamId } = await params;
  const t = await getTranslations("receipt");
  const te = await getTranslations("eventday.receipt");
  const { event, role } = await eventView(id, await pageActor());
  if (!role) notFound();
  const game = getPreset(event.formatPreset).game;
  const team = await db().team.findFirst({ where: { id: teamId, eventId: id }, include: { duelists: { orderBy: { designation: "asc" } } } });
  if (!team) notFound();
  const address = await publicAddress();
  const eventUrl = linkOn(address, `/events/${id}`);
  // The QR carries the claim code: it is that duelist's secret, printed only on their own half.
  const halves = await Promise.all(team.duelists.map(async (d) => {
    const claimUrl = d.claimCode ? linkOn(address, `/claim?code=${encodeURIComponent(d.claimCode)}`) : null;
    const qr = claimUrl ? await QRCode.toDataURL(claimUrl, { margin: 2, scale: 4, errorCorrectionLevel: "M" }) : null;
    return { d, claimUrl, qr };
  }));
  const loopback = address.source === "loopback";
  return (
    <div className="mx-auto min-w-0 max-w-xl space-y-3">
      <PrintStyles />
      <div className="no-print flex flex-wrap items-center justify-between gap-2">
        <Link href={`/events/${id}/teams`} className="text-sm">{te("back")}</Link>
        <PrintButton />
      </div>
      <p className={`no-print text-sm ${loopback ? "rounded-lg border border-amber-300 bg-amber-50 p-2 text-amber-950" : "text-slate-600"}`} data-testid="public-address-note">
        {loopback ? te("loopbackStaff") : te("addressNote", { url: address.url ?? "", source: address.source })}{" "}
        <Link href="/settings" className="underline">{te("changeAddress")}</Link>
      </p>
      <article className="card space-y-0 p-0 [overflow-wrap:break-word]" data-testid="receipt">
        <h2 className="sr-only">{t("title")}</h2>
        {halves.map(({ d, claimUrl, qr }, i) => (
          <div key={d.id}>
            {i > 0 && (
              <div role="separator" aria-label={te("cutHere")} className="relative my-0 border-t-2 border-dashed border-slate-400" data-testid="cut-line">
                <span aria-hidden="true" className="absolute -top-3 left-2 bg-white px-1 text-slate-500">✂</span>
              </div>
            )}
            <section className="avoid-break space-y-2 p-4 print:min-h-[128mm]" data-testid={`receipt-${d.designation}`} aria-label={t("designation", { d: d.designation, game })}>
              <div>
                <p className="text-xs uppercase tracking-wide text-slate-500">{t("title")}</p>
                <p className="font-semibold"><bdi>{event.name}</bdi></p>
                <EventFacts event={event} />
              </div>
              <p><span className="text-slate-500">{t("team")}</span> <strong data-testid={i === 0 ? "receipt-team" : undefined}><bdi>{team.name}</bdi></strong> (#{team.number})</p>
              <p><span className="font-mono text-xs text-slate-500">{t("designation", { d: d.designation, game })}</span> <strong><bdi>{d.name}</bdi></strong></p>
              <div className="flex flex-wrap items-start gap-4">
                {qr && (
                  // a data: URL generated on the server (a PNG: crisp when printed with pixelated scaling)
                  <img src={qr} alt={te("qrAlt", { url: claimUrl! })} width={132} height={132} className="h-[132px] w-[132px] shrink-0 [image-rendering:pixelated]" data-testid={`receipt-qr-${d.designation}`} />
                )}
                <div className="min-w-0 flex-1 basis-48 space-y-1">
                  {d.claimCode ? (
                    <>
                      <p>{t("claimCode")} <code className="whitespace-nowrap text-lg font-bold tracking-widest" data-testid={`claim-${d.designation}`}>{d.claimCode}</code></p>
                      {claimUrl ? (
                        <p className="text-sm">{te("scanOrOpen")} <span className="font-mono text-xs [overflow-wrap:anywhere]" data-testid={`claim-url-${d.designation}`}>{claimUrl}</span></p>
                      ) : (
                        <p className="text-sm font-semibold text-amber-900" data-testid={`no-address-${d.designation}`}>{te("loopbackPaper")}</p>
                      )}
                    </>
                  ) : (
                    <p className="text-sm text-green-800">{t("claimed", { game })}</p>
                  )}
                  {eventUrl && <p className="text-sm">{te("eventAt")} <span className="font-mono text-xs [overflow-wrap:anywhere]" data-testid="event-url">{eventUrl}</span></p>}
                </div>
              </div>
              <p className="text-xs text-slate-600">{t("howTo", { game })}</p>
            </section>
          </div>
        ))}
      </article>
    </div>
  );
}
