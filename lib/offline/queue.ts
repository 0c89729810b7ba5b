/**
 * The phone's queue of result reports and confirms made without a connection (issue #15).
 * No DOM here: the storage, the sender and the random source are passed in, so tests run it on
 * plain values (components/OfflineQueue.tsx wires it to localStorage, the "use server" actions and
 * crypto.getRandomValues).
 *
 * An item is made with an idempotency key from `getRandomValues` (crypto.randomUUID is missing
 * over plain HTTP) and the match state the phone saw; `flush` sends the waiting items of the
 * signed-in account oldest first. A network failure leaves the item waiting (and stops the
 * flush: the connection is down); an answer settles it: sent / duplicate (already stored) /
 * refused (with the server's message). Two tabs may flush the same item at once: the key makes the
 * server store it once.
 */
import type { SeenState } from "./change";

export type QueuedKind = "report" | "confirm";
export type QueuedStatus = "waiting" | "sent" | "duplicate" | "refused";

export interface QueuedItem {
  key: string;
  kind: QueuedKind;
  /** The account that made it: only that account's session sends it. */
  userId: string;
  eventId: string;
  matchId: string;
  /** The action's own input (report fields, or reportId + reportVersion). */
  input: Record<string, unknown>;
  seen: SeenState;
  /** Epoch ms it was queued / settled. */
  at: number;
  status: QueuedStatus;
  settledAt?: number;
  /** The server's (localized) refusal. */
  message?: string;
}

/** Where the queue lives (localStorage in the browser); `read` returns [] for nothing / garbage. */
export interface QueueStore {
  read(): QueuedItem[];
  write(items: QueuedItem[]): void;
}

/** What one send came back with: the network failed, or the server answered. */
export type SendOutcome =
  { network: true } | { network?: false; ok: true; status: string } | { network?: false; ok: false; message: string };

/** Settled items are dropped from the phone after a day (ms). */
export const SETTLED_KEEP_MS = 24 * 60 * 60 * 1000;

/** 16 random bytes as 32 lowercase hex characters (lib/offline/change IDEMPOTENCY_KEY). */
export function newIdempotencyKey(getRandomValues: (bytes: Uint8Array) => Uint8Array): string {
  const bytes = getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Adds a waiting item (made with a fresh key) and returns it. */
export function enqueue(
  store: QueueStore,
  item: Omit<QueuedItem, "key" | "status" | "at">,
  deps: { getRandomValues: (bytes: Uint8Array) => Uint8Array; now: number },
): QueuedItem {
  const made: QueuedItem = { ...item, key: newIdempotencyKey(deps.getRandomValues), status: "waiting", at: deps.now };
  store.write([...store.read(), made]);
  return made;
}

/** Applies `change` to the item with `key` as stored NOW (another tab may have written meanwhile). */
function update(store: QueueStore, key: string, change: Partial<QueuedItem>) {
  store.write(store.read().map((i) => (i.key === key ? { ...i, ...change } : i)));
}

/**
 * Sends the waiting items of `userId` in the order they were made; returns how many were settled.
 * Items of another account are left alone (never sent in this session); settled items older than
 * SETTLED_KEEP_MS are dropped.
 */
export async function flush(
  store: QueueStore,
  send: (item: QueuedItem) => Promise<SendOutcome>,
  opts: { userId: string; now: () => number },
): Promise<number> {
  const t0 = opts.now();
  store.write(store.read().filter((i) => i.status === "waiting" || t0 - (i.settledAt ?? i.at) < SETTLED_KEEP_MS));
  let settled = 0;
  for (const item of store.read().filter((i) => i.status === "waiting" && i.userId === opts.userId)) {
    // Another tab may have settled it while this one was sending the previous item.
    if (store.read().find((i) => i.key === item.key)?.status !== "waiting") continue;
    let out: SendOutcome;
    try {
      out = await send(item);
    } catch {
      out = { network: true };
    }
    if (out.network) break;
    settled++;
    if (out.ok) update(store, item.key, { status: out.status === "duplicate" ? "duplicate" : "sent", settledAt: opts.now() });
    else update(store, item.key, { status: "refused", message: out.message, settledAt: opts.now() });
  }
  return settled;
}

/** Removes one item (the phone's "dismiss"). */
export function dismiss(store: QueueStore, key: string) {
  store.write(store.read().filter((i) => i.key !== key));
}

/** Parses stored JSON, keeping only well-formed items (a hand-edited or old value reads as empty). */
export function parseQueue(raw: string | null): QueuedItem[] {
  if (!raw) return [];
  try {
    const v = JSON.parse(raw) as unknown;
    if (!Array.isArray(v)) return [];
    return v.filter(
      (i): i is QueuedItem =>
        typeof i === "object" &&
        i !== null &&
        typeof (i as QueuedItem).key === "string" &&
        typeof (i as QueuedItem).userId === "string" &&
        typeof (i as QueuedItem).matchId === "string" &&
        ["waiting", "sent", "duplicate", "refused"].includes((i as QueuedItem).status),
    );
  } catch {
    return [];
  }
}

/** The localStorage key of the queue. */
export const QUEUE_STORAGE_KEY = "tandem.offlineQueue.v1";
