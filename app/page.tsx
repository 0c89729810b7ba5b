import Link from "next/link";
import { connection } from "next/server";
import { getFormatter, getTranslations } from "next-intl/server";
import { listedEvents } from "@/lib/server/read/events";
import { pageActor } from "@/lib/auth/session";

export default async function Home() {
  await connection();
  const t = await getTranslations("home");
  const tf = await getTranslations("presets");
  const format = await getFormatter();
  const actor = await pageActor();
  const te = await getTranslations("eventday");
  // Hidden events (issue #13 item 7) leave the public list; their own staff still see them here.
  const events = await listedEvents(actor);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1>{t("title")}</h1>
          <p className="text-slate-600">{t("tagline")}</p>
        </div>
        {actor.isOrganizer && (
          <div className="flex flex-wrap gap-2">
            <Link href="/settings" className="btn-secondary">
              {te("settings.link")}
            </Link>
            <Link href="/events/new" className="btn">
              {t("newEvent")}
            </Link>
          </div>
        )}
      </div>
      {events.length === 0 ? (
        <p className="card text-slate-600">{t("noEvents")}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {events.map((e) => (
            <li key={e.id} className="card min-w-0 [overflow-wrap:break-word]" data-testid="event-item">
              <Link href={`/events/${e.id}`} className="text-lg font-semibold">
                {e.name}
              </Link>
              {e.hidden && (
                <span className="badge ml-2 bg-slate-200 text-slate-700" data-testid="hidden-badge">
                  {te("details.hiddenBadge")}
                </span>
              )}
              <p className="text-sm text-slate-600">
                {tf(`${e.formatPreset}.name`)} · {t("teams", { count: e._count.teams })} · {t(`status.${e.status}`)}
              </p>
              <p className="text-xs text-slate-500">
                {e.startsOn
                  ? format.dateTime(e.startsOn, { dateStyle: "medium", timeZone: "UTC" })
                  : format.dateTime(e.createdAt, { dateStyle: "medium", timeZone: e.timeZone })}
                {e.location && (
                  <>
                    {" "}
                    · <bdi>{e.location}</bdi>
                  </>
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
