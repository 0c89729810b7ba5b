import { connection } from "next/server";
import { getTranslations } from "next-intl/server";
import { db } from "@/lib/db";
import { pageActor } from "@/lib/auth/session";
import { eventView } from "@/lib/server/queries";
import { standingRows } from "@/lib/server/paper";
import { getPreset } from "@/lib/formats/presets";
import { tiebreakerTexts } from "@/lib/standings";
import { PrintButton } from "@/components/PrintButton";
import { PrintStyles } from "../PrintStyles";
import { EventFacts } from "@/components/EventFacts";
import { eventPageMetadata } from "@/lib/server/pageMeta";

export const generateMetadata = eventPageMetadata("print");


/** Printable official standings (public data only), with the late-entry choice shown (PS09). */
export default async function PrintStandingsPage({ params }: { params: Promise<{ id: string }> }) {
  await connection();
  const { id } = await params;
  const t = await getTranslations("operations");
  const ts = await getTranslations("standings");
  const { event } = await eventView(id, await pageActor());
  const konami = getPreset(event.formatPreset).tiebreakers.includes("OPP_MW");
  const { rows, throughRound } = await standingRows(db(), id);
  return (
    <div className="space-y-3">
      <PrintStyles />
      <div className="no-print flex flex-wrap gap-3"><PrintButton /><a href={`/api/events/${id}/standings`} download className="btn-secondary">{t("standings.csv")}</a></div>
      <h2 className="text-xl">{t("print.standingsTitle", { event: event.name, round: throughRound })}</h2>
      <EventFacts event={event} />
      <table className="data" data-testid="print-standings">
        <thead>
          <tr>
            <th scope="col">{ts("rank")}</th><th scope="col">{ts("team")}</th><th scope="col" className="text-right">{ts("points")}</th>
            <th scope="col" className="hidden sm:table-cell print:table-cell">{ts("record")}</th>
            <th scope="col" className="hidden text-right sm:table-cell print:table-cell">{konami ? ts("oppMw") : ts("omw")}</th>
            <th scope="col" className="hidden text-right sm:table-cell print:table-cell">{konami ? ts("oppOppMw") : ts("gw")}</th>
            {konami && <th scope="col" className="hidden text-right sm:table-cell print:table-cell">KTS</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const x = tiebreakerTexts(r, konami); // Konami: truncated, KTS a plain integer (RULES §6.1)
            return (
            <tr key={r.team}>
              <td className="tabular-nums">{r.rank}</td>
              <td>
                <div className="font-medium"><bdi>{r.team}</bdi>{r.dropped && ` (${ts("dropped")})`}</div>
                {/* Each name isolated: a Hebrew A and B must not swap places around " · B: ". */}
                <div className="text-xs">A: <bdi data-testid="print-duelist-a">{r.duelistA}</bdi> · B: <bdi data-testid="print-duelist-b">{r.duelistB}</bdi></div>
                {r.lateEntry && <div className="text-xs italic">{t("standings.late", { round: r.lateEntry.round, policy: r.lateEntry.policy })}</div>}
              </td>
              <td className="text-right font-semibold tabular-nums">{r.points}</td>
              <td className="hidden tabular-nums sm:table-cell print:table-cell">{r.wins}-{r.losses}-{r.draws}</td>
              <td className="hidden text-right tabular-nums sm:table-cell print:table-cell">{x.omw}%</td>
              <td className="hidden text-right tabular-nums sm:table-cell print:table-cell">{konami ? x.oomw : x.gw}%</td>
              {konami && <td className="hidden text-right font-mono text-xs sm:table-cell print:table-cell" data-testid="print-kts">{x.kts}</td>}
            </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
