import Link from "next/link";
import { connection } from "next/server";
import { getFormatter, getTranslations } from "next-intl/server";
import { eventOverview } from "@/lib/server/read/desk";
import { pageActor } from "@/lib/auth/session";
import { eventView } from "@/lib/server/read/events";
import { getPreset } from "@/lib/formats/presets";
import { eventPageMetadata } from "@/lib/server/read/pageMeta";
import { eventPlacings } from "@/lib/server/read/placings";

export const generateMetadata = eventPageMetadata("overview");

export default async function EventOverview({ params }: { params: Promise<{ id: string }> }) {
  await connection();
  const { id } = await params;
  const t = await getTranslations("event");
  const tv = await getTranslations("venue.links");
  const terms = await getTranslations("terms");
  const td = await getTranslations("eventday.details");
  const format = await getFormatter();
  const { event, role, me } = await eventView(id, await pageActor());
  const preset = getPreset(event.formatPreset);
  const { teams, rounds } = await eventOverview(id);
  const current = rounds.filter((r) => r.status !== "PAIRED").at(-1);
  // Issue #14: a finished event names its champion (lib/pairing/lifecycle eventOverview); a round is named by its stage.
  const placed = await eventPlacings(id);
  const tfl = await getTranslations("floor");
  const tf = await getTranslations("finish.overview");
  const stage = current ? placed.stages.get(current.number) : undefined;
  const championName = placed.championName;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <section className="card space-y-1">
        <h2>{t("details")}</h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-slate-500">{td("date")}</dt>
          <dd data-testid="overview-date">
            {event.startsOn ? format.dateTime(event.startsOn, { dateStyle: "full", timeZone: "UTC" }) : t("none")}
          </dd>
          <dt className="text-slate-500">{td("location")}</dt>
          <dd data-testid="overview-location" className="min-w-0 [overflow-wrap:break-word]">
            {event.location ? <bdi>{event.location}</bdi> : t("none")}
          </dd>
          <dt className="text-slate-500">{t("teamCount")}</dt>
          <dd>{teams}</dd>
          <dt className="text-slate-500">{t("roundLength")}</dt>
          <dd>{t("minutes", { count: event.roundMinutes })}</dd>
          <dt className="text-slate-500">{terms("life", { game: preset.game })}</dt>
          <dd>{t(`lifeModel.${preset.life.model}`, { value: preset.life.start })}</dd>
          <dt className="text-slate-500">{t("bestOf")}</dt>
          <dd>{t("bestOfValue", { count: preset.bestOf })}</dd>
          <dt className="text-slate-500">{terms("banlist", { game: preset.game })}</dt>
          <dd>{event.banlist?.name ?? t("none")}</dd>
          <dt className="text-slate-500">{t("deadline")}</dt>
          <dd>
            {event.decklistDeadline
              ? format.dateTime(event.decklistDeadline, { dateStyle: "medium", timeStyle: "short", timeZone: event.timeZone })
              : t("none")}
          </dd>
          <dt className="text-slate-500">{t("statusLabel")}</dt>
          <dd>
            {t(`status.${event.status}`)}
            {role && event.hidden && <span className="badge ml-2 bg-slate-200 text-slate-700">{td("hiddenBadge")}</span>}
          </dd>
        </dl>
      </section>
      <section className="card space-y-2">
        <h2>{t("now")}</h2>
        {placed.overview.state === "finished" ? (
          <div className="space-y-1" data-testid="overview-finished">
            <p>{tf("finished")}</p>
            <p className="text-lg font-semibold" data-testid="overview-champion">
              {championName ? tf("champion", { team: championName }) : tf("noChampion")}
            </p>
            <p>
              <Link href={`/events/${id}/standings`}>{tf("finalStandings")}</Link>
            </p>
          </div>
        ) : current ? (
          <p>
            {stage ? tfl(stage.key.replace(/^floor\./, ""), stage.params) : t("currentRound", { number: current.number })} ·{" "}
            <Link href={`/events/${id}/pairings`}>{t("tabs.pairings")}</Link>
          </p>
        ) : (
          <p className="text-slate-600">{t("notStarted")}</p>
        )}
        {me && (
          <p>
            <Link href={`/events/${id}/me`} className="font-semibold" data-testid="my-event-link">
              {tv("myEvent")}
            </Link>
          </p>
        )}
        {me && (
          <p>
            <Link href={`/events/${id}/decklists`}>{t("myDecklist")}</Link>
          </p>
        )}
        {role && (
          <p>
            <Link href={`/events/${id}/admin`}>{t("tabs.admin")}</Link>
          </p>
        )}
        {role && (
          <p>
            <Link href={`/events/${id}/venue`}>{tv("desk")}</Link>
          </p>
        )}
      </section>
    </div>
  );
}
