import { connection } from "next/server";
import { getTranslations } from "next-intl/server";
import { pageActor } from "@/lib/auth/session";
import { eventView } from "@/lib/server/read/events";
import { standingRows } from "@/lib/server/read/paper";
import { getPreset } from "@/lib/formats/presets";
import { columnsForView, standingsColumnCells } from "@/lib/standings";
import { PrintButton } from "@/components/PrintButton";
import { PrintStyles } from "../PrintStyles";
import { EventFacts } from "@/components/EventFacts";
import { eventPageMetadata } from "@/lib/server/read/pageMeta";

export const generateMetadata = eventPageMetadata("print");

/** Integer tiebreaker columns (e.g. KTS) in a mono face, percentages in tabular figures. */
const numberCell = (format: string) => (format === "integer" ? "font-mono text-xs" : "tabular-nums");

/** Printable official standings (public data only), with the late-entry choice shown (PS09). */
export default async function PrintStandingsPage({ params }: { params: Promise<{ id: string }> }) {
  await connection();
  const { id } = await params;
  const t = await getTranslations("operations");
  const ts = await getTranslations("standings");
  const { event } = await eventView(id, await pageActor());
  const tb = await getTranslations("tiebreakers");
  const preset = getPreset(event.formatPreset);
  const { rows, throughRound, final } = await standingRows(id);
  const tf = await getTranslations("finish");
  return (
    <div className="space-y-3">
      <PrintStyles />
      <div className="no-print flex flex-wrap gap-3">
        <PrintButton />
        <a href={`/api/events/${id}/standings`} download className="btn-secondary">
          {t("standings.csv")}
        </a>
      </div>
      <h2 className="text-xl">
        {final ? tf("print.finalTitle", { event: event.name }) : t("print.standingsTitle", { event: event.name, round: throughRound })}
      </h2>
      <EventFacts event={event} />
      <table className="data" data-testid="print-standings">
        <thead>
          <tr>
            {final && <th scope="col">{tf("standings.place")}</th>}
            <th scope="col">{final ? tf("standings.swissRank") : ts("rank")}</th>
            <th scope="col">{ts("team")}</th>
            <th scope="col" className="text-right">
              {ts("points")}
            </th>
            <th scope="col" className="hidden sm:table-cell print:table-cell">
              {ts("record")}
            </th>
            {columnsForView(preset.standingsColumns, "print").map((c) => (
              <th key={c.key} scope="col" className="hidden text-right sm:table-cell print:table-cell">
                {tb(c.label)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const cells = standingsColumnCells(preset.standingsColumns, r, "print");
            return (
              <tr key={r.team}>
                {final && (
                  <td className="font-semibold tabular-nums" data-testid="print-place">
                    {r.place ?? tf("standings.noPlace")}
                  </td>
                )}
                <td className="tabular-nums">{r.rank}</td>
                <td>
                  <div className="font-medium">
                    <bdi>{r.team}</bdi>
                    {r.dropped && ` (${ts("dropped")})`}
                  </div>
                  {/* Each name isolated: a Hebrew A and B must not swap places around " · B: ". */}
                  <div className="text-xs">
                    A: <bdi data-testid="print-duelist-a">{r.duelistA}</bdi> · B: <bdi data-testid="print-duelist-b">{r.duelistB}</bdi>
                  </div>
                  {r.lateEntry && (
                    <div className="text-xs italic">{t("standings.late", { round: r.lateEntry.round, policy: r.lateEntry.policy })}</div>
                  )}
                </td>
                <td className="text-right font-semibold tabular-nums">{r.points}</td>
                <td className="hidden tabular-nums sm:table-cell print:table-cell">
                  {r.wins}-{r.losses}-{r.draws}
                </td>
                {cells.map((c) => (
                  <td
                    key={c.key}
                    className={`hidden text-right sm:table-cell print:table-cell ${numberCell(c.format)}`}
                    data-testid={`print-${c.testId}`}
                  >
                    {c.text}
                    {c.format === "integer" ? "" : "%"}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
