import Link from "next/link";
import { connection } from "next/server";
import { getFormatter, getTranslations } from "next-intl/server";
import { db } from "@/lib/db";
import { pageActor } from "@/lib/auth/session";

export default async function Home() {
  await connection();
  const t = await getTranslations("home");
  const tf = await getTranslations("presets");
  const format = await getFormatter();
  const actor = await pageActor();
  const events = await db().event.findMany({ orderBy: { createdAt: "desc" }, include: { _count: { select: { teams: true } } }, take: 100 });
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1>{t("title")}</h1>
          <p className="text-slate-600">{t("tagline")}</p>
        </div>
        {actor.isOrganizer && <Link href="/events/new" className="btn">{t("newEvent")}</Link>}
      </div>
      {events.length === 0 ? (
        <p className="card text-slate-600">{t("noEvents")}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {events.map((e) => (
            <li key={e.id} className="card">
              <Link href={`/events/${e.id}`} className="text-lg font-semibold">{e.name}</Link>
              <p className="text-sm text-slate-600">{tf(`${e.formatPreset}.name`)} · {t("teams", { count: e._count.teams })} · {t(`status.${e.status}`)}</p>
              <p className="text-xs text-slate-500">{format.dateTime(e.createdAt, { dateStyle: "medium", timeZone: e.timeZone })}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
