"use client";
/**
 * Counts the round clock down from the server's activation log (lib/timer). The server's time
 * at render (`serverNow`) gives the offset from this device's clock, so a phone with a wrong clock
 * shows the same remaining time as everyone else.
 */
import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { clockAt, formatClock, type Activation } from "@/lib/timer";

export function RoundClock({ minutes, log, serverNow, big }: { minutes: number; log: Activation[]; serverNow: number; big?: boolean }) {
  const t = useTranslations("clock");
  const [offset] = useState(() => serverNow - Date.now());
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now() + offset), 250);
    return () => clearInterval(id);
  }, [offset]);
  const c = clockAt(minutes, log, now);
  const color = c.status === "EXPIRED" ? "text-red-700" : c.status === "PAUSED" ? "text-amber-700" : "text-slate-900";
  return (
    <div className="text-center" role="timer" aria-live="off" data-testid="round-clock">
      <div className={`font-mono font-bold tabular-nums ${big ? "text-[22vw] leading-none sm:text-[14rem]" : "text-5xl"} ${color}`} data-testid="clock-value">
        {formatClock(c.remainingMs)}
      </div>
      <div className="text-sm font-semibold uppercase tracking-wide text-slate-500" data-testid="clock-status">{t(c.status)}</div>
    </div>
  );
}
