import { redirect } from "next/navigation";
import { connection } from "next/server";
import { getTranslations } from "next-intl/server";
import { pageActor } from "@/lib/auth/session";
import { eventView } from "@/lib/server/read/events";
import { getPreset } from "@/lib/formats/presets";
import { eventPageMetadata } from "@/lib/server/read/pageMeta";
import { AutoCheckIn } from "./AutoCheckIn";

export const generateMetadata = eventPageMetadata("checkin");

/**
 * Where the big screen's QR leads (issue #16): `/events/:id/checkin?c=<code>`. Signed out → the
 * sign-in page, then back here; a signed-in duelist of the event is checked in (AutoCheckIn).
 */
export default async function CheckInPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ c?: string }>;
}) {
  await connection();
  const { id } = await params;
  const { c } = await searchParams;
  const code = typeof c === "string" ? c.slice(0, 40) : "";
  const actor = await pageActor();
  if (!actor.userId) redirect(`/signin?next=${encodeURIComponent(`/events/${id}/checkin?c=${code}`)}`);
  const t = await getTranslations("venue.checkin");
  const { event, me } = await eventView(id, actor);
  return (
    <div className="mx-auto max-w-lg space-y-3">
      <h2 className="text-xl">{t("title")}</h2>
      {!me ? (
        <p className="card text-slate-600">{t("notDuelist", { game: getPreset(event.formatPreset).game })}</p>
      ) : !code ? (
        <p className="card text-slate-600">{t("noCode")}</p>
      ) : (
        <AutoCheckIn
          duelistId={me.id}
          code={code}
          labels={{
            working: t("working"),
            done: t("done", { name: me.name }),
            teamIn: t("teamIn"),
            teamWaiting: t("teamWaiting"),
            retry: t("retry"),
            card: t("toCard"),
            cardHref: `/events/${id}/me`,
          }}
        />
      )}
    </div>
  );
}
