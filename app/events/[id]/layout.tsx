import Link from "next/link";
import { connection } from "next/server";
import { bdiText } from "@/components/Bdi";
import { getTranslations } from "next-intl/server";
import { pageActor } from "@/lib/auth/session";
import { eventView } from "@/lib/server/read/events";
import { getPreset } from "@/lib/formats/presets";
import { eventLayoutMetadata } from "@/lib/server/read/pageMeta";
import { flightOf } from "@/lib/server/read/flights";

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
  const tabs: [string, string][] = [
    ["", t("tabs.overview")],
    ["/pairings", t("tabs.pairings")],
    ["/standings", t("tabs.standings")],
    ["/teams", t("tabs.teams")],
  ];
  if (me && event.flightSize === null) tabs.push(["/me", tv("tab")], ["/report", tr("tabs.report")]); // issue #16: the duelist's card first
  if (event.selfRegistration) tabs.splice(1, 0, ["/register", t("tabs.register")]); // issue #16
  if (role || me || event.decklistsPublished) tabs.push(["/decklists", t("tabs.decklists")]);
  tabs.push(["/rules", t("tabs.rules")]);
  if (role) tabs.push(["/outstanding", tr("tabs.desk")]);
  tabs.splice(3, 0, ["/bracket", to("bracketTab")]);
  if (role)
    tabs.push(
      ["/admin", t("tabs.admin")],
      ["/operations", to("tab")],
      ["/registrations", t("tabs.registrations")],
      ["/venue", tv("deskTab")],
    );
  // Flight series (issue #16): the series page; an organizer reaches it before round 1 to set a series up.
  const tf = await getTranslations("flights");
  if (event.flightSize !== null || (role === "ORGANIZER" && !event.seriesId && event.status === "REGISTRATION"))
    tabs.push(["/flights", tf("tab")]);
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
        <nav aria-label={t("sections")} className="mt-3 flex flex-wrap gap-1 border-b border-slate-200">
          {tabs.map(([href, label]) => (
            <Link
              key={href}
              href={`/events/${id}${href}`}
              className="rounded-t-lg px-3 py-2 text-sm font-medium text-slate-700 no-underline hover:bg-white"
            >
              {label}
            </Link>
          ))}
        </nav>
      </div>
      {children}
    </div>
  );
}
