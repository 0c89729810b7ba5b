/**
 * Server actions in flight in this tab (issue #15). A live refresh must not run while one is
 * pending: Next.js applies the action's router state when it resolves, over a `router.refresh()`
 * made meanwhile, and the page keeps its pre-save render (vercel/next.js #88343) — with push, the
 * stream's change often reaches the page before the action's own response does.
 * Counted by wrapping `window.fetch` once: a request carrying the `Next-Action` header counts from
 * when it is sent until its response body has fully arrived (or it failed), plus SETTLE_MS for the
 * router to apply it.
 */

/** Time after the last action's response for the router to apply it (ms). */
export const SETTLE_MS = 50;

let inFlight = 0;
let installed = false;
const waiting: (() => void)[] = [];

function settled(): void {
  inFlight = Math.max(0, inFlight - 1);
  if (inFlight > 0) return;
  setTimeout(() => {
    if (inFlight === 0) for (const run of waiting.splice(0)) run();
  }, SETTLE_MS);
}

function isAction(init: RequestInit | undefined): boolean {
  if (!init?.headers) return false;
  try {
    return new Headers(init.headers).has("next-action");
  } catch {
    return false;
  }
}

/** Wraps `window.fetch` (once per tab) so server actions are counted. No-op outside a browser. */
export function trackServerActions(): void {
  if (installed || typeof window === "undefined" || typeof window.fetch !== "function") return;
  installed = true;
  const send = window.fetch.bind(window);
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    if (!isAction(init)) return send(input, init);
    inFlight++;
    return send(input, init).then(
      (res) => {
        res
          .clone()
          .arrayBuffer()
          .catch(() => undefined)
          .finally(settled);
        return res;
      },
      (e: unknown) => {
        settled();
        throw e;
      },
    );
  };
}

/** Runs `run` now when no server action is in flight, else once the last one has settled. */
export function whenNoActionInFlight(run: () => void): void {
  if (inFlight === 0) run();
  else waiting.push(run);
}
