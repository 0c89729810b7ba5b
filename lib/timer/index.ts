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
        if (!started) { started = true; runningSince = a.at; }
        break;
      case "PAUSE":
        if (runningSince !== null) { elapsed += a.at - runningSince; runningSince = null; }
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
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
  const mm = String(m).padStart(2, "0"), ss = String(sec).padStart(2, "0");
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}
