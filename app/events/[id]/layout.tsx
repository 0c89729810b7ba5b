import Link from "next/link";
import { connection } from "next/server";
import { bdiText } from "@/components/Bdi";
import { getTranslations } from "next-intl/server";
import { pageActor } from "@/lib/auth/session";
import { eventView } from "@/lib/server/read/events";
import { getPreset } from "@/lib/formats/presets";
import { eventLayoutMetadata } from "@/lib/server/read/pageMeta";
import { flightOf } from "@/lib/server/read/flights";
import { eventTabPaths } from "@/lib/venue/eventTabs";
import { EventTabs } from "@/components/EventTabs";

export const generateMetadata = eventLayoutMetadata;

export default async function EventLayout({ children, params }: { children: React.ReactNode; params: Promise<{ id: string }> }) {
  await connection();
  const { id } = await params;
  const t = await getTranslations("event");
  const tp = await getTranslations("presets");
  const to = await getTranslations("operations");
  const tr = await getTranslations("reporting");
  const tv = await getTranslations("venue.links");
  const { event, role, me } = await eventView(id, await pageActor());
  const tf = await getTranslations("flights");
  const label: Record<string, string> = {
    "": t("tabs.overview"),
    "/me": tv("tab"),
    "/report": tr("tabs.report"),
    "/register": t("tabs.register"),
    "/pairings": t("tabs.pairings"),
    "/standings": t("tabs.standings"),
    "/bracket": to("bracketTab"),
    "/teams": t("tabs.teams"),
    "/decklists": t("tabs.decklists"),
    "/rules": t("tabs.rules"),
    "/outstanding": tr("tabs.desk"),
    "/admin": t("tabs.admin"),
    "/operations": to("tab"),
    "/registrations": t("tabs.registrations"),
    "/venue": tv("deskTab"),
    "/flights": tf("tab"),
  };
  // Order and visibility: lib/venue/eventTabs (a duelist's card first; staff tabs for staff only).
  const tabs = eventTabPaths({
    role,
    duelist: Boolean(me),
    selfRegistration: event.selfRegistration,
    decklistsPublished: event.decklistsPublished,
    flightSize: event.flightSize,
    seriesId: event.seriesId,
    status: event.status,
  }).map((href) => [href, label[href]] as const);
  const flight = event.seriesId ? await flightOf(id) : null;
  return (
    <div className="space-y-4">
      <div className="no-print">
        <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">{tp(`${event.formatPreset}.name`)}</p>
        <h1>
          <bdi>{event.name}</bdi>
        </h1>
        {flight && (
          <p className="text-sm text-slate-600" data-testid="flight-of">
            {tf.rich("flightOf", {
              number: flight.flightNumber,
              series: () => (
                <Link href={`/events/${flight.seriesId}/flights`}>
                  <bdi>{flight.seriesName}</bdi>
                </Link>
              ),
            })}
          </p>
        )}
        {role && <p className="text-sm text-slate-600">{t(`role.${role}`)}</p>}
        {me && (
          <p className="text-sm text-slate-600">
            {bdiText((n) => t("youAre", { name: n(me.name), designation: me.designation, game: getPreset(event.formatPreset).game }))}
          </p>
        )}
        <EventTabs base={`/events/${id}`} label={t("sections")} tabs={tabs} />
      </div>
      {children}
    </div>
  );
}
