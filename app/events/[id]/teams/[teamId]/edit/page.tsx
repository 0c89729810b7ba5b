import { notFound } from "next/navigation";
import { connection } from "next/server";
import { bdiText } from "@/components/Bdi";
import { getTranslations } from "next-intl/server";
import { eventHasStarted, eventTeam } from "@/lib/server/read/teams";
import { pageActor } from "@/lib/auth/session";
import { eventView } from "@/lib/server/read/events";
import { getPreset } from "@/lib/formats/presets";
import { EditTeamForm } from "./EditTeamForm";

/** Staff: edit a team's names and player IDs (any time) and A/B order (until round 1 is published; issue #13 item 6). */
export default async function EditTeamPage({ params }: { params: Promise<{ id: string; teamId: string }> }) {
  await connection();
  const { id, teamId } = await params;
  const t = await getTranslations("teams");
  const { event, role } = await eventView(id, await pageActor());
  if (!role) notFound();
  const team = await eventTeam(id, teamId);
  if (!team) notFound();
  const [a, b] = team.duelists;
  return (
    <section className="card mx-auto max-w-xl space-y-3">
      <h2>{bdiText((n) => t("editTitle", { name: n(team.name) }))}</h2>
      <p className="text-sm text-slate-600">{t("editHint", { game: getPreset(event.formatPreset).game })}</p>
      <EditTeamForm
        eventId={id}
        teamId={team.id}
        name={team.name}
        a={{ name: a.name, playerId: a.playerId }}
        b={{ name: b.name, playerId: b.playerId }}
        game={getPreset(event.formatPreset).game}
        abLocked={await eventHasStarted(id)}
      />
    </section>
  );
}
