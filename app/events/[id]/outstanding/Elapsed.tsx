"use client";
/** Minutes since `since` (epoch ms), ticking every 15 s; server time at render corrects this device's clock. */
import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";

export function Elapsed({ since, serverNow }: { since: number; serverNow: number }) {
  const t = useTranslations("reporting.outstanding");
  const [offset] = useState(() => serverNow - Date.now());
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const tick = () => setNow(Date.now() + offset);
    const h = setInterval(tick, 15_000);
    return () => clearInterval(h);
  }, [offset]);
  return <span className="tabular-nums">{t("minutes", { minutes: Math.max(0, Math.floor((now - since) / 60_000)) })}</span>;
}
