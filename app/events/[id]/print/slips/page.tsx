import { notFound } from "next/navigation";
import { connection } from "next/server";
import { getTranslations } from "next-intl/server";
import { pageActor } from "@/lib/auth/session";
import { eventView } from "@/lib/server/read/events";
import { roundView, type RoundView } from "@/lib/server/read/pairings";
import { PrintButton } from "@/components/PrintButton";
import { PrintStyles } from "../PrintStyles";
import { eventPageMetadata } from "@/lib/server/read/pageMeta";
import { resultEntryRule } from "@/lib/formats/results";
import { getPreset } from "@/lib/formats/presets";

export const generateMetadata = eventPageMetadata("print");

type M = RoundView["matches"][number];

const Box = ({ label }: { label: string }) => (
  <span className="inline-flex items-center gap-1">
    <span aria-hidden="true" className="inline-block h-4 w-4 border-2 border-slate-900" /> {label}
  </span>
);

function Slip({
  m,
  eventName,
  round,
  t,
  outcomes,
  game,
}: {
  m: M;
  eventName: string;
  round: number;
  t: (k: string, p?: Record<string, string | number>) => string;
  outcomes: { draw: boolean; doubleLoss: boolean };
  game: "YGO" | "MTG";
}) {
  return (
    <article
      className="slip flex flex-col gap-2 border-2 border-slate-900 bg-white p-3"
      data-testid="slip"
      aria-label={t("slipHeading", { number: round, table: m.table })}
    >
      <header className="flex items-baseline justify-between gap-2 border-b border-slate-400 pb-1">
        <span className="text-sm">{eventName}</span>
        <strong className="text-lg">{t("slipHeading", { number: round, table: m.table })}</strong>
      </header>
      <div className="grid grid-cols-2 gap-3">
        {m.teams.map((s) => (
          <div key={s.slot} className="space-y-1">
            <div className="break-words text-base font-bold">{s.team.name}</div>
            {s.team.duelists.map((d) => (
              <div key={d.id} className="text-sm">
                {d.designation}: {d.name}
              </div>
            ))}
            <div className="pt-1 text-sm">
              <Box label={t("winner")} />
            </div>
            <div className="text-sm">
              {t("games", { game })}: <span className="inline-block h-5 w-10 border-b-2 border-slate-900 align-bottom" />
            </div>
            <div className="text-sm">
              <Box label={t("drop")} />
            </div>
          </div>
        ))}
      </div>
      {(outcomes.draw || outcomes.doubleLoss) && (
        <div className="flex flex-wrap gap-4 text-sm">
          {outcomes.draw && <Box label={t("draw")} />}
          {outcomes.doubleLoss && <Box label={t("doubleLoss")} />}
        </div>
      )}
      <div className="mt-auto grid grid-cols-2 gap-3 pt-4 text-xs">
        {m.teams.map((s) => (
          <div key={s.slot} className="border-t border-slate-900 pt-1">
            {t("signature")}: {s.team.name}
          </div>
        ))}
      </div>
    </article>
  );
}

/**
 * Match slips, one per table (byes have none), two per A4 sheet: each half is a complete slip, so
 * one horizontal cut along the dashed line separates them. Staff only.
 */
export default async function SlipsPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ round?: string }>;
}) {
  await connection();
  const { id } = await params;
  const sp = await searchParams;
  const t = await getTranslations("operations.print");
  const { event, role, settings } = await eventView(id, await pageActor());
  if (!role) notFound();
  const round = await roundView(id, { number: Number(sp.round) || undefined, publishedOnly: false });
  if (!round) return <p className="card">{t("noRound")}</p>;
  const slips = round.matches.filter((m) => m.teams.length === 2);
  // No Draw / Double loss boxes in the top cut (single elimination); Draw only if Swiss allows it.
  const outcomes = resultEntryRule(
    getPreset(event.formatPreset),
    settings,
    round.kind === "TOP_CUT" ? "single_elimination" : "swiss",
  ).outcomes;
  const sheets: M[][] = [];
  for (let i = 0; i < slips.length; i += 2) sheets.push(slips.slice(i, i + 2));
  return (
    <div className="space-y-3">
      <PrintStyles />
      <style>{`
        @media print {
          .sheet { height: 276mm; display: grid; grid-template-rows: 1fr 1fr; gap: 0; break-after: page; }
          .sheet:last-child { break-after: auto; }
          .sheet .slip { margin: 4mm 0; }
          .sheet .cut { display: none; }
          .sheet > div:first-child { border-bottom: 1px dashed #000; padding-bottom: 4mm; }
        }
      `}</style>
      <div className="no-print flex flex-wrap items-center gap-3">
        <PrintButton />
        <span className="text-sm text-slate-600">{t("cutHint")}</span>
      </div>
      <h2 className="no-print text-xl">{t("slipsTitle", { event: event.name, number: round.number })}</h2>
      {sheets.map((pair, i) => (
        <div key={i} className="sheet space-y-3" data-testid="sheet">
          {pair.map((m, j) => (
            <div key={m.id} className="flex flex-col">
              <Slip m={m} eventName={event.name} round={round.number} t={t} outcomes={outcomes} game={getPreset(event.formatPreset).game} />
              {j === 0 && <div className="cut mt-3 border-b border-dashed border-slate-500" aria-hidden="true" />}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
