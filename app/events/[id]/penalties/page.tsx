import { notFound } from "next/navigation";
import { connection } from "next/server";
import { isolate } from "@/lib/i18n/bidi";
import { getLocale, getTranslations } from "next-intl/server";
import { penaltyDesk } from "@/lib/server/read/desk";
import { pageActor } from "@/lib/auth/session";
import { eventView } from "@/lib/server/read/events";
import { openRounds, penaltyLog } from "@/lib/server/read/reporting";
import { getPreset } from "@/lib/formats/presets";
import { penaltyConsequence, penaltyCounts, PENALTY_KINDS } from "@/lib/formats/penalties";
import { LiveRefresh } from "@/components/LiveRefresh";
import { DeskNav } from "@/components/DeskNav";
import { PenaltyForm } from "./PenaltyForm";
import { LocalInfractionForm } from "./LocalInfractionForm";
import { ActionButton } from "@/components/ConfirmButton";
import { removeLocalInfraction } from "@/lib/server/actions/browser/reporting";
import { getInfraction, infractionLabel, isPenaltyKind, pickerInfractions, INFRACTION_DOCUMENTS } from "@/lib/formats/infractions";
import { eventPageMetadata } from "@/lib/server/read/pageMeta";

export const generateMetadata = eventPageMetadata("penalties");

/** Staff: penalty log per duelist with the preset's team consequences; repeated warnings counted. */
export default async function PenaltiesPage({ params }: { params: Promise<{ id: string }> }) {
  await connection();
  const { id } = await params;
  const t = await getTranslations("reporting");
  const { event, role } = await eventView(id, await pageActor());
  if (!role) notFound();
  const preset = getPreset(event.formatPreset);
  const basis = penaltyConsequence(preset, "DISQUALIFICATION");
  const locale = await getLocale();
  const [log, { duelists, locals, lastRound }, rounds] = await Promise.all([penaltyLog(id), penaltyDesk(id), openRounds(id)]);
  // The picker finds a duelist by the team's table in the latest round (a bye has table 0: none).
  const tableOf = new Map<string, number>();
  for (const m of lastRound?.matches ?? []) if (m.table > 0) for (const s of m.teams) tableOf.set(s.teamId, m.table);
  const infractions = pickerInfractions(
    preset.game,
    locals.map((l) => ({ id: l.id, name: l.name, defaultPenalty: isPenaltyKind(l.defaultPenalty) ? l.defaultPenalty : null })),
    locale,
  );
  const doc = INFRACTION_DOCUMENTS[preset.game];
  /** A logged penalty's infraction: a catalogue entry in the page's language (the stored text keeps the English term). */
  const infractionText = (p: { infraction: string; infractionCode: string | null }) => {
    const e = p.infractionCode ? getInfraction(p.infractionCode) : undefined;
    if (!e) return p.infraction;
    const label = infractionLabel(e, locale);
    return p.infraction.startsWith(e.name) ? label + p.infraction.slice(e.name.length) : p.infraction;
  };
  const conflicts = rounds.reduce((n, r) => n + r.tables.filter((x) => x.state === "CONFLICT").length, 0);
  const counts = penaltyCounts(log);
  const byId = new Map(duelists.map((d) => [d.id, d]));
  const fmt = new Intl.DateTimeFormat(locale, {
    timeZone: event.timeZone,
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });
  return (
    <div className="space-y-4">
      <LiveRefresh eventId={id} version={event.version} />
      <DeskNav eventId={id} current="penalties" queueCount={conflicts} organizer={role === "ORGANIZER"} />
      <h2 className="text-xl">{t("penalties.title")}</h2>
      <div className="grid gap-4 lg:grid-cols-2">
        <section className="card space-y-3" aria-labelledby="give-h">
          <h3 id="give-h" className="text-lg font-bold">
            {t("penalties.give")}
          </h3>
          <PenaltyForm
            game={preset.game}
            kinds={[...PENALTY_KINDS]}
            infractions={infractions}
            duelists={duelists.map((d) => {
              const table = tableOf.get(d.teamId) ?? null;
              const where = table !== null ? `${t("penalties.tableShort", { table })} · ` : "";
              return {
                id: d.id,
                team: d.team.name,
                teamNumber: d.team.number,
                name: d.name,
                playerId: d.playerId ?? null,
                table,
                label: `${where}${isolate(d.team.name)} (#${d.team.number}) · ${d.designation}: ${isolate(d.name)}`,
              };
            })}
          />
          <p className="text-xs text-slate-500">
            {t("penalties.catalogueSource", { game: preset.game })}{" "}
            <a className="underline" href={doc.url} target="_blank" rel="noreferrer">
              {doc.title}
            </a>
          </p>
        </section>
        <section className="card space-y-2" aria-labelledby="cons-h">
          <h3 id="cons-h" className="text-lg font-bold">
            {t("penalties.consequences")}
          </h3>
          <ul className="space-y-1 text-sm">
            {PENALTY_KINDS.map((k) => {
              const c = penaltyConsequence(preset, k);
              return (
                <li key={k}>
                  <strong>{t(`penalties.kind.${k}`, { game: preset.game })}:</strong>{" "}
                  {t(`penalties.effect.${c.match !== "none" && !c.carriesOver ? "dq_match" : c.match}`, { game: preset.game })}
                  {c.teamDropped ? ` ${t("penalties.effect.drop")}` : ""}
                </li>
              );
            })}
          </ul>
          <p className="text-xs text-slate-500" data-testid="penalty-rule">
            {t("penalties.rule", { basis: t(`penalties.ruleBasis.${basis.ruleKey}`, { game: preset.game }) })}
          </p>
        </section>
      </div>
      <section className="card space-y-2" aria-labelledby="local-h" data-testid="local-infractions">
        <h3 id="local-h" className="text-lg font-bold">
          {t("penalties.localEntries")}
        </h3>
        <p className="text-sm text-slate-600">{t("penalties.localIntro")}</p>
        {locals.length > 0 && (
          <ul className="space-y-1 text-sm">
            {locals.map((l) => (
              <li key={l.id} className="flex flex-wrap items-center gap-2" data-testid="local-infraction">
                <span className="min-w-0 font-medium [overflow-wrap:anywhere]">
                  <bdi>{l.name}</bdi>
                </span>
                <span className="text-slate-600">
                  {isPenaltyKind(l.defaultPenalty)
                    ? t(`penalties.kind.${l.defaultPenalty}`, { game: preset.game })
                    : t("penalties.noDefaultShort")}
                </span>
                {role === "ORGANIZER" && <ActionButton action={removeLocalInfraction} input={{ id: l.id }} label={t("penalties.remove")} />}
              </li>
            ))}
          </ul>
        )}
        {role === "ORGANIZER" ? (
          <LocalInfractionForm eventId={id} kinds={[...PENALTY_KINDS]} game={preset.game} />
        ) : (
          <p className="text-xs text-slate-500">{t("penalties.localOrganizerOnly")}</p>
        )}
      </section>
      {counts.size > 0 && (
        <section className="card space-y-2" aria-labelledby="counts-h">
          <h3 id="counts-h" className="text-lg font-bold">
            {t("penalties.counts", { game: preset.game })}
          </h3>
          <ul className="space-y-1 text-sm">
            {[...counts].map(([did, c]) => {
              const d = byId.get(did);
              const others = c.GAME_LOSS + c.MATCH_LOSS + c.DISQUALIFICATION;
              return (
                <li key={did} className="flex flex-wrap items-center gap-2" data-testid="penalty-count">
                  <span className="min-w-0 font-medium">
                    {d ? (
                      <>
                        {d.designation}: <bdi>{d.name}</bdi> (<bdi>{d.team.name}</bdi>)
                      </>
                    ) : (
                      did
                    )}
                  </span>
                  <span>{t("penalties.countsLine", { warnings: c.WARNING, others })}</span>
                  {c.WARNING >= 2 && <span className="badge bg-amber-100 text-amber-900">{t("penalties.repeated")}</span>}
                </li>
              );
            })}
          </ul>
        </section>
      )}
      <section className="card space-y-2" aria-labelledby="log-h">
        <h3 id="log-h" className="text-lg font-bold">
          {t("penalties.log")}
        </h3>
        {log.length === 0 ? (
          <p className="text-sm text-slate-600">{t("penalties.empty")}</p>
        ) : (
          <ol className="space-y-2">
            {log.map((p) => (
              <li key={p.id} className="rounded-lg border border-slate-200 p-2 text-sm" data-testid="penalty-row">
                <div className="flex flex-wrap items-baseline gap-x-3">
                  <span className="badge bg-red-100 text-red-800">{t(`penalties.kind.${p.penalty}`, { game: preset.game })}</span>
                  <span className="min-w-0 font-medium">
                    {p.duelist ? (
                      <>
                        {p.duelist.designation}: <bdi>{p.duelist.name}</bdi>
                      </>
                    ) : (
                      "—"
                    )}{" "}
                    (<bdi>{p.team.name}</bdi>)
                  </span>
                  {p.pending ? (
                    <span className="badge bg-amber-100 text-amber-900" data-testid="penalty-pending">
                      {p.team.status === "DROPPED" ? t("penalties.pendingDropped") : t("penalties.pending", { number: p.roundNumber ?? 0 })}
                    </span>
                  ) : (
                    p.roundNumber && <span className="text-slate-600">{t("outstanding.round", { number: p.roundNumber })}</span>
                  )}
                </div>
                <p className="break-words" data-testid="penalty-infraction">
                  {infractionText(p)}
                  {p.notes ? ` — ${p.notes}` : ""}
                </p>
                <p className="text-xs text-slate-500">
                  {fmt.format(p.createdAt)} · {t("penalties.judge")}: <bdi>{p.judge}</bdi>
                </p>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
