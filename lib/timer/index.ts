/**
 * Round clock derived from an append-only activation log (DESIGN.md: "A timer is an append-only
 * list of activations; running, paused and time left are derived"). Pure: `now` is passed in.
 *
 * Units: all instants and durations in milliseconds (epoch ms for instants).
 */

export type TimerAction = "START" | "PAUSE" | "RESUME" | "ADD";

export interface Activation {
  action: TimerAction;
  /** Epoch ms (server time) when it was recorded. */
  at: number;
  /** For ADD: seconds added (negative removes time). Ignored otherwise. */
  seconds?: number;
}

export interface ClockState {
  status: "NOT_STARTED" | "RUNNING" | "PAUSED" | "EXPIRED";
  /** Remaining time in ms (never negative). */
  remainingMs: number;
  /** Total length in ms including added time. */
  totalMs: number;
  /** Epoch ms at which time runs out if nothing else happens (RUNNING only), else null. */
  endsAt: number | null;
}

/**
 * Replays the log (sorted by `at`, stable) against a round length and returns the clock at `now`.
 * Rules: the first START starts it (later STARTs are ignored); PAUSE while running stops the
 * clock; RESUME while paused restarts it; ADD changes the total at any time (also before START).
 * Throws nothing: out-of-order commands are ignored, as a wall clock would.
 */
export function clockAt(roundMinutes: number, log: readonly Activation[], now: number): ClockState {
  let totalMs = roundMinutes * 60_000;
  let elapsed = 0;
  let runningSince: number | null = null;
  let started = false;
  const sorted = [...log].sort((a, b) => a.at - b.at);
  for (const a of sorted) {
    if (a.at > now) break;
    switch (a.action) {
      case "START":
        if (!started) {
          started = true;
          runningSince = a.at;
        }
        break;
      case "PAUSE":
        if (runningSince !== null) {
          elapsed += a.at - runningSince;
          runningSince = null;
        }
        break;
      case "RESUME":
        if (started && runningSince === null) runningSince = a.at;
        break;
      case "ADD":
        totalMs += (a.seconds ?? 0) * 1000;
        break;
    }
  }
  const used = elapsed + (runningSince !== null ? now - runningSince : 0);
  const remainingMs = Math.max(0, totalMs - used);
  if (!started) return { status: "NOT_STARTED", remainingMs, totalMs, endsAt: null };
  if (remainingMs === 0) return { status: "EXPIRED", remainingMs: 0, totalMs, endsAt: null };
  if (runningSince === null) return { status: "PAUSED", remainingMs, totalMs, endsAt: null };
  return { status: "RUNNING", remainingMs, totalMs, endsAt: now + remainingMs };
}

/** Formats ms as `MM:SS` (or `H:MM:SS` past an hour), rounding up to whole seconds. */
export function formatClock(ms: number): string {
  const s = Math.ceil(Math.max(0, ms) / 1000);
  const h = Math.floor(s / 3600),
    m = Math.floor((s % 3600) / 60),
    sec = s % 60;
  const mm = String(m).padStart(2, "0"),
    ss = String(sec).padStart(2, "0");
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** A match's clock: the round clock plus that match's own extensions. */
export interface MatchClockState extends ClockState {
  /** Time added to this match only (judge extensions: deck check, long ruling), in ms; may be negative. */
  extensionMs: number;
}

/**
 * Clock of one match at `now`: the round's activation log replayed with the match's extensions
 * (rows with matchId, action ADD) added to its total (issue #6: a deck check or a long ruling gives
 * that table extra time). Non-ADD activations in `extensions` are ignored — only the round log
 * starts/pauses/resumes; rows stamped after `now` do not count yet (as in clockAt). A match extension given after the round clock ran out
 * reopens that match's time (remaining = round total + extensions − elapsed). Units: ms; `now` epoch ms (server time).
 */
export function matchClockAt(
  roundMinutes: number,
  roundLog: readonly Activation[],
  extensions: readonly Activation[],
  now: number,
): MatchClockState {
  const adds = extensions.filter((a) => a.action === "ADD" && a.at <= now);
  const extensionMs = adds.reduce((s, a) => s + (a.seconds ?? 0) * 1000, 0);
  return { ...clockAt(roundMinutes, [...roundLog, ...adds], now), extensionMs };
}

/** One measurement of the server clock against this device's clock. */
export interface OffsetSample {
  /** serverTime − deviceTime, in ms (add it to Date.now() to get server time). */
  offsetMs: number;
  /** Round trip of the request that measured it, in ms (smaller = more precise). */
  rttMs: number;
}

/**
 * Estimates the server-clock offset from one request (NTP-style, assuming a symmetric path): the
 * server stamped `serverNow` (epoch ms) somewhere between this device's `sentAt` and `receivedAt`,
 * so offset = serverNow − midpoint. Error bound ±rtt/2. Negative or non-finite inputs give null.
 */
export function offsetSample(sentAt: number, receivedAt: number, serverNow: number): OffsetSample | null {
  if (![sentAt, receivedAt, serverNow].every(Number.isFinite) || receivedAt < sentAt) return null;
  return { offsetMs: Math.round(serverNow - (sentAt + receivedAt) / 2), rttMs: receivedAt - sentAt };
}

/**
 * The offset to use from recent samples (newest last): the sample with the smallest round trip
 * among the last `window` ones (a slow response's midpoint is the least certain). Null if none.
 * Re-measured on every poll, so a device whose clock is changed while the page is open catches up.
 */
export function bestOffset(samples: readonly OffsetSample[], window = 5): number | null {
  const recent = samples.slice(-window);
  if (recent.length === 0) return null;
  return recent.reduce((best, s) => (s.rttMs < best.rttMs ? s : best)).offsetMs;
}
