"use client";
/**
 * Offline mode (issue #15), mounted once by the root layout:
 * - in a secure context (HTTPS or localhost: `window.isSecureContext`) it registers the service
 *   worker (public/sw.js) and tells it who is signed in (`viewer`: the account id, "" signed out),
 *   so cached pages never outlive their account;
 * - over plain HTTP it says once per browser, unobtrusively, that offline mode is unavailable (the
 *   app keeps working online);
 * - a page the worker served from its cache carries <meta name="tandem-offline-at"> (epoch ms):
 *   then it shows "Offline — last updated <time>" (also when an open page loses the connection:
 *   the time it was loaded); back online, the note goes and the page refreshes.
 */
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { useLocale, useTranslations } from "next-intl";

const NOTICE_SHOWN = "tandem.offlineUnavailableShown";

/** Deletes this browser's cached pages (sign-out); the worker also drops them when the viewer changes. */
export async function forgetOfflinePages(): Promise<void> {
  try {
    navigator.serviceWorker?.controller?.postMessage({ type: "signed-out" });
    if (typeof caches !== "undefined") for (const k of await caches.keys()) if (k.startsWith("tandem-pages")) await caches.delete(k);
  } catch {
    // no cache storage (plain HTTP): nothing was stored
  }
}

export function OfflineSupport({ viewer }: { viewer: string }) {
  const t = useTranslations("offline");
  const locale = useLocale();
  const [insecure, setInsecure] = useState(false);
  const [offlineAt, setOfflineAt] = useState<number | null>(null);
  const router = useRouter();

  // Losing the connection on an open page shows when it was loaded; getting it back shows fresh data.
  useEffect(() => {
    const loadedAt = Date.now();
    const cachedAt = Number(document.querySelector('meta[name="tandem-offline-at"]')?.getAttribute("content")) || 0;
    const offline = () => setOfflineAt(cachedAt || loadedAt);
    const online = () => {
      setOfflineAt(null);
      router.refresh();
    };
    window.addEventListener("offline", offline);
    window.addEventListener("online", online);
    return () => {
      window.removeEventListener("offline", offline);
      window.removeEventListener("online", online);
    };
  }, [router]);

  useEffect(() => {
    const meta = document.querySelector('meta[name="tandem-offline-at"]');
    const at = Number(meta?.getAttribute("content"));
    // eslint-disable-next-line react-hooks/set-state-in-effect -- read once from the served document
    if (at > 0) setOfflineAt(at);
    if (!window.isSecureContext || !("serviceWorker" in navigator)) {
      try {
        if (!localStorage.getItem(NOTICE_SHOWN)) {
          localStorage.setItem(NOTICE_SHOWN, "1");
          setInsecure(true);
        }
      } catch {
        // storage blocked: say nothing rather than on every page
      }
      return;
    }
    const tell = (w: ServiceWorker | null | undefined) => w?.postMessage({ type: "viewer", viewer });
    // After the page has loaded: installing the worker never competes with the page's own requests.
    const register = () =>
      navigator.serviceWorker
        .register("/sw.js", { scope: "/" })
        .then(() => navigator.serviceWorker.ready)
        .then((reg) => tell(reg.active))
        .catch(() => {
          // offline mode stays off; the app works online
        });
    if (document.readyState === "complete") void register();
    else window.addEventListener("load", register, { once: true });
    return () => window.removeEventListener("load", register);
  }, [viewer]);

  if (offlineAt)
    return (
      <p
        role="status"
        className="no-print border-b border-amber-300 bg-amber-50 px-4 py-2 text-center text-sm text-amber-950"
        data-testid="offline-banner"
      >
        {t("lastUpdated", {
          time: new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit", day: "numeric", month: "short" }).format(offlineAt),
        })}
      </p>
    );
  if (insecure)
    return (
      <p
        className="no-print flex items-center justify-center gap-3 border-b border-slate-200 bg-slate-50 px-4 py-2 text-xs text-slate-700"
        data-testid="offline-unavailable"
      >
        <span>{t("unavailable")}</span>
        <button type="button" className="text-brand-700 underline" onClick={() => setInsecure(false)}>
          {t("unavailableDismiss")}
        </button>
      </p>
    );
  return null;
}
