import Link from "next/link";
import { connection } from "next/server";
import { getTranslations } from "next-intl/server";
import { teamCondition } from "@/lib/formats/penalties";
import { db } from "@/lib/db";
import { pageActor } from "@/lib/auth/session";
import { eventView } from "@/lib/server/queries";
import { getPreset } from "@/lib/formats/presets";
import { RegisterTeamForm } from "./RegisterTeamForm";
import { ActionButton } from "@/components/ConfirmButton";
import { dropTeam } from "@/app/actions";
import { ResetCodeButton } from "@/components/ResetCodeButton";
import { eventStarted } from "@/lib/server/actions/events";
import { isolate } from "@/lib/i18n/bidi";
import { eventPageMetadata } from "@/lib/server/pageMeta";

export const generateMetadata = eventPageMetadata("teams");

export default async function TeamsPage({ params }: { params: Promise<{ id: string }> }) {
  await connection();
  const { id } = await params;
  const t = await getTranslations("teams");
  const { event, role } = await eventView(id, await pageActor());
  const game = getPreset(event.formatPreset).game;
  const started = await eventStarted(db(), id);
  const teams = await db().team.findMany({ where: { eventId: id }, orderBy: { number: "asc" }, include: { duelists: { orderBy: { designation: "asc" } } } });
  // T1: disqualified (a DISQUALIFICATION penalty, lib/formats teamCondition) rather than "dropped".
  const to = await getTranslations("operations");
  const dqs = await db().penalty.findMany({ where: { eventId: id, penalty: "DISQUALIFICATION" }, select: { teamId: true, penalty: true } });
  return (
    // minmax(0,…) + min-w-0: a very long name wraps instead of widening the grid past the phone (tester issue 6).
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <section className="card min-w-0">
        <h2 className="mb-2">{t("title", { count: teams.length })}</h2>
        {teams.length === 0 ? <p className="text-slate-600">{t("none")}</p> : (
          <div className="table-wrap">
            <table className="data">
              <thead><tr><th scope="col">#</th><th scope="col">{t("team")}</th><th scope="col">{t("duelists", { game })}</th>{role && <th scope="col"><span className="sr-only">{t("actions")}</span></th>}</tr></thead>
              <tbody>
                {teams.map((team) => (
                  <tr key={team.id}>
                    <td className="tabular-nums">{team.number}</td>
                    <td className="font-medium [overflow-wrap:anywhere]"><bdi>{team.name}</bdi>{teamCondition(team.status, dqs.filter((p) => p.teamId === team.id)) === "DISQUALIFIED" ? <span className="badge ml-2 bg-red-100 text-red-800">{to("teams.disqualified")}</span> : team.status === "DROPPED" && <span className="badge ml-2 bg-slate-200 text-slate-700">{t("dropped")}</span>}</td>
                    <td className="[overflow-wrap:anywhere]">{team.duelists.map((d) => (
                      <div key={d.id}>
                        <span className="font-mono text-xs text-slate-500">{d.designation}</span> <bdi>{d.name}</bdi>
                        {/* player IDs and account tools are for staff only */}
                        {role && d.playerId && <span className="text-xs text-slate-500"> · <bdi>{d.playerId}</bdi></span>}
                        {role && d.userId && <> <ResetCodeButton eventId={id} userId={d.userId} name={d.name} /></>}
                      </div>
                    ))}</td>
                    {role && (
                      <td className="text-right">
                        {/* stacked on phones so the row never needs more than the screen (tester issue 6) */}
                        <div className="flex flex-col items-end gap-1 sm:flex-row sm:items-center sm:justify-end sm:gap-2">
                          <Link href={`/events/${id}/teams/${team.id}/receipt`} className="text-sm">{t("receipt")}</Link>
                          {!started && <Link href={`/events/${id}/teams/${team.id}/edit`} className="text-sm">{t("edit")}</Link>}
                          {team.status === "ACTIVE" && <ActionButton action={dropTeam} input={{ teamId: team.id }} label={t("drop")} confirm={t("dropConfirm", { name: isolate(team.name) })} />}
                        </div>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {role && (
        <section className="card min-w-0">
          <h2 className="mb-2">{t("registerTitle")}</h2>
          <p className="mb-3 text-sm text-slate-600">{t("registerHint", { game })}</p>
          <RegisterTeamForm eventId={id} game={game} />
        </section>
      )}
    </div>
  );
}
