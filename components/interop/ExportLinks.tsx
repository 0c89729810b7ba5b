/**
 * Staff download links of an event (issue #17): full results, the latest round's pairings, the
 * EventLink invite list (Magic 2HG only) and, for the organizer, the KTS `.Tournament` file. Served
 * by app/api/events/[id]/export/[file] (staff-only: the files carry Player IDs).
 */
import { getTranslations } from "next-intl/server";

export async function ExportLinks({
  eventId,
  organizer,
  twoHeadedGiant,
}: {
  eventId: string;
  organizer: boolean;
  twoHeadedGiant: boolean;
}) {
  const t = await getTranslations("interop.exports");
  const href = (file: string) => `/api/events/${eventId}/export/${file}`;
  return (
    <section className="card space-y-2" aria-labelledby="exports-h">
      <h2 id="exports-h">{t("title")}</h2>
      <p className="text-sm text-slate-600">{t("intro")}</p>
      <ul className="space-y-1 text-sm">
        <li>
          <a href={href("results.csv")} download>
            {t("results")}
          </a>
        </li>
        <li>
          <a href={href("pairings.csv")} download>
            {t("pairings")}
          </a>
        </li>
        {twoHeadedGiant && (
          <li>
            <a href={href("invite-list.csv")} download>
              {t("inviteList")}
            </a>
          </li>
        )}
        {organizer && (
          <li>
            <a href={href("event.Tournament")} download>
              {t("kts")}
            </a>
          </li>
        )}
      </ul>
    </section>
  );
}
