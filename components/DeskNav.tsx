/** Navigation between the staff pages of the results desk (outstanding board, judge queue, penalties, audit log). */
import Link from "next/link";
import { getTranslations } from "next-intl/server";

export async function DeskNav({
  eventId,
  current,
  queueCount,
  organizer,
}: {
  eventId: string;
  current: "outstanding" | "queue" | "penalties" | "audit";
  queueCount: number;
  organizer: boolean;
}) {
  const t = await getTranslations("reporting.desk");
  const items: [typeof current, string][] = [
    ["outstanding", t("outstanding")],
    ["queue", t("queue", { count: queueCount })],
    ["penalties", t("penalties")],
    ...(organizer ? [["audit", t("audit")] as [typeof current, string]] : []),
  ];
  return (
    <nav aria-label={t("label")} className="flex flex-wrap gap-2">
      {items.map(([k, label]) => (
        <Link
          key={k}
          href={`/events/${eventId}/${k}`}
          aria-current={k === current ? "page" : undefined}
          className={k === current ? "btn" : "btn-secondary"}
        >
          {label}
        </Link>
      ))}
    </nav>
  );
}
