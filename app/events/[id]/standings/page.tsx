import Link from "next/link";
import { connection } from "next/server";
import { getTranslations } from "next-intl/server";
import { pageActor } from "@/lib/auth/session";
import { eventView } from "@/lib/server/read/events";
import { standingsData } from "@/lib/server/read/liveData";
import { getPreset } from "@/lib/formats/presets";
import { columnsForView } from "@/lib/standings";
import { LiveStandings } from "@/components/LiveStandings";
import { eventPageMetadata } from "@/lib/server/read/pageMeta";

export const generateMetadata = eventPageMetadata("standings");

/**
 * Official standings (closed rounds, PS05/PS06) or, labelled, the provisional view of the open round;
 * final placings once the event is finished (issue #14). The server reads StandingsData once and
 * renders components/LiveStandings with it; the client keeps it live from
 * `/api/events/:id/data/standings` (issue #15).
 */
export default async function StandingsPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ view?: string }>;
}) {
  await connection();
  const { id } = await params;
  const provisional = (await searchParams).view === "provisional";
  const t = await getTranslations("standings");
  const to = await getTranslations("operations");
  const { event, role } = await eventView(id, await pageActor());
  const ti = await getTranslations("interop.exports");
  const preset = getPreset(event.formatPreset);
  const initial = await standingsData(id, event.version, { provisional });
  // Tiebreaker columns are the preset's data (lib/formats/tiebreakers): key, label, test id, format.
  const columns = columnsForView(preset.standingsColumns, "page").map((c) => ({
    key: c.key,
    label: c.label,
    testId: c.testId,
    format: c.format,
  }));
  return (
    <div className="space-y-3">
      <LiveStandings
        key={provisional ? "provisional" : "official"}
        eventId={id}
        initial={initial}
        serverNow={Date.now()}
        provisional={provisional}
        columns={columns}
        bestOf={preset.bestOf}
        links={
          <span className="flex flex-wrap gap-3 text-sm">
            <Link href={provisional ? `/events/${id}/standings` : `/events/${id}/standings?view=provisional`} className="text-sm">
              {provisional ? t("showOfficial") : t("showProvisional")}
            </Link>
            <a href={`/api/events/${id}/standings`} download data-testid="standings-csv">
              {to("standings.csv")}
            </a>
            <Link href={`/events/${id}/print/standings`}>{to("standings.print")}</Link>
            {role && (
              <a href={`/api/events/${id}/export/results.csv`} download data-testid="results-csv">
                {ti("standingsResults")}
              </a>
            )}
          </span>
        }
      />
    </div>
  );
}
