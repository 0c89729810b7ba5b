/** Pairings of one round: a row per table (stacked on phones), byes last; the viewer's team highlighted. */
import { getTranslations } from "next-intl/server";
import type { RoundView } from "@/lib/server/read/pairings";
import { PairingRows, type PairingRow } from "./PairingRows";
import { isolate } from "@/lib/i18n/bidi";

type M = RoundView["matches"][number];

/** The result line of a match ("Bye", "Draw", "X won"…); `n` maps the winner's name (e.g. bdiText's marker). */
export function resultLabel(
  m: M,
  t: (k: string, p?: Record<string, string | number>) => string,
  n: (name: string) => string = (x) => x,
): string | null {
  if (!m.outcome) return null;
  if (m.outcome === "BYE") return t("bye");
  if (m.outcome === "DRAW") return t("draw");
  if (m.outcome === "DOUBLE_LOSS") return t("doubleLoss");
  const winner = m.teams.find((x) => x.slot === m.winnerSlot);
  // Best of three (UDE, 1v1): the game score, winner first ("X won 2–1"); a best-of-one win is just "X won".
  const [gw, gl] = m.winnerSlot === 2 ? [m.games2, m.games1] : [m.games1, m.games2];
  if (gw >= 2) return t("wonScore", { team: n(winner?.team.name ?? "?"), won: gw, lost: gl });
  return t("won", { team: n(winner?.team.name ?? "?") });
}

// Each name is direction-isolated (FSI … PDI, lib/i18n/bidi) so an Arabic name cannot pull the "·" or
// the other duelist's designation into its run; the row tuple stays one string.
const duelistLine = (slot: M["teams"][number]) => slot.team.duelists.map((d) => `${d.designation}: ${isolate(d.name)}`).join(" · ");

/**
 * `rowExtra`: optional content appended to a row (e.g. a match's extra time, issue #6).
 * The rows are sent as compact tuples to components/PairingRows (one name once in the RSC payload,
 * no per-row class strings), so a 375-table round stays a small page (issue #6 load target).
 */
export async function PairingList({
  round,
  myTeamId,
  rowExtra,
}: {
  round: RoundView;
  myTeamId?: string | null;
  rowExtra?: (m: M) => React.ReactNode;
}) {
  const t = await getTranslations("pairings");
  const extras: Record<number, React.ReactNode> = {};
  const rows = round.matches.map((m, i): PairingRow => {
    const extra = rowExtra?.(m);
    if (extra) extras[i] = extra;
    const [a, b] = m.teams;
    // A bye row already says "Bye (a win)" (PairingRows' byeLong): no second "Bye" result badge.
    return [
      m.table,
      a.team.name,
      duelistLine(a),
      b ? b.team.name : null,
      b ? duelistLine(b) : null,
      b ? resultLabel(m, t) : null,
      myTeamId && m.teams.some((x) => x.teamId === myTeamId) ? 1 : 0,
    ];
  });
  return (
    <PairingRows
      rows={rows}
      listLabel={t("listLabel", { number: round.number })}
      labels={{ table: t("table"), versus: t("versus"), byeLong: t("byeLong") }}
      extras={Object.keys(extras).length ? extras : undefined}
    />
  );
}
