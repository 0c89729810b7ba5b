"use client";
/**
 * A match's extra time (issue #6 part B item 2): "+3 min" and the match's own clock (round clock
 * + its extensions), shown on pairings and results rows that have an extension. A client
 * component, so the live pairings view (components/LivePairings) renders it from the JSON too.
 */
import { useTranslations } from "next-intl";
import type { Activation } from "@/lib/timer";
import { RoundClock } from "./RoundClock";

export function MatchTime({
  table,
  minutes,
  log,
  extensions,
  serverNow,
}: {
  table: number;
  minutes: number;
  log: Activation[];
  extensions: Activation[];
  serverNow: number;
}) {
  const t = useTranslations("live.extend");
  const seconds = extensions.reduce((s, a) => s + (a.seconds ?? 0), 0);
  return (
    <div className="flex w-full items-center gap-2 text-sm sm:w-auto" data-testid="match-time">
      <span className="badge bg-amber-100 text-amber-900" data-testid="match-extension">
        {t("extended", { minutes: Math.round((seconds / 60) * 10) / 10 })}
      </span>
      <RoundClock compact minutes={minutes} log={log} extensions={extensions} serverNow={serverNow} label={t("matchClock", { table })} />
    </div>
  );
}
