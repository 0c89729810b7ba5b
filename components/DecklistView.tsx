/**
 * One duelist's decklist: status, section totals, a summary of every violation, and each
 * card-level violation again right under the card it names (team-rule ones marked "Team:").
 */
import { getTranslations } from "next-intl/server";
import type { DecklistDisplay } from "@/lib/server/read/decklistView";
import { withBdi } from "@/components/Bdi";

export async function StatusBadge({ status }: { status: DecklistDisplay["status"] }) {
  const t = await getTranslations("decklists");
  const cls =
    status === "legal" ? "bg-green-100 text-green-800" : status === "illegal" ? "bg-red-100 text-red-800" : "bg-slate-200 text-slate-700";
  return (
    <span className={`badge ${cls}`} data-testid="deck-status">
      {t(`status.${status}`)}
    </span>
  );
}

type StoredViolation = NonNullable<DecklistDisplay["legality"]>["violations"][number];

/**
 * A renderer for stored violations in the viewer's language: violations are stored with an English
 * message; this shows them from their code and numbers (decks.violation.<code>, game-aware words),
 * the stored text as the fallback. `list` = the Forbidden/Limited list name checked against.
 */
export async function violationText(game: "YGO" | "MTG", list: string): Promise<(v: StoredViolation) => string> {
  const terms = await getTranslations("terms");
  const td = await getTranslations("decks");
  return (v) => {
    const key = `violation.${v.code}`;
    if (!td.has(key)) return v.message;
    try {
      return td(key, {
        game,
        name: v.card?.name ?? "",
        count: v.count,
        limit: v.limit ?? "",
        list,
        sections: v.sections.map((s) => terms(`section.${s}`, { game })).join(", "),
      });
    } catch {
      return v.message;
    }
  };
}

/** `locked`: show the Locked badge (explicit lock, or the deadline has passed for this duelist). */
export async function DecklistView({ list, locked }: { list: DecklistDisplay; locked?: boolean }) {
  const t = await getTranslations("decklists");
  const terms = await getTranslations("terms");
  const say = await violationText(list.game ?? "YGO", list.legality?.list ?? "");
  const own = list.legality?.violations ?? [];
  const team = list.legality?.team ?? [];
  const flagged = new Map<string, { team: boolean; message: string }[]>();
  for (const [v, isTeam] of [...own.map((v) => [v, false] as const), ...team.map((v) => [v, true] as const)]) {
    if (v.card) flagged.set(String(v.card.key), [...(flagged.get(String(v.card.key)) ?? []), { team: isTeam, message: say(v) }]);
  }
  // The summary box lists every violation (team-rule ones marked); card ones repeat under their card.
  const general = [...own.map((v) => ({ team: false, message: say(v) })), ...team.map((v) => ({ team: true, message: say(v) }))];
  const isLocked = locked ?? list.locked;
  return (
    <article className="card min-w-0 space-y-3" data-testid={`decklist-${list.designation}`}>
      <header className="flex flex-wrap items-center gap-2">
        <h3 className="min-w-0 break-words font-semibold">
          {withBdi((n) => t("duelist", { designation: list.designation, name: n, game: list.game ?? "YGO" }), list.duelistName)}
        </h3>
        <StatusBadge status={list.status} />
        {isLocked && list.status !== "missing" && (
          <span className="badge bg-slate-200 text-slate-700" data-testid="deck-locked">
            {t("locked")}
          </span>
        )}
      </header>
      {list.status === "missing" ? (
        <p className="text-sm text-slate-600">{t("notSubmitted")}</p>
      ) : (
        <>
          {general.length > 0 && (
            <ul className="space-y-1 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900" data-testid="violations">
              {general.map((v, i) => (
                <li key={i}>
                  {v.team && <strong>{t("teamRule")} </strong>}
                  {v.message}
                </li>
              ))}
            </ul>
          )}
          {list.legality?.list && <p className="text-xs text-slate-500">{t("checkedAgainst", { list: list.legality.list })}</p>}
          {list.sections.map((s) => (
            <section key={s.id}>
              <h4 className="text-sm font-semibold text-slate-700" data-testid={`section-${s.id}`}>
                {terms(`section.${s.id}`, { game: list.game ?? "YGO" })} ({s.total})
              </h4>
              {s.cards.length > 0 && (
                <ul className="mt-1 grid gap-x-4 text-sm sm:grid-cols-2">
                  {s.cards.map((c) => {
                    const vs = flagged.get(c.checkKey);
                    return (
                      <li key={c.key} className={`min-w-0 ${vs ? "sm:col-span-2" : ""}`} data-testid={vs ? "flagged-card" : undefined}>
                        <div className={`flex min-w-0 gap-2 ${vs ? "font-semibold text-red-800" : ""}`}>
                          <span className="w-6 shrink-0 text-right tabular-nums">{c.count}</span>
                          <span className="min-w-0 break-words">
                            <bdi>{c.name}</bdi>
                          </span>
                        </div>
                        {vs && (
                          <ul className="mb-1 ml-8 text-xs text-red-800" data-testid="card-violations">
                            {vs.map((v, i) => (
                              <li key={i}>
                                {v.team && <strong>{t("teamRule")} </strong>}
                                {v.message}
                              </li>
                            ))}
                          </ul>
                        )}
                      </li>
                    );
                  })}
                </ul>
              )}
            </section>
          ))}
        </>
      )}
    </article>
  );
}
