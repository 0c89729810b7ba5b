import Link from "next/link";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { getTranslations } from "next-intl/server";
import QRCode from "qrcode";
import { pageActor } from "@/lib/auth/session";
import { eventView } from "@/lib/server/read/events";
import { roundView, type RoundView } from "@/lib/server/read/pairings";
import { publicAddress } from "@/lib/server/http/publicAddress";
import { linkOn } from "@/lib/publicAddress";
import { PrintButton } from "@/components/PrintButton";
import { PrintStyles } from "../PrintStyles";
import { eventPageMetadata } from "@/lib/server/read/pageMeta";
import { resultEntryRule } from "@/lib/formats/results";
import { getPreset, type Preset } from "@/lib/formats/presets";

export const generateMetadata = eventPageMetadata("print");

type M = RoundView["matches"][number];
type T = (k: string, p?: Record<string, string | number>) => string;

/** Paper sizes of the slip sheets: CSS @page size and the printable height for 4 slips (10 mm margins). */
const PAPER = {
  a4: { css: "A4 portrait", sheetHeight: "277mm" },
  letter: { css: "letter portrait", sheetHeight: "259mm" },
} as const;
type Paper = keyof typeof PAPER;

const Box = ({ label, testId }: { label: string; testId?: string }) => (
  <span className="inline-flex items-center gap-1" data-testid={testId}>
    <span aria-hidden="true" className="inline-block h-4 w-4 shrink-0 border-2 border-slate-900" /> {label}
  </span>
);
const Line = ({ label, testId, wide }: { label: string; testId: string; wide?: boolean }) => (
  <span className="inline-flex items-end gap-1" data-testid={testId}>
    {label}: <span className={"inline-block h-5 border-b-2 border-slate-900 " + (wide ? "w-20" : "w-10")} />
  </span>
);

/**
 * The format's fields of one team on a slip (issue #14): a team LP box (Tag, UDE: one shared
 * total, RULES §1.2, §3) or team life (2HG, §5.1) for time called; per-duelist boxes where each
 * duelist has their own total (§4.1); games won only for best of three.
 */
function FormatFields({ preset, s, t, tp }: { preset: Preset; s: M["teams"][number]; t: T; tp: T }) {
  const game = preset.game;
  return (
    <div className="space-y-1 text-sm">
      <div>
        <Box label={tp("winner")} />
      </div>
      {preset.life.model === "team" ? (
        <div>
          <Line label={t("teamLp", { game })} testId="slip-team-lp" wide />
        </div>
      ) : (
        s.team.duelists.map((d) => (
          <div key={d.id}>
            <Line label={`${d.designation} ${t("duelistLp", { game })}`} testId="slip-duelist-lp" wide />
          </div>
        ))
      )}
      {preset.bestOf === 3 && (
        <div>
          <Line label={t("gamesWon", { game })} testId="slip-games" />
        </div>
      )}
      <div>
        <Box label={tp("drop")} />
      </div>
    </div>
  );
}

function Slip({
  m,
  eventName,
  round,
  t,
  tp,
  outcomes,
  preset,
  qr,
}: {
  m: M;
  eventName: string;
  round: number;
  t: T;
  tp: T;
  outcomes: { draw: boolean; doubleLoss: boolean };
  preset: Preset;
  qr: { url: string; svg: string } | null;
}) {
  return (
    <article
      className="slip flex h-full flex-col gap-1 border-2 border-slate-900 bg-white p-3"
      data-testid="slip"
      data-match-id={m.id}
      aria-label={tp("slipHeading", { number: round, table: m.table })}
    >
      <header className="flex items-baseline justify-between gap-2 border-b border-slate-400 pb-1">
        <span className="min-w-0 truncate text-sm">{eventName}</span>
        <strong className="shrink-0 text-lg">{tp("slipHeading", { number: round, table: m.table })}</strong>
      </header>
      <div className="flex min-h-0 flex-1 gap-3">
        <div className="grid min-w-0 flex-1 grid-cols-2 gap-3">
          {m.teams.map((s) => (
            <div key={s.slot} className="min-w-0 space-y-1">
              <div className="break-words text-base font-bold">
                <bdi>{s.team.name}</bdi>
              </div>
              {s.team.duelists.map((d) => (
                <div key={d.id} className="text-sm" data-testid="slip-seat">
                  <strong>{d.designation}</strong>: <bdi>{d.name}</bdi>
                </div>
              ))}
              <FormatFields preset={preset} s={s} t={t} tp={tp} />
            </div>
          ))}
        </div>
        {qr && (
          <figure className="flex w-24 shrink-0 flex-col items-center text-center">
            <div
              className="w-24 bg-white [&>svg]:h-auto [&>svg]:w-full"
              role="img"
              aria-label={t("qrAlt", { url: qr.url })}
              data-testid="slip-qr"
              data-url={qr.url}
              dangerouslySetInnerHTML={{ __html: qr.svg }}
            />
            <figcaption className="text-[10px] leading-tight">{t("scan")}</figcaption>
          </figure>
        )}
      </div>
      {(outcomes.draw || outcomes.doubleLoss) && (
        <div className="flex flex-wrap gap-4 text-sm">
          {outcomes.draw && <Box label={tp("draw")} />}
          {outcomes.doubleLoss && <Box label={tp("doubleLoss")} />}
        </div>
      )}
      <div className="mt-auto grid grid-cols-2 gap-3 pt-3 text-xs">
        {m.teams.map((s) => (
          <div key={s.slot} className="min-w-0 border-t border-slate-900 pt-1">
            {tp("signature")}: <bdi>{s.team.name}</bdi>
          </div>
        ))}
      </div>
    </article>
  );
}

/**
 * Match slips (issue #14), one per table (byes have none), four per sheet on A4 or US Letter
 * (`?paper=a4|letter`, CSS @page), dashed cut lines between them. Each slip shows the A/B seats,
 * the format's fields and a QR code of the match's page on the public address
 * (lib/server/http/publicAddress, never localhost; `/events/:id/matches/:matchId`: the judge's
 * result form or the team's report form after sign-in, lib/server/read/slips); with only
 * loopback known there is no QR and the page says why. Staff only.
 */
export default async function SlipsPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ round?: string; paper?: string }>;
}) {
  await connection();
  const { id } = await params;
  const sp = await searchParams;
  const tp = await getTranslations("operations.print");
  const t = await getTranslations("slips.print");
  const { event, role, settings } = await eventView(id, await pageActor());
  if (!role) notFound();
  const round = await roundView(id, { number: Number(sp.round) || undefined, publishedOnly: false });
  if (!round) return <p className="card">{tp("noRound")}</p>;
  const paper: Paper = sp.paper === "letter" ? "letter" : "a4";
  const preset = getPreset(event.formatPreset);
  const slips = round.matches.filter((m) => m.teams.length === 2);
  // No Draw / Double loss boxes in the top cut (single elimination); Draw only if Swiss allows it.
  const outcomes = resultEntryRule(preset, settings, round.kind === "TOP_CUT" ? "single_elimination" : "swiss").outcomes;
  const address = await publicAddress();
  const loopback = address.source === "loopback";
  const qrs = new Map<string, { url: string; svg: string }>();
  for (const m of slips) {
    const url = linkOn(address, `/events/${id}/matches/${m.id}`);
    if (url) qrs.set(m.id, { url, svg: await QRCode.toString(url, { type: "svg", margin: 0, errorCorrectionLevel: "M" }) });
  }
  const sheets: M[][] = [];
  for (let i = 0; i < slips.length; i += 4) sheets.push(slips.slice(i, i + 4));
  const href = (p: Paper) => `/events/${id}/print/slips?round=${round.number}&paper=${p}`;
  return (
    <div className="space-y-3">
      <PrintStyles />
      <style>{`
        @page { size: ${PAPER[paper].css}; margin: 10mm; }
        @media print {
          .sheet { height: ${PAPER[paper].sheetHeight}; display: grid; grid-template-rows: repeat(4, 1fr); gap: 0;
            break-after: page; }
          .sheet:last-child { break-after: auto; }
          .sheet > .slot { padding: 2.5mm 0; min-height: 0; }
          .sheet > .slot:not(:last-child) { border-bottom: 1px dashed #000; }
          .sheet .cut { display: none; }
        }
      `}</style>
      <div className="no-print flex flex-wrap items-center gap-3">
        <PrintButton />
        <nav aria-label={t("paper")} className="flex items-center gap-2 text-sm" data-testid="paper-choice">
          <span>{t("paper")}:</span>
          {(["a4", "letter"] as const).map((p) =>
            // The chosen size is plain text (a link would take the global link colour); the other one links.
            p === paper ? (
              <span
                key={p}
                aria-current="true"
                className="inline-flex min-h-11 items-center rounded-lg border-2 border-slate-900 px-3 font-semibold"
              >
                {t(p)}
              </span>
            ) : (
              <Link key={p} href={href(p)} className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-3">
                {t(p)}
              </Link>
            ),
          )}
        </nav>
        <span className="text-sm text-slate-600">{t("perPage")}</span>
      </div>
      <p
        className={
          "no-print text-sm " + (loopback ? "rounded-lg border border-amber-300 bg-amber-50 p-2 text-amber-950" : "text-slate-600")
        }
        data-testid="public-address-note"
      >
        {loopback ? t("noQr") : t("qrNote", { url: address.url ?? "" })}{" "}
        <Link href="/settings" className="underline">
          {t("changeAddress")}
        </Link>
      </p>
      <h2 className="no-print text-xl">{tp("slipsTitle", { event: event.name, number: round.number })}</h2>
      {sheets.map((group, i) => (
        <div key={i} className="sheet space-y-3" data-testid="sheet" data-paper={paper}>
          {group.map((m, j) => (
            <div key={m.id} className="slot flex flex-col">
              <Slip
                m={m}
                eventName={event.name}
                round={round.number}
                t={t}
                tp={tp}
                outcomes={outcomes}
                preset={preset}
                qr={qrs.get(m.id) ?? null}
              />
              {j < group.length - 1 && <div className="cut mt-3 border-b border-dashed border-slate-500" aria-hidden="true" />}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
