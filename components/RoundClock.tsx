"use client";
/**
 * Counts the round clock (or one match's clock) down from the server's activation log (lib/timer).
 * Server time = this device's clock + an offset: measured on every LiveRefresh poll
 * (components/serverTime, from the version endpoint's `now`), and until then taken from the
 * server time at render (`serverNow`; a cached page may be older, so the poll wins). A phone with a
 * wrong clock therefore shows the same remaining time as everyone else.
 * `extensions`: this match's own ADD rows (per-match time extensions), added to the round's time.
 */
import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { formatClock, matchClockAt, type Activation } from "@/lib/timer";
import { useServerOffset } from "./serverTime";

const BIG_SIZE = "text-[22vw] leading-none sm:text-[14rem]";
/** Digit size of a tile clock: 30% of its tile's width (the tile is an `@container`), "MM:SS" on one line. */
const TILE_SIZE = "whitespace-nowrap text-[30cqw] leading-none";

export function RoundClock({
  minutes,
  log,
  serverNow,
  big,
  extensions,
  compact,
  label,
  tile,
}: {
  minutes: number;
  log: Activation[];
  serverNow: number;
  big?: boolean;
  extensions?: Activation[];
  compact?: boolean;
  label?: string;
  /** One tile of a grid of clocks (the flights' venue screen; the tile must be an `@container`): sized to the tile. */
  tile?: boolean;
}) {
  const t = useTranslations("clock");
  const measured = useServerOffset();
  const [renderOffset] = useState(() => serverNow - Date.now());
  const offset = measured ?? renderOffset;
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const tick = () => setNow(Date.now() + offset);
    tick();
    const id = setInterval(tick, 250);
    return () => clearInterval(id);
  }, [offset]);
  const c = matchClockAt(minutes, log, extensions ?? [], now);
  const color = c.status === "EXPIRED" ? "text-red-700" : c.status === "PAUSED" ? "text-amber-700" : "text-slate-900";
  if (compact) {
    return (
      <span
        role="timer"
        aria-live="off"
        aria-label={label}
        className={`font-mono font-semibold tabular-nums ${color}`}
        data-testid="match-clock"
      >
        {formatClock(c.remainingMs)}
      </span>
    );
  }
  return (
    <div className="text-center" role="timer" aria-live="off" aria-label={label} data-testid="round-clock" data-offset={offset}>
      <div
        className={`font-mono font-bold tabular-nums ${big ? BIG_SIZE : tile ? TILE_SIZE : "text-5xl"} ${color}`}
        data-testid="clock-value"
      >
        {formatClock(c.remainingMs)}
      </div>
      <div className="text-sm font-semibold uppercase tracking-wide text-slate-500" data-testid="clock-status">
        {t(c.status)}
      </div>
    </div>
  );
}
