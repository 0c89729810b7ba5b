import Link from "next/link";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { getFormatter, getTranslations } from "next-intl/server";
import { pageActor } from "@/lib/auth/session";
import { eventView } from "@/lib/server/read/events";
import { checkInDesk } from "@/lib/server/read/venue";
import { reverseSelfDrop } from "@/lib/server/actions/browser/checkin";
import { ActionButton } from "@/components/ConfirmButton";
import { LiveRefresh } from "@/components/LiveRefresh";
import { eventPageMetadata } from "@/lib/server/read/pageMeta";
import { WindowForm } from "./WindowForm";
import { wallTimeIn } from "@/lib/dates/zoned";

export const generateMetadata = eventPageMetadata("venue");

/**
 * Staff check-in desk (issue #16): the window, the big-screen link, who is in (each member), the
 * printed per-team codes, and self-drops the organizer can reverse until the next round is paired.
 */
export default async function VenuePage({ params }: { params: Promise<{ id: string }> }) {
  await connection();
  const { id } = await params;
  const { event, role, settings } = await eventView(id, await pageActor());
  if (!role) notFound();
  const t = await getTranslations("venue.desk");
  const format = await getFormatter();
  const teams = await checkInDesk(id);
  const active = teams.filter((x) => x.status === "ACTIVE");
  const dropped = teams.filter((x) => x.selfDroppedAt);
  const when = (d: Date | null) => (d ? format.dateTime(d, { timeStyle: "short", timeZone: event.timeZone }) : "");
  return (
    <div className="space-y-4">
      <LiveRefresh eventId={id} version={event.version} />
      <h2 className="text-xl">{t("title")}</h2>
      <section className="card space-y-2">
        <h3 className="font-bold">{t("window")}</h3>
        <p className="text-sm text-slate-600">
          {/* Closing check-in on the Registrations page (places to the waitlist) ends it for good, whatever the window says. */}
          {event.checkInClosedAt
            ? t("closedAt", { time: when(event.checkInClosedAt) })
            : event.checkInOpen
              ? t("open")
              : t("closed")} · {settings.checkInOneSuffices ? t("oneSuffices") : t("bothNeeded")}
        </p>
        {role === "ORGANIZER" && (
          <WindowForm
            eventId={id}
            opensAt={wallTimeIn(event.checkInOpensAt, event.timeZone)}
            closesAt={wallTimeIn(event.checkInClosesAt, event.timeZone)}
            labels={{
              opensAt: t("opensAt"),
              closesAt: t("closesAt"),
              save: t("save"),
              saved: t("saved"),
              zoneHint: t("eventZone", { zone: event.timeZone }),
            }}
          />
        )}
        <p>
          <Link href={`/events/${id}/checkin/screen`} className="font-semibold" data-testid="screen-link">
            {t("screen")}
          </Link>
        </p>
      </section>
      <section className="card space-y-2">
        <h3 className="font-bold" data-testid="desk-count">
          {t("whoIsIn", { in: active.filter((x) => x.checkedIn).length, total: active.length })}
        </h3>
        <p className="text-sm text-slate-600">{t("codesHint")}</p>
        <ul className="divide-y divide-slate-200">
          {teams.map((x) => (
            <li key={x.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="desk-team">
              <span className="min-w-0 [overflow-wrap:anywhere]">
                <span className="font-semibold">
                  {x.number}. <bdi>{x.name}</bdi>
                </span>{" "}
                {x.status === "DROPPED" ? (
                  <span className="badge bg-slate-200 text-slate-700">{t("dropped")}</span>
                ) : x.checkedIn ? (
                  <span className="badge bg-green-100 text-green-900">{t("in")}</span>
                ) : (
                  <span className="badge bg-amber-100 text-amber-900">{t("notIn")}</span>
                )}
                <span className="block text-sm text-slate-600">
                  {x.duelists.map((d) => (
                    <span key={d.id} className="mr-3">
                      {d.designation}: <bdi>{d.name}</bdi> {d.checkedInAt ? `✓ ${when(d.checkedInAt)}` : "—"}
                    </span>
                  ))}
                </span>
              </span>
              <code className="rounded bg-slate-100 px-2 py-1 text-sm" data-testid="team-code">
                {x.code}
              </code>
            </li>
          ))}
        </ul>
      </section>
      {dropped.length > 0 && (
        <section className="card space-y-2">
          <h3 className="font-bold">{t("selfDrops")}</h3>
          <ul className="space-y-2">
            {dropped.map((x) => (
              <li key={x.id} className="flex flex-wrap items-center justify-between gap-2" data-testid="self-drop">
                <span>
                  <bdi>{x.name}</bdi> · {t("droppedAt", { time: when(x.selfDroppedAt), round: x.droppedAfter ?? 0 })}
                </span>
                {role === "ORGANIZER" && x.reversible && (
                  <ActionButton action={reverseSelfDrop} input={{ teamId: x.id }} label={t("reverse")} confirm={t("reverseConfirm")} />
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
