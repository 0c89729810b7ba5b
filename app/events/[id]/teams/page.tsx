import Link from "next/link";
import { connection } from "next/server";
import { getTranslations } from "next-intl/server";
import { db } from "@/lib/db";
import { pageActor } from "@/lib/auth/session";
import { eventView } from "@/lib/server/queries";
import { RegisterTeamForm } from "./RegisterTeamForm";
import { ActionButton } from "@/components/ConfirmButton";
import { dropTeam } from "@/app/actions";

export default async function TeamsPage({ params }: { params: Promise<{ id: string }> }) {
  await connection();
  const { id } = await params;
  const t = await getTranslations("teams");
  const { role } = await eventView(id, await pageActor());
  const teams = await db().team.findMany({ where: { eventId: id }, orderBy: { number: "asc" }, include: { duelists: { orderBy: { designation: "asc" } } } });
  return (
    <div className="grid gap-4 lg:grid-cols-[1fr_22rem]">
      <section className="card">
        <h2 className="mb-2">{t("title", { count: teams.length })}</h2>
        {teams.length === 0 ? <p className="text-slate-600">{t("none")}</p> : (
          <div className="table-wrap">
            <table className="data">
              <thead><tr><th scope="col">#</th><th scope="col">{t("team")}</th><th scope="col">{t("duelists")}</th>{role && <th scope="col"><span className="sr-only">{t("actions")}</span></th>}</tr></thead>
              <tbody>
                {teams.map((team) => (
                  <tr key={team.id}>
                    <td>{team.number}</td>
                    <td className="font-medium">{team.name}{team.status === "DROPPED" && <span className="badge ml-2 bg-slate-200 text-slate-700">{t("dropped")}</span>}</td>
                    <td>{team.duelists.map((d) => <div key={d.id}><span className="font-mono text-xs text-slate-500">{d.designation}</span> {d.name}{d.playerId && <span className="text-xs text-slate-500"> · {d.playerId}</span>}</div>)}</td>
                    {role && (
                      <td className="space-x-2 whitespace-nowrap text-right">
                        <Link href={`/events/${id}/teams/${team.id}/receipt`} className="text-sm">{t("receipt")}</Link>
                        {team.status === "ACTIVE" && <ActionButton action={dropTeam} input={{ teamId: team.id }} label={t("drop")} confirm={t("dropConfirm", { name: team.name })} />}
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
        <section className="card">
          <h2 className="mb-2">{t("registerTitle")}</h2>
          <p className="mb-3 text-sm text-slate-600">{t("registerHint")}</p>
          <RegisterTeamForm eventId={id} />
        </section>
      )}
    </div>
  );
}
