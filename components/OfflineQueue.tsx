"use client";
/**
 * The phone's queue on the report page (issue #15): reports and confirms made without a
 * connection (lib/offline/queue.ts in localStorage), each shown as "waiting for Wi-Fi", then sent /
 * refused with the server's message. The queue is sent when this page loads, when the browser
 * comes back online and when the tab becomes visible again; a settled send refreshes the page (or
 * calls `onSent`: the report page refetches its card, components/useLiveCard).
 * `queueOffline` is what the report and confirm forms call when they cannot reach the server.
 */
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import type { SeenState } from "@/lib/offline/change";
import {
  dismiss,
  enqueue,
  flush,
  parseQueue,
  QUEUE_STORAGE_KEY,
  type QueuedItem,
  type QueuedKind,
  type QueueStore,
  type SendOutcome,
} from "@/lib/offline/queue";
import { sendQueuedConfirm, sendQueuedReport } from "@/lib/server/actions/browser/offline";
import { failureText } from "./actionErrorText";

const CHANGED = "tandem-offline-queue";

const store: QueueStore = {
  read: () => {
    try {
      return parseQueue(localStorage.getItem(QUEUE_STORAGE_KEY));
    } catch {
      return [];
    }
  },
  write: (items) => {
    localStorage.setItem(QUEUE_STORAGE_KEY, JSON.stringify(items));
    window.dispatchEvent(new Event(CHANGED));
  },
};

/** Where a queued item belongs: the account, event, match and what the phone saw. */
export interface QueueContext {
  userId: string;
  eventId: string;
  matchId: string;
  seen: SeenState;
}

/** Queues a report or confirm made without a connection (key from crypto.getRandomValues). */
export function queueOffline(kind: QueuedKind, ctx: QueueContext, input: Record<string, unknown>): QueuedItem {
  return enqueue(store, { kind, ...ctx, input }, { getRandomValues: (b) => crypto.getRandomValues(b), now: Date.now() });
}

/** True when a send should go to the queue rather than the network (the browser knows it is offline). */
export function isOffline(): boolean {
  return typeof navigator !== "undefined" && navigator.onLine === false;
}

export function OfflineQueue({ eventId, userId, onSent }: { eventId: string; userId: string; onSent?: () => void }) {
  const t = useTranslations("offline.queue");
  const tc = useTranslations("common");
  const router = useRouter();
  const [items, setItems] = useState<QueuedItem[]>([]);
  const sent = useRef(onSent);
  useEffect(() => {
    sent.current = onSent;
  });

  const send = useCallback(
    async (item: QueuedItem): Promise<SendOutcome> => {
      const input = { ...item.input, key: item.key, eventId: item.eventId, matchId: item.matchId, seen: item.seen };
      const res =
        item.kind === "report"
          ? await sendQueuedReport(input as Parameters<typeof sendQueuedReport>[0])
          : await sendQueuedConfirm(input as Parameters<typeof sendQueuedConfirm>[0]);
      return res.ok ? { ok: true, status: res.data.status } : { ok: false, message: failureText(tc, res.error).message };
    },
    [tc],
  );

  useEffect(() => {
    const read = () => setItems(store.read().filter((i) => i.userId === userId && i.eventId === eventId));
    let busy = false;
    const go = async () => {
      if (busy || isOffline()) return;
      busy = true;
      try {
        if ((await flush(store, send, { userId, now: Date.now })) > 0) {
          if (sent.current) sent.current();
          else router.refresh();
        }
      } finally {
        busy = false;
      }
    };
    const visible = () => {
      if (document.visibilityState === "visible") void go();
    };
    read();
    void go();
    window.addEventListener(CHANGED, read);
    window.addEventListener("storage", read);
    window.addEventListener("online", go);
    document.addEventListener("visibilitychange", visible);
    return () => {
      window.removeEventListener(CHANGED, read);
      window.removeEventListener("storage", read);
      window.removeEventListener("online", go);
      document.removeEventListener("visibilitychange", visible);
    };
  }, [eventId, userId, send, router]);

  if (items.length === 0) return null;
  const tone: Record<QueuedItem["status"], string> = {
    waiting: "bg-amber-50 text-amber-950 border-amber-300",
    sent: "bg-green-50 text-green-900 border-green-300",
    duplicate: "bg-green-50 text-green-900 border-green-300",
    refused: "bg-red-50 text-red-900 border-red-300",
  };
  return (
    <section className="card space-y-2" aria-labelledby="queue-h" data-testid="offline-queue">
      <h3 id="queue-h" className="font-bold">
        {t("title")}
      </h3>
      <ul className="space-y-2">
        {items.map((i) => (
          <li key={i.key} className={`rounded-lg border p-3 text-sm ${tone[i.status]}`} data-testid="queued-item" data-status={i.status}>
            <p className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-semibold">{t(i.kind, { table: i.seen.table })}</span>
              <span role="status">{t(i.status)}</span>
            </p>
            {i.message && <p className="mt-1">{i.message}</p>}
            {i.status !== "waiting" && (
              <button type="button" className="mt-1 min-h-11 text-brand-700 underline" onClick={() => dismiss(store, i.key)}>
                {t("dismiss")}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
