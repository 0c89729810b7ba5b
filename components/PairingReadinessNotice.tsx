/**
 * The warning shown above "Pair round N" (issue #13 item 9): missing and illegal decklists and
 * teams not checked in, each with a link to where it is fixed, e.g. "6 illegal decklists,
 * 14 missing decklists and 3 teams not checked in". Warns only, unless the event blocks pairing
 * on decklist problems (then it says so). Server component.
 */
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import type { PairingReadiness } from "@/lib/pairing/readiness";

export async function PairingReadinessNotice({
  eventId,
  number,
  readiness,
}: {
  eventId: string;
  number: number;
  readiness: PairingReadiness & { names: Record<string, string> };
}) {
  if (!readiness.any) return null;
  const t = await getTranslations("desk.readiness");
  const list = new Intl.ListFormat(await getLocale(), { style: "long", type: "conjunction" });
  const parts = [
    readiness.illegalDecklists ? t("illegal", { count: readiness.illegalDecklists }) : null,
    readiness.missingDecklists ? t("missing", { count: readiness.missingDecklists }) : null,
    readiness.notCheckedIn ? t("notCheckedIn", { count: readiness.notCheckedIn }) : null,
  ].filter((x): x is string => x !== null);
  const names = (ids: string[]) =>
    ids
      .slice(0, 8)
      .map((id) => readiness.names[id] ?? "?")
      .join(", ") + (ids.length > 8 ? "…" : "");
  const tone = readiness.blocks ? "border-red-300 bg-red-50 text-red-900" : "border-amber-300 bg-amber-50 text-amber-950";
  return (
    <div role="status" className={`space-y-1 rounded-lg border p-3 text-sm ${tone}`} data-testid="pairing-readiness">
      <p className="font-semibold">
        {t("title", { number })}: <span data-testid="pairing-readiness-summary">{list.format(parts)}</span>
      </p>
      <ul className="flex flex-wrap gap-x-4 gap-y-1">
        {readiness.illegalDecklists > 0 && (
          <li>
            <Link className="underline" href={`/events/${eventId}/decklists?status=illegal#all-h`}>
              {t("illegalLink")}
            </Link>{" "}
            <span className="text-xs [overflow-wrap:anywhere]">({names(readiness.teams.illegal)})</span>
          </li>
        )}
        {readiness.missingDecklists > 0 && (
          <li>
            <Link className="underline" href={`/events/${eventId}/decklists?status=missing#all-h`}>
              {t("missingLink")}
            </Link>{" "}
            <span className="text-xs [overflow-wrap:anywhere]">({names(readiness.teams.missing)})</span>
          </li>
        )}
        {readiness.notCheckedIn > 0 && (
          <li>
            <Link className="underline" href={`/events/${eventId}/operations#checkin-h`}>
              {t("checkInLink")}
            </Link>{" "}
            <span className="text-xs [overflow-wrap:anywhere]">({names(readiness.teams.notCheckedIn)})</span>
          </li>
        )}
      </ul>
      {readiness.notCheckedIn > 0 && <p className="text-xs">{t("noShows")}</p>}
      {readiness.illegalDecklists + readiness.missingDecklists > 0 && (
        <p className="text-xs">{readiness.blocks ? t("blocks") : t("warnOnly")}</p>
      )}
    </div>
  );
}
