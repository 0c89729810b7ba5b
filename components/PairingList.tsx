/** Pairings of one round: a row per table (stacked on phones), byes last; the viewer's team highlighted. */
import { getTranslations } from "next-intl/server";
import type { RoundView } from "@/lib/server/pairings";

type M = RoundView["matches"][number];

export function resultLabel(m: M, t: (k: string, p?: Record<string, string | number>) => string): string | null {
  if (!m.outcome) return null;
  if (m.outcome === "BYE") return t("bye");
  if (m.outcome === "DRAW") return t("draw");
  if (m.outcome === "DOUBLE_LOSS") return t("doubleLoss");
  const winner = m.teams.find((x) => x.slot === m.winnerSlot);
  return t("won", { team: winner?.team.name ?? "?" });
}

function TeamCell({ slot, right }: { slot: M["teams"][number]; right?: boolean }) {
  return (
    <div className={`min-w-0 ${right ? "sm:text-right" : ""}`}>
      <div className="break-words font-semibold" data-testid={`slot-${slot.slot}`}>{slot.team.name}</div>
      <div className="text-xs text-slate-600">{slot.team.duelists.map((d) => `${d.designation}: ${d.name}`).join(" · ")}</div>
    </div>
  );
}

/** `rowExtra`: optional content appended to a row (e.g. a match's extra time, issue #6). */
export async function PairingList({ round, myTeamId, rowExtra }: { round: RoundView; myTeamId?: string | null; rowExtra?: (m: M) => React.ReactNode }) {
  const t = await getTranslations("pairings");
  return (
    <ol className="space-y-2" aria-label={t("listLabel", { number: round.number })}>
      {round.matches.map((m) => {
        const mine = myTeamId && m.teams.some((x) => x.teamId === myTeamId);
        const res = resultLabel(m, t);
        return (
          <li key={m.id} data-testid="pairing-row" className={`card flex flex-wrap items-center gap-x-4 gap-y-2 p-3 ${mine ? "ring-2 ring-brand-600" : ""}`}>
            <div className="w-16 shrink-0 text-center">
              <div className="text-xs uppercase text-slate-500">{t("table")}</div>
              <div className="text-2xl font-bold tabular-nums" data-testid="table-number">{m.table === 0 ? "—" : m.table}</div>
            </div>
            <div className="grid min-w-0 flex-1 grid-cols-1 gap-2 sm:grid-cols-[1fr_auto_1fr] sm:items-center">
              <TeamCell slot={m.teams[0]} />
              {m.teams.length === 2
                ? <div className="text-xs font-semibold uppercase text-slate-500">{t("versus")}</div>
                : <div className="text-sm text-slate-600">{t("byeLong")}</div>}
              {m.teams[1] && <TeamCell slot={m.teams[1]} right />}
            </div>
            {res && <div className="w-full text-sm font-medium text-green-800 sm:w-auto" data-testid="result">{res}</div>}
            {rowExtra?.(m)}
          </li>
        );
      })}
    </ol>
  );
}
