import Link from "next/link";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { bdiText } from "@/components/Bdi";
import { isolate } from "@/lib/i18n/bidi";
import { getTranslations } from "next-intl/server";
import { roundNumbers } from "@/lib/server/read/desk";
import { pageActor } from "@/lib/auth/session";
import { eventView } from "@/lib/server/read/events";
import { roundDeckChecks } from "@/lib/server/read/deckchecks";
import { ActionButton } from "@/components/ConfirmButton";
import { removeDeckCheck } from "@/lib/server/actions/browser/deckops";
import { DeckCheckForm } from "./DeckCheckForms";
import { eventPageMetadata } from "@/lib/server/read/pageMeta";

export const generateMetadata = eventPageMetadata("deckChecks");

/**
 * Judges: deck checks of a round — Tandem's random suggestions (stable for the round, teams not
 * checked before first), a form per suggestion and for any team, and every check recorded.
 */
export default async function DeckChecksPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ round?: string }>;
}) {
  await connection();
  const { id } = await params;
  const { round: roundParam } = await searchParams;
  const t = await getTranslations("deckops");
  const files = await getTranslations("deckFiles");
  const { role } = await eventView(id, await pageActor());
  if (!role) notFound();
  const rounds = (await roundNumbers(id)).map((number) => ({ number }));
  const wanted = roundParam && /^\d+$/.test(roundParam) ? Number(roundParam) : rounds.at(-1)?.number;
  const data = wanted ? await roundDeckChecks(id, wanted) : null;
  if (roundParam && !data) notFound();
  const outcomeBadge = (o: "OK" | "PROBLEM") => (
    <span className={`badge ${o === "OK" ? "bg-green-100 text-green-800" : "bg-red-100 text-red-800"}`} data-testid="deckcheck-outcome">
      {t(`outcome${o}`)}
    </span>
  );
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2>{t("title")}</h2>
        <Link href={`/events/${id}/decklists`} className="text-sm">
          {t("backToLists")}
        </Link>
        <a href={`/api/events/${id}/deckchecks`} className="text-sm" download data-testid="event-pdf">
          {files("eventPdf")}
        </a>
      </div>
      {rounds.length > 1 && (
        <nav aria-label={t("rounds")} className="flex flex-wrap gap-2">
          {rounds.map((r) => (
            <Link
              key={r.number}
              href={`/events/${id}/decklists/checks?round=${r.number}`}
              aria-current={r.number === data?.round.number ? "page" : undefined}
              className={
                "badge no-underline " + (r.number === data?.round.number ? "bg-brand-700 text-white" : "bg-slate-100 text-slate-700")
              }
            >
              {t("roundN", { number: r.number })}
            </Link>
          ))}
        </nav>
      )}
      {!data ? (
        <p className="card text-slate-600">{t("noRounds")}</p>
      ) : (
        <>
          <section className="card space-y-3" aria-labelledby="sugg-h">
            <h3 id="sugg-h" className="font-semibold">
              {t("suggestionsTitle", { number: data.round.number })}
            </h3>
            <p className="text-sm text-slate-600">{t("suggestionsHint")}</p>
            {data.suggestions.length === 0 ? (
              <p className="text-sm text-slate-600">{t("noTeams")}</p>
            ) : (
              <ul className="space-y-3">
                {data.suggestions.map((s) => (
                  <li key={s.teamId} className="rounded-lg border border-slate-200 p-3" data-testid="deckcheck-suggestion">
                    <div className="flex flex-wrap items-center gap-2">
                      <strong className="min-w-0" data-testid="suggested-team">
                        <bdi>{s.teamName}</bdi>
                      </strong>
                      {s.tableNumber !== null && <span className="text-sm text-slate-600">{t("table", { table: s.tableNumber })}</span>}
                      {s.checkedBefore && <span className="badge bg-amber-100 text-amber-900">{t("checkedBefore")}</span>}
                      {s.checked && <span className="badge bg-green-100 text-green-800">{t("done")}</span>}
                      <Link href={`/events/${id}/decklists/${s.teamId}`} className="text-sm">
                        {t("viewLists")}
                      </Link>
                    </div>
                    {!s.checked && (
                      <details className="mt-2">
                        <summary className="cursor-pointer text-sm font-semibold text-brand-700">
                          {bdiText((n) => t("recordFor", { team: n(s.teamName) }))}
                        </summary>
                        <div className="mt-2">
                          <DeckCheckForm roundId={data.round.id} teamId={s.teamId} idPrefix={`s-${s.teamId}`} />
                        </div>
                      </details>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className="card space-y-3" aria-labelledby="any-h">
            <h3 id="any-h" className="font-semibold">
              {t("anyTeam")}
            </h3>
            <DeckCheckForm roundId={data.round.id} teams={data.playing} idPrefix="any" />
          </section>
          <section className="card space-y-2" aria-labelledby="rec-h">
            <h3 id="rec-h" className="font-semibold">
              {t("recordedTitle")}
            </h3>
            {data.all.length === 0 ? (
              <p className="text-sm text-slate-600">{t("noneYet")}</p>
            ) : (
              <ul className="divide-y divide-slate-200">
                {data.all.map((c) => (
                  <li key={c.id} className="flex flex-wrap items-start gap-x-3 gap-y-1 py-2" data-testid="deckcheck-row">
                    <span className="text-sm text-slate-600">{t("roundN", { number: c.roundNumber })}</span>
                    <Link href={`/events/${id}/decklists/${c.teamId}`} className="min-w-0 font-semibold">
                      <bdi>{c.teamName}</bdi>
                    </Link>
                    {outcomeBadge(c.outcome)}
                    {c.roundNumber === data.round.number && (
                      <span className="ml-auto">
                        <ActionButton
                          action={removeDeckCheck}
                          input={{ roundId: data.round.id, teamId: c.teamId }}
                          label={t("remove")}
                          confirm={t("removeConfirm", { team: isolate(c.teamName) })}
                        />
                      </span>
                    )}
                    {(c.notes || c.judgeName) && (
                      <p className="w-full min-w-0 break-words text-sm">
                        {c.notes}
                        {c.judgeName && (
                          <span className="block text-xs text-slate-500">{bdiText((n) => t("by", { name: n(c.judgeName) }))}</span>
                        )}
                      </p>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}
