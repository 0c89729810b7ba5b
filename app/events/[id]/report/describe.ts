/** Readable one-line text of a team report, in slot terms (used by the duelist page, queue and board). */
import type { TeamReport } from "@/lib/formats/reports";

type T = (key: string, values?: Record<string, string | number>) => string;

/**
 * e.g. "Red won · Blue went first", "Time: Red 4000 LP, Blue 3500 LP · Red went first".
 * `n` maps each team name placed in the text — pass components/Bdi `bdiText`'s marker so every
 * name is rendered in its own `<bdi>` (an Arabic name next to "4000 LP").
 */
export function describeReport(
  r: TeamReport,
  names: [string, string],
  t: T,
  game: "YGO" | "MTG" = "YGO",
  n: (name: string) => string = (x) => x,
): string {
  names = [n(names[0]), n(names[1])];
  const main =
    r.result === "team1"
      ? t("describe.won", { team: names[0] })
      : r.result === "team2"
        ? t("describe.won", { team: names[1] })
        : r.result === "draw"
          ? t("describe.draw")
          : t("describe.time", { team1: names[0], lp1: r.lp1 ?? 0, team2: names[1], lp2: r.lp2 ?? 0, game });
  const games =
    r.games1 !== undefined || r.games2 !== undefined ? ` (${t("describe.games", { g1: r.games1 ?? 0, g2: r.games2 ?? 0, game })})` : "";
  return `${main}${games} · ${t("describe.first", { team: names[r.firstSlot - 1] })}`;
}
