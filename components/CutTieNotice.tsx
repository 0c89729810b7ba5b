/**
 * Shown to the TO before the top cut starts: teams exactly tied on every tiebreaker across the
 * cut line (lib/server/read/standings cutTieView), and that a seeded random draw, recorded in the audit
 * log, will order them when the cut is paired (lib/pairing drawCut). Renders nothing without a tie.
 */
import { getTranslations } from "next-intl/server";
import { cutTieNotice } from "@/lib/server/read/standings";

export async function CutTieNotice({ eventId }: { eventId: string }) {
  const tie = await cutTieNotice(eventId);
  if (!tie) return null;
  const t = await getTranslations("cutTie");
  return (
    <div role="note" className="space-y-1 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="cut-tie">
      <p className="font-semibold">{t("title", { size: tie.size })}</p>
      <p>{t("body", { count: tie.teams.length, places: tie.places, first: tie.firstPlace, last: tie.firstPlace + tie.places - 1 })}</p>
      <ul className="list-disc pl-5">
        {tie.teams.map((name, i) => (
          <li key={i} className="[overflow-wrap:anywhere]">
            <bdi>{name}</bdi>
          </li>
        ))}
      </ul>
      <p>{t("draw")}</p>
    </div>
  );
}
