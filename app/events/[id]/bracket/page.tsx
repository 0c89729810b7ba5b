import { connection } from "next/server";
import { bdiText } from "@/components/Bdi";
import { getTranslations } from "next-intl/server";
import { bracketRounds } from "@/lib/server/read/desk";
import { pageActor } from "@/lib/auth/session";
import { eventView } from "@/lib/server/read/events";
import type { BeginSnapshot } from "@/lib/server/write/roundState";
import { LiveRefresh } from "@/components/LiveRefresh";
import { eventPageMetadata } from "@/lib/server/read/pageMeta";
import { eventPlacings } from "@/lib/server/read/placings";
import { bracketPlaceholders } from "@/lib/pairing/stages";

export const generateMetadata = eventPageMetadata("bracket");

/** The top-cut bracket: one column per bracket round (stacked on phones), seeds from the frozen Swiss standings. */
export default async function BracketPage({ params }: { params: Promise<{ id: string }> }) {
  await connection();
  const { id } = await params;
  const t = await getTranslations("operations.bracket");
  const { event, role } = await eventView(id, await pageActor());
  const rounds = await bracketRounds(id, Boolean(role));
  // Issue #14: columns named by stage (roundStageName) and the rounds not paired yet as placeholders.
  const placed = await eventPlacings(id);
  const tfl = await getTranslations("floor");
  const stageText = (s: { key: string; params: Record<string, number> }) => tfl(s.key.replace(/^floor\./, ""), s.params);
  const placeholders = bracketPlaceholders(placed.cut, rounds.length, placed.swissRounds);
  const final = rounds.at(-1);
  // A final can be a bye when the other half of the bracket sent no team on (lib/pairing advanceBracket).
  const champion =
    final &&
    final.status === "CLOSED" &&
    final.matches.length === 1 &&
    (final.matches[0].outcome === "WIN" || final.matches[0].outcome === "BYE")
      ? final.matches[0].teams.find((s) => s.slot === final.matches[0].winnerSlot)?.team
      : null;
  return (
    <div className="space-y-3">
      <LiveRefresh eventId={id} version={event.version} />
      <h2 className="text-xl">{t("title")}</h2>
      {champion && (
        <p className="rounded-lg bg-green-50 p-3 text-lg font-semibold text-green-900" data-testid="champion">
          {bdiText((n) => t("champion", { team: n(champion.name) }))}
        </p>
      )}
      {rounds.length === 0 && placeholders.length === 0 ? (
        <p className="card text-slate-600">{t("none")}</p>
      ) : (
        <div className="grid gap-4 md:grid-flow-col md:auto-cols-fr" data-testid="bracket">
          {rounds.map((r, ri) => {
            const snap = r.snapshots[0]?.data as unknown as BeginSnapshot | undefined;
            const seedOf = new Map<string, number>();
            for (const b of snap?.bracket ?? []) {
              seedOf.set(b.team1, b.seed1);
              if (b.team2 && b.seed2) seedOf.set(b.team2, b.seed2);
            }
            return (
              <section key={r.id} aria-labelledby={`br-${r.number}`} className="space-y-2">
                <h3 id={`br-${r.number}`} className="font-semibold">
                  {placed.stages.get(r.number) ? stageText(placed.stages.get(r.number)!) : t("round", { number: ri + 1 })}
                </h3>
                <ol className="flex flex-col justify-around gap-3 md:h-full">
                  {r.matches.map((m) => (
                    <li key={m.id} className="card space-y-1 p-3" data-testid="bracket-match">
                      {m.teams.map((s) => {
                        const won = m.outcome === "BYE" || (m.outcome === "WIN" && m.winnerSlot === s.slot);
                        return (
                          <div
                            key={s.slot}
                            className={`flex items-baseline gap-2 ${won ? "font-bold text-green-800" : m.outcome ? "text-slate-500" : ""}`}
                          >
                            <span className="w-8 shrink-0 text-xs tabular-nums text-slate-500">
                              {t("seed", { seed: seedOf.get(s.teamId) ?? "?" })}
                            </span>
                            <span className="min-w-0">
                              <bdi>{s.team.name}</bdi>
                            </span>
                            {won && m.outcome !== "BYE" && <span className="sr-only">{t("winner")}</span>}
                          </div>
                        );
                      })}
                      {m.teams.length === 1 && <div className="text-xs text-slate-500">{t("bye")}</div>}
                    </li>
                  ))}
                </ol>
              </section>
            );
          })}
          {placeholders.map((p) => (
            <section
              key={`ph-${p.cutRound}`}
              aria-labelledby={`br-ph-${p.cutRound}`}
              className="space-y-2"
              data-testid="bracket-placeholder"
            >
              <h3 id={`br-ph-${p.cutRound}`} className="font-semibold text-slate-600">
                {stageText(p.stage)}
              </h3>
              <p className="text-sm text-slate-600">{tfl("stage.placeholder", { slots: p.slots })}</p>
              <ol className="flex flex-col justify-around gap-3 md:h-full" aria-hidden="true">
                {Array.from({ length: p.slots }, (_, i) => (
                  <li key={i} className="h-16 rounded-lg border-2 border-dashed border-slate-200" />
                ))}
              </ol>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
