import { notFound } from "next/navigation";
import { connection } from "next/server";
import { headers } from "next/headers";
import { getTranslations } from "next-intl/server";
import QRCode from "qrcode";
import { pageActor } from "@/lib/auth/session";
import { eventView } from "@/lib/server/read/events";
import { printedLink } from "@/lib/server/http/publicAddress";
import { screenCode } from "@/lib/server/write/checkinCodes";
import { checkInDesk } from "@/lib/server/read/venue";
import { LiveRefresh } from "@/components/LiveRefresh";
import { eventPageMetadata } from "@/lib/server/read/pageMeta";
import { SlotRefresh } from "./SlotRefresh";

export const generateMetadata = eventPageMetadata("checkinScreen");

/**
 * Staff big screen (issue #16): a QR of `/events/:id/checkin?c=<code>` whose code changes every
 * 60 s (lib/server/write/checkinCodes screenCode; refused once older than 2 minutes), and how many
 * teams are in. Duelists scan it with the phone's own camera app.
 */
export default async function CheckInScreenPage({ params }: { params: Promise<{ id: string }> }) {
  await connection();
  const { id } = await params;
  const { event, role } = await eventView(id, await pageActor());
  if (!role) notFound();
  const t = await getTranslations("venue.screen");
  const path = `/events/${id}/checkin?c=${screenCode(id, Date.now())}`;
  // The public address when known; else the address this screen was opened on (the venue's LAN).
  const printed = (await printedLink(path)).url;
  const h = await headers();
  const url = printed ?? `${h.get("x-forwarded-proto") ?? "http"}://${h.get("host")}${path}`;
  const svg = await QRCode.toString(url, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
  const teams = await checkInDesk(id);
  const active = teams.filter((x) => x.status === "ACTIVE");
  return (
    <div className="space-y-4 text-center">
      <LiveRefresh eventId={id} version={event.version} />
      <SlotRefresh />
      <h2>
        <span className="text-3xl font-extrabold sm:text-5xl">{t("title")}</span>
      </h2>
      <p className="text-lg">{t("scan")}</p>
      <div
        className="mx-auto w-full max-w-md rounded-lg bg-white p-3 [&>svg]:h-auto [&>svg]:w-full"
        role="img"
        aria-label={t("qrAlt")}
        data-testid="checkin-qr"
        dangerouslySetInnerHTML={{ __html: svg }}
      />
      <p className="text-2xl font-bold" data-testid="checkin-count">
        {t("count", { in: active.filter((x) => x.checkedIn).length, total: active.length })}
      </p>
      <p className="text-sm text-slate-600">{t("fallback")}</p>
    </div>
  );
}
