/** One duelist's decklist: status, section totals, violations next to the cards they name. */
import { getTranslations } from "next-intl/server";
import type { DecklistDisplay } from "@/lib/server/decklistView";

export async function StatusBadge({ status }: { status: DecklistDisplay["status"] }) {
  const t = await getTranslations("decklists");
  const cls = status === "legal" ? "bg-green-100 text-green-800" : status === "illegal" ? "bg-red-100 text-red-800" : "bg-slate-200 text-slate-700";
  return <span className={`badge ${cls}`} data-testid="deck-status">{t(`status.${status}`)}</span>;
}

export async function DecklistView({ list }: { list: DecklistDisplay }) {
  const t = await getTranslations("decklists");
  const violations = [...(list.legality?.violations ?? []), ...(list.legality?.team ?? [])];
  const flagged = new Map<string, string[]>();
  for (const v of violations) if (v.card) flagged.set(String(v.card.key), [...(flagged.get(String(v.card.key)) ?? []), v.message]);
  return (
    <article className="card min-w-0 space-y-3" data-testid={`decklist-${list.designation}`}>
      <header className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold">{t("duelist", { designation: list.designation, name: list.duelistName })}</h3>
        <StatusBadge status={list.status} />
        {list.locked && <span className="badge bg-slate-200 text-slate-700">{t("locked")}</span>}
      </header>
      {list.status === "missing" ? <p className="text-sm text-slate-600">{t("notSubmitted")}</p> : (
        <>
          {violations.length > 0 && (
            <ul className="space-y-1 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900" data-testid="violations">
              {violations.map((v, i) => <li key={i}>{v.code.startsWith("TEAM_") && <strong>{t("teamRule")} </strong>}{v.message}</li>)}
            </ul>
          )}
          {list.legality?.list && <p className="text-xs text-slate-500">{t("checkedAgainst", { list: list.legality.list })}</p>}
          {list.sections.map((s) => (
            <section key={s.id}>
              <h4 className="text-sm font-semibold text-slate-700" data-testid={`section-${s.id}`}>{t(`section.${s.id}`)} ({s.total})</h4>
              {s.cards.length > 0 && (
                <ul className="mt-1 grid gap-x-4 text-sm sm:grid-cols-2">
                  {s.cards.map((c) => (
                    <li key={c.key} className={`flex min-w-0 gap-2 ${flagged.has(c.key) ? "font-semibold text-red-800" : ""}`} title={flagged.get(c.key)?.join(" ")}>
                      <span className="w-6 shrink-0 text-right tabular-nums">{c.count}</span>
                      <span className="min-w-0 break-words">{c.name}</span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </>
      )}
    </article>
  );
}
