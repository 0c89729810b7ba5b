import Link from "next/link";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { getLocale, getTranslations } from "next-intl/server";
import { pageActor } from "@/lib/auth/session";
import { eventView } from "@/lib/server/read/events";
import { getPreset } from "@/lib/formats/presets";
import { openRounds } from "@/lib/server/read/reporting";
import { LiveRefresh } from "@/components/LiveRefresh";
import { DeskNav } from "@/components/DeskNav";
import { describeReport } from "../report/describe";
import { Elapsed } from "./Elapsed";
import { bdiText } from "@/components/Bdi";
import { eventPageMetadata } from "@/lib/server/read/pageMeta";

export const generateMetadata = eventPageMetadata("outstanding");

const STATE_STYLE: Record<string, string> = {
  NONE: "bg-slate-100 text-slate-700",
  ONE_SIDED: "bg-blue-100 text-blue-800",
  CONFLICT: "bg-red-100 text-red-800",
  AGREED: "bg-green-100 text-green-800",
};

/** Staff: per open round, tables without a final result, how long they have been open, and what blocks closing. Live. */
export default async function OutstandingPage({ params }: { params: Promise<{ id: string }> }) {
  await connection();
  const { id } = await params;
  const t = await getTranslations("reporting");
  const tVs = await getTranslations("pairings"); // "x" in pt-BR, "vs" in en/it (one word per locale)
  const { event, role } = await eventView(id, await pageActor());
  if (!role) notFound();
  const rounds = await openRounds(id);
  const now = Date.now();
  const fmt = new Intl.DateTimeFormat(await getLocale(), { timeZone: event.timeZone, hour: "2-digit", minute: "2-digit" });
  const conflicts = rounds.reduce((n, r) => n + r.tables.filter((x) => x.state === "CONFLICT").length, 0);
  return (
    <div className="space-y-4">
      <LiveRefresh eventId={id} version={event.version} />
      <DeskNav eventId={id} current="outstanding" queueCount={conflicts} organizer={role === "ORGANIZER"} />
      <h2 className="text-xl">{t("outstanding.title")}</h2>
      {rounds.length === 0 && <p className="card text-slate-600">{t("outstanding.none")}</p>}
      {rounds.map((r) => {
        const open = r.tables.filter((x) => !x.outcome);
        return (
          <section key={r.id} className="card space-y-3" aria-labelledby={`r-${r.number}`} data-testid={`outstanding-round-${r.number}`}>
            <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <h3 id={`r-${r.number}`} className="text-lg font-bold">
                {t("outstanding.round", { number: r.number })}
              </h3>
              <span className="badge bg-slate-100 text-slate-700" data-testid="progress">
                {t("outstanding.progress", { final: r.final, total: r.total })}
              </span>
            </div>
            {r.openSince && (
              <p className="text-sm text-slate-600">
                {t("outstanding.openSince", {
                  minutes: Math.max(0, Math.floor((now - r.openSince) / 60_000)),
                  from: r.clockStarted ? "clock" : "publish",
                  time: fmt.format(r.openSince),
                })}
              </p>
            )}
            <p
              className={`rounded-lg p-3 text-sm ${r.blockers.length ? "bg-amber-50 text-amber-900" : "bg-green-50 text-green-900"}`}
              data-testid="blockers"
            >
              {r.blockers.length
                ? t("outstanding.blocked", { count: r.blockers.length, tables: r.blockers.join(", ") })
                : t("outstanding.clear")}
            </p>
            {open.length === 0 ? (
              <p className="text-sm text-slate-600">{t("outstanding.allFinal")}</p>
            ) : (
              <table className="data">
                <thead>
                  <tr>
                    <th scope="col">{t("outstanding.table")}</th>
                    <th scope="col">{t("outstanding.teams")}</th>
                    <th scope="col">{t("outstanding.status")}</th>
                    <th scope="col" className="hidden sm:table-cell">
                      {t("outstanding.open")}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {open.map((x) => {
                    const names: [string, string] = [x.teams[0].name, x.teams[1].name];
                    const reps = [x.reports.slot1, x.reports.slot2];
                    return (
                      <tr key={x.matchId} data-testid="outstanding-row">
                        <td className="font-bold tabular-nums">{x.table}</td>
                        <td className="[overflow-wrap:anywhere]">
                          <bdi>{names[0]}</bdi> <span className="text-slate-500">{tVs("versus")}</span> <bdi>{names[1]}</bdi>
                          {x.state === "ONE_SIDED" &&
                            reps.map(
                              (rep, i) =>
                                rep && (
                                  <div key={i} className="text-xs text-slate-600">
                                    {bdiText((n) =>
                                      t("outstanding.reportedBy", {
                                        team: n(names[i]),
                                        report: describeReport(rep.report, names, t, getPreset(event.formatPreset).game, n),
                                      }),
                                    )}
                                  </div>
                                ),
                            )}
                        </td>
                        <td>
                          <span className={`badge ${STATE_STYLE[x.state] ?? ""}`} data-testid="state">
                            {t(`outstanding.state.${x.state}`)}
                          </span>
                          {x.state === "CONFLICT" ? (
                            <div>
                              <Link href={`/events/${id}/queue`} className="text-sm">
                                {t("outstanding.resolve")}
                              </Link>
                            </div>
                          ) : (
                            <div>
                              <Link href={`/events/${id}/rounds/${r.number}/desk#table-${x.table}`} className="text-sm">
                                {t("outstanding.enter")}
                              </Link>
                            </div>
                          )}
                        </td>
                        <td className="hidden sm:table-cell">{r.openSince && <Elapsed since={r.openSince} serverNow={now} />}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            )}
          </section>
        );
      })}
    </div>
  );
}
