import { connection } from "next/server";
import { getTranslations } from "next-intl/server";
import { roundStage } from "@/lib/server/read/placings";
import { pageActor } from "@/lib/auth/session";
import { eventView } from "@/lib/server/read/events";
import { roundView } from "@/lib/server/read/pairings";
import { getPreset } from "@/lib/formats/presets";
import { PairingList } from "@/components/PairingList";
import { RoundClock } from "@/components/RoundClock";
import { LiveRefresh } from "@/components/LiveRefresh";
import { FindMyTable } from "./FindMyTable";
import { MatchTime } from "@/components/MatchTime";
import { matchExtensions } from "@/lib/server/read/wizard";
import { eventPageMetadata } from "@/lib/server/read/pageMeta";

export const generateMetadata = eventPageMetadata("pairings");

export default async function PairingsPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ round?: string; find?: string }>;
}) {
  await connection();
  const { id } = await params;
  const sp = await searchParams;
  const t = await getTranslations("pairings");
  const { event, me } = await eventView(id, await pageActor());
  const round = await roundView(id, { number: sp.round ? Number(sp.round) || undefined : undefined, publishedOnly: true });
  const ext = round && round.status === "PUBLISHED" ? await matchExtensions(round.id) : {};
  // Issue #14: a top-cut round is named by its stage ("Top 8 — Quarterfinals"), not "Round 5".
  const stage = round ? await roundStage(id, round.number) : null;
  const tfl = await getTranslations("floor");
  const myMatch = me && round?.matches.find((m) => m.teams.some((s) => s.teamId === me.teamId));
  return (
    <div className="space-y-4">
      <LiveRefresh eventId={id} version={event.version} topics={["pairings:*", "results:*"]} />
      {!round ? (
        <p className="card text-slate-600">{t("none")}</p>
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 className="text-xl">
              {stage ? tfl(stage.key.replace(/^floor\./, ""), stage.params) : t("round", { number: round.number })}
              {round.status === "CLOSED" && <span className="badge ml-2 bg-slate-200 text-slate-700">{t("closed")}</span>}
            </h2>
            {round.status === "PUBLISHED" && <RoundClock minutes={round.minutes} log={round.log} serverNow={Date.now()} />}
          </div>
          {myMatch && (
            <p className="rounded-lg bg-brand-50 p-3 text-brand-800" data-testid="my-table">
              {myMatch.table <= 0
                ? t("yourBye")
                : t("yourTable", { table: myMatch.table, designation: me!.designation, game: getPreset(event.formatPreset).game })}
            </p>
          )}
          <FindMyTable round={round} query={sp.find} game={getPreset(event.formatPreset).game} />
          <PairingList
            round={round}
            myTeamId={me?.teamId}
            rowExtra={(m) =>
              ext[m.id] && !m.outcome ? (
                <MatchTime table={m.table} minutes={round.minutes} log={round.log} extensions={ext[m.id]} serverNow={Date.now()} />
              ) : null
            }
          />
        </>
      )}
    </div>
  );
}
