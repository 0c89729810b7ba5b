"use client";
/**
 * The public round view (issue #15): heading (stage name or "Round N" + the closed badge), round
 * clock, the signed-in duelist's "your table" banner, "find my table" and the pairing rows with
 * their results and extra time — rendered from the compact model of PairingsData
 * (lib/server/read/liveData.ts; components/pairingsLoad roundModel: a 375-table round stays a small
 * page). The server page renders it with the model of the data it read, so first paint and live
 * updates are the same markup; afterwards it refetches `/api/events/:id/data/pairings`
 * (components/useLiveJson) on `pairings:*` and `results:*` changes instead of re-rendering the
 * page through Next.js.
 * - `pinned` (the page was opened with `?round=K`): it stays on round K;
 * - otherwise a `pairings:N` change for a round newer than the one shown fetches `?round=N` and
 *   switches to it (an unpublished round reads as none, then the current round is fetched instead);
 *   other changes fetch the current round.
 * `find` is the server-rendered "find my table" of the first round shown (player IDs are matched on
 * the server, never sent to the browser); `findForm` is its empty form, shown once the view moved
 * to another round (its results would name the old round's tables).
 */
import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import type { Activation, TimerAction } from "@/lib/timer";
import type { ActivationData } from "@/lib/server/read/liveData";
import { resultLabel } from "./PairingList";
import { PairingRows, type PairingRow } from "./PairingRows";
import { RoundClock } from "./RoundClock";
import { MatchTime } from "./MatchTime";
import { useLiveJson } from "./useLiveJson";
import { nextPairings, roundModel, type RoundModel } from "./pairingsLoad";

/** The topics the round view follows (lib/server/live/topics.ts). */
export const PAIRINGS_TOPICS = ["pairings:*", "results:*"] as const;

const activations = (log: readonly ActivationData[]): Activation[] =>
  log.map((a) => ({ action: a.action as TimerAction, at: a.at, ...(a.seconds !== null ? { seconds: a.seconds } : {}) }));

export function LivePairings({
  eventId,
  initial,
  serverNow,
  pinned,
  me,
  game,
  find,
  findForm,
}: {
  eventId: string;
  /** The first round shown (roundModel of the page's PairingsData read, for the viewer). */
  initial: RoundModel;
  /** Server time (epoch ms) of the read. */
  serverNow: number;
  /** The round of `?round=K`, or null to follow the current round. */
  pinned: number | null;
  /** The signed-in duelist's team and designation, or null. */
  me: { teamId: string; designation: string } | null;
  game: "YGO" | "MTG";
  find: ReactNode;
  findForm: ReactNode;
}) {
  const t = useTranslations("pairings");
  const tfl = useTranslations("floor");
  const base = `/api/events/${encodeURIComponent(eventId)}/data/pairings`;
  const { data, serverNow: now } = useLiveJson({
    eventId,
    initial,
    serverNow,
    topics: PAIRINGS_TOPICS,
    load: async (get, changed, shown) => roundModel(await nextPairings(get, base, pinned, changed, shown), me?.teamId ?? null),
  });
  const round = data.round;
  if (!round) return <p className="card text-slate-600">{t("none")}</p>;
  const log = activations(round.log);
  const myRow = data.rows.find((r) => r[9] === 1);
  const extras: Record<number, ReactNode> = {};
  const rows = data.rows.map(([table, n1, d1, n2, d2, outcome, winnerSlot, games1, games2, mine, ext], i): PairingRow => {
    if (round.status === "PUBLISHED" && ext && !outcome) {
      extras[i] = <MatchTime table={table} minutes={round.minutes} log={log} extensions={activations(ext)} serverNow={now} />;
    }
    const teams = [{ slot: 1, team: { name: n1 } }, ...(n2 !== null ? [{ slot: 2, team: { name: n2 } }] : [])];
    // A bye row already says "Bye (a win)" (PairingRows' byeLong): no second "Bye" result badge.
    return [table, n1, d1, n2, d2, n2 !== null ? resultLabel({ outcome, winnerSlot, games1, games2, teams }, t) : null, mine];
  });
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl">
          {/* Issue #14: a top-cut round is named by its stage ("Top 8 — Quarterfinals"), not "Round 5". */}
          {round.stage ? tfl(round.stage.key.replace(/^floor\./, ""), round.stage.params) : t("round", { number: round.number })}
          {round.status === "CLOSED" && <span className="badge ml-2 bg-slate-200 text-slate-700">{t("closed")}</span>}
        </h2>
        {round.status === "PUBLISHED" && <RoundClock minutes={round.minutes} log={log} serverNow={now} />}
      </div>
      {myRow && me && (
        <p className="rounded-lg bg-brand-50 p-3 text-brand-800" data-testid="my-table">
          {myRow[0] <= 0 ? t("yourBye") : t("yourTable", { table: myRow[0], designation: me.designation, game })}
        </p>
      )}
      {round.number === initial.round?.number ? find : findForm}
      <PairingRows
        rows={rows}
        listLabel={t("listLabel", { number: round.number })}
        labels={{ table: t("table"), versus: t("versus"), byeLong: t("byeLong") }}
        extras={Object.keys(extras).length ? extras : undefined}
      />
    </>
  );
}
