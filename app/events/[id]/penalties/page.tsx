import { notFound } from "next/navigation";
import { connection } from "next/server";
import { isolate } from "@/lib/i18n/bidi";
import { getLocale, getTranslations } from "next-intl/server";
import { db } from "@/lib/db";
import { pageActor } from "@/lib/auth/session";
import { eventView } from "@/lib/server/queries";
import { openRounds, penaltyLog } from "@/lib/server/reporting";
import { getPreset } from "@/lib/formats/presets";
import { penaltyConsequence, penaltyCounts, PENALTY_KINDS } from "@/lib/formats/penalties";
import { LiveRefresh } from "@/components/LiveRefresh";
import { DeskNav } from "@/components/DeskNav";
import { PenaltyForm } from "./PenaltyForm";
import { eventPageMetadata } from "@/lib/server/pageMeta";

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
  const [log, duelists, rounds] = await Promise.all([
    penaltyLog(id),
    db().duelist.findMany({ where: { eventId: id }, include: { team: { select: { name: true, number: true } } }, orderBy: [{ team: { number: "asc" } }, { designation: "asc" }] }),
    openRounds(id),
  ]);
  const conflicts = rounds.reduce((n, r) => n + r.tables.filter((x) => x.state === "CONFLICT").length, 0);
  const counts = penaltyCounts(log);
  const byId = new Map(duelists.map((d) => [d.id, d]));
  const fmt = new Intl.DateTimeFormat(await getLocale(), { timeZone: event.timeZone, month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });
  return (
    <div className="space-y-4">
      <LiveRefresh eventId={id} version={event.version} />
      <DeskNav eventId={id} current="penalties" queueCount={conflicts} organizer={role === "ORGANIZER"} />
      <h2 className="text-xl">{t("penalties.title")}</h2>
      <div className="grid gap-4 lg:grid-cols-2">
        <section className="card space-y-3" aria-labelledby="give-h">
          <h3 id="give-h" className="text-lg font-bold">{t("penalties.give")}</h3>
          <PenaltyForm game={preset.game} kinds={[...PENALTY_KINDS]} duelists={duelists.map((d) => ({ id: d.id, label: `${isolate(d.team.name)} (#${d.team.number}) · ${d.designation}: ${isolate(d.name)}` }))} />
        </section>
        <section className="card space-y-2" aria-labelledby="cons-h">
          <h3 id="cons-h" className="text-lg font-bold">{t("penalties.consequences")}</h3>
          <ul className="space-y-1 text-sm">
            {PENALTY_KINDS.map((k) => {
              const c = penaltyConsequence(preset, k);
              return <li key={k}><strong>{t(`penalties.kind.${k}`)}:</strong> {t(`penalties.effect.${c.match !== "none" && !c.carriesOver ? "dq_match" : c.match}`)}{c.teamDropped ? ` ${t("penalties.effect.drop")}` : ""}</li>;
            })}
          </ul>
          <p className="text-xs text-slate-500" data-testid="penalty-rule">{t("penalties.rule", { basis: t(`penalties.ruleBasis.${basis.ruleKey}`), citation: basis.citation })}</p>
        </section>
      </div>
      {counts.size > 0 && (
        <section className="card space-y-2" aria-labelledby="counts-h">
          <h3 id="counts-h" className="text-lg font-bold">{t("penalties.counts", { game: preset.game })}</h3>
          <ul className="space-y-1 text-sm">
            {[...counts].map(([did, c]) => {
              const d = byId.get(did);
              const others = c.GAME_LOSS + c.MATCH_LOSS + c.DISQUALIFICATION;
              return (
                <li key={did} className="flex flex-wrap items-center gap-2" data-testid="penalty-count">
                  <span className="min-w-0 font-medium">{d ? <>{d.designation}: <bdi>{d.name}</bdi> (<bdi>{d.team.name}</bdi>)</> : did}</span>
                  <span>{t("penalties.countsLine", { warnings: c.WARNING, others })}</span>
                  {c.WARNING >= 2 && <span className="badge bg-amber-100 text-amber-900">{t("penalties.repeated")}</span>}
                </li>
              );
            })}
          </ul>
        </section>
      )}
      <section className="card space-y-2" aria-labelledby="log-h">
        <h3 id="log-h" className="text-lg font-bold">{t("penalties.log")}</h3>
        {log.length === 0 ? <p className="text-sm text-slate-600">{t("penalties.empty")}</p> : (
          <ol className="space-y-2">
            {log.map((p) => (
              <li key={p.id} className="rounded-lg border border-slate-200 p-2 text-sm" data-testid="penalty-row">
                <div className="flex flex-wrap items-baseline gap-x-3">
                  <span className="badge bg-red-100 text-red-800">{t(`penalties.kind.${p.penalty}`)}</span>
                  <span className="min-w-0 font-medium">{p.duelist ? <>{p.duelist.designation}: <bdi>{p.duelist.name}</bdi></> : "—"} (<bdi>{p.team.name}</bdi>)</span>
                  {p.pending ? <span className="badge bg-amber-100 text-amber-900" data-testid="penalty-pending">{p.team.status === "DROPPED" ? t("penalties.pendingDropped") : t("penalties.pending", { number: p.roundNumber ?? 0 })}</span>
                    : p.roundNumber && <span className="text-slate-600">{t("outstanding.round", { number: p.roundNumber })}</span>}
                </div>
                <p className="break-words">{p.infraction}{p.notes ? ` — ${p.notes}` : ""}</p>
                <p className="text-xs text-slate-500">{fmt.format(p.createdAt)} · {t("penalties.judge")}: <bdi>{p.judge}</bdi></p>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
