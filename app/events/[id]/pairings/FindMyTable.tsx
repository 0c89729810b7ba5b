/**
 * "Find my table" (issue #5): a GET form on the pairings page; the server matches the query against
 * duelist and team names (case-insensitive, part of the name) or a player ID (exact), so player IDs
 * are never sent to the browser. Works without JavaScript. `round` null: the empty form (no round
 * pinned, no results), for the live view once it has moved to a newer round than the page's read.
 */
import { getTranslations } from "next-intl/server";
import type { RoundView } from "@/lib/server/read/pairings";

export async function FindMyTable({ round, query, game }: { round: RoundView | null; query: string | undefined; game: "YGO" | "MTG" }) {
  const t = await getTranslations("operations.find");
  const q = (query ?? "").trim();
  const norm = (s: string) => s.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
  const hits =
    round && q.length >= 2
      ? round.matches.flatMap((m) =>
          m.teams.flatMap((s) =>
            s.team.duelists
              .filter(
                (d) =>
                  norm(d.name).includes(norm(q)) ||
                  norm(s.team.name).includes(norm(q)) ||
                  (d.playerId && d.playerId.toLowerCase() === q.toLowerCase()),
              )
              .map((d) => ({
                key: d.id,
                name: d.name,
                designation: d.designation,
                team: s.team.name,
                table: m.teams.length === 1 ? 0 : m.table,
              })),
          ),
        )
      : [];
  return (
    <section className="card space-y-2 no-print">
      <form method="get" className="flex flex-wrap items-end gap-2" role="search">
        {round && <input type="hidden" name="round" value={round.number} />}
        <div className="min-w-0 flex-1">
          <label htmlFor="find" className="label">
            {t("label")}
          </label>
          <input
            id="find"
            name="find"
            defaultValue={q}
            placeholder={t("placeholder", { game })}
            className="input mt-1"
            autoComplete="off"
          />
        </div>
        <button type="submit" className="btn">
          {t("submit")}
        </button>
      </form>
      {round && q.length >= 2 && (
        <div aria-live="polite" data-testid="find-result">
          {hits.length === 0 ? (
            <p className="text-sm text-slate-600">{t("none", { query: q, game })}</p>
          ) : (
            <ul className="space-y-1">
              {hits.slice(0, 20).map((h) => (
                <li key={h.key} className="rounded-lg bg-brand-50 p-2 font-medium text-brand-800">
                  {h.table <= 0 ? t("resultBye", h) : t("result", h)}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
