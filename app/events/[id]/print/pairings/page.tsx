import Link from "next/link";
import { connection } from "next/server";
import { getLocale, getTranslations } from "next-intl/server";
import { pageActor } from "@/lib/auth/session";
import { eventView } from "@/lib/server/read/events";
import { roundView } from "@/lib/server/read/pairings";
import { pairingsByName } from "@/lib/server/read/paper";
import { roundStage } from "@/lib/server/read/placings";
import { PrintButton } from "@/components/PrintButton";
import { PrintStyles } from "../PrintStyles";
import { EventFacts } from "@/components/EventFacts";
import { eventPageMetadata } from "@/lib/server/read/pageMeta";
import { getPreset } from "@/lib/formats/presets";

export const generateMetadata = eventPageMetadata("print");

/** Printable pairings of a round, by table or alphabetically by duelist last name (staff also see unpublished rounds). */
export default async function PrintPairingsPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ round?: string; by?: string }>;
}) {
  await connection();
  const { id } = await params;
  const sp = await searchParams;
  const byName = sp.by === "name";
  const t = await getTranslations("operations.print");
  const { event, role } = await eventView(id, await pageActor());
  const round = await roundView(id, { number: Number(sp.round) || undefined, publishedOnly: !role });
  if (!round) return <p className="card">{t("noRound")}</p>;
  // Issue #14: a top-cut round is titled by its stage (roundStageName).
  const stage = await roundStage(id, round.number);
  const tfl = await getTranslations("floor");
  const tfp = await getTranslations("finish.print");
  const q = `round=${round.number}`;
  return (
    <div className="space-y-3">
      <PrintStyles />
      <div className="no-print flex flex-wrap items-center gap-3">
        <PrintButton />
        <Link href={`/events/${id}/print/pairings?${q}`} aria-current={!byName ? "page" : undefined} className={!byName ? "font-bold" : ""}>
          {t("byTable")}
        </Link>
        <Link
          href={`/events/${id}/print/pairings?${q}&by=name`}
          aria-current={byName ? "page" : undefined}
          className={byName ? "font-bold" : ""}
        >
          {t("byName")}
        </Link>
      </div>
      <h2 className="text-xl">
        {stage
          ? tfp("pairingsTitle", { event: event.name, stage: tfl(stage.key.replace(/^floor\./, ""), stage.params) })
          : t("pairingsTitle", { event: event.name, number: round.number })}{" "}
        — {byName ? t("byName") : t("byTable")}
      </h2>
      <EventFacts event={event} />
      {round.status === "PAIRED" && <p className="text-sm font-semibold text-amber-900">{t("unpublished")}</p>}
      {byName ? (
        <table className="data" data-testid="print-by-name">
          <thead>
            <tr>
              <th scope="col">{t("name", { game: getPreset(event.formatPreset).game })}</th>
              <th scope="col">{t("designation")}</th>
              <th scope="col">{t("team")}</th>
              <th scope="col" className="text-right">
                {t("table")}
              </th>
              <th scope="col" className="hidden sm:table-cell print:table-cell">
                {t("opponent")}
              </th>
            </tr>
          </thead>
          <tbody>
            {pairingsByName(round, await getLocale()).map((r, i) => (
              <tr key={i} data-testid="name-row">
                <td>
                  <bdi>
                    <strong>{r.last}</strong>
                    {r.first && `, ${r.first}`}
                  </bdi>
                </td>
                <td>{r.designation}</td>
                <td>
                  <bdi>{r.team}</bdi>
                </td>
                <td className="text-right text-base font-bold tabular-nums">{r.bye ? t("bye") : r.table}</td>
                <td className="hidden sm:table-cell print:table-cell">{r.opponent ? <bdi>{r.opponent}</bdi> : "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <table className="data" data-testid="print-by-table">
          <thead>
            <tr>
              <th scope="col" className="text-right">
                {t("table")}
              </th>
              <th scope="col">{t("team")}</th>
              <th scope="col">{t("opponent")}</th>
            </tr>
          </thead>
          <tbody>
            {round.matches.map((m) => (
              <tr key={m.id} data-testid="table-row">
                <td className="text-right text-base font-bold tabular-nums">{m.teams.length === 1 ? "—" : m.table}</td>
                {m.teams.map((s) => (
                  <td key={s.slot}>
                    <div className="font-semibold">
                      <bdi>{s.team.name}</bdi>
                    </div>
                    {/* Each name isolated: "A: דוד כהן · B: שרה לוי" must not reorder into B's name first. */}
                    <div className="text-xs">
                      {s.team.duelists.map((d, i) => (
                        <span key={d.id}>
                          {i > 0 && " · "}
                          {d.designation}: <bdi>{d.name}</bdi>
                        </span>
                      ))}
                    </div>
                  </td>
                ))}
                {m.teams.length === 1 && <td className="font-semibold">{t("bye")}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
