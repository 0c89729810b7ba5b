/**
 * Partner invitations (issue #16): the numbers of the two ways a partner joins a self-registered
 * team, and the limiter arithmetic that bounds guessing the typed code. Pure.
 *
 * - Link: a single-use token of 256 random bits (≥ 128 required), valid {@link INVITE_TOKEN_DAYS}
 *   days, stored as an HMAC (TeamRegistration.tokenHash). Not guessable, so not rate-limited.
 * - Short code: 8 symbols from the 31-symbol alphabet without look-alikes (no 0/O/1/I/L;
 *   lib/auth/passwords newCode), valid {@link INVITE_CODE_HOURS} hours, typed on the event's page,
 *   so a guess only matches codes of that event, of which at most {@link MAX_OPEN_CODES_PER_EVENT}
 *   are open at once. Guesses go through the limiter bucket "invite" (lib/server/http/limiter.ts):
 *   per client address, and per event for all clients together (the per-code cap: every code of
 *   the event shares it).
 */

export const INVITE_TOKEN_DAYS = 7;
export const INVITE_CODE_HOURS = 48;
/** Open short codes of one event at most (a further invite gets a link only until one is used or expires). */
export const MAX_OPEN_CODES_PER_EVENT = 64;
/** 31^8 = 852,891,037,441 codes. */
export const CODE_SPACE = 31 ** 8;

export interface GuessBudget {
  /** Wrong guesses let through per window. */
  max: number;
  windowMs: number;
  /** After `max`, one more attempt per this many ms (the limiter's slow mode); 0 = none. */
  slowEveryMs?: number;
}

/** Guesses a budget lets through over `lifetimeMs` (whole windows, rounded up). */
export function guessesWithin(b: GuessBudget, lifetimeMs: number): number {
  const windows = Math.ceil(lifetimeMs / b.windowMs);
  const slow = b.slowEveryMs ? Math.floor(b.windowMs / b.slowEveryMs) : 0;
  return windows * (b.max + slow);
}

/**
 * Upper bound on the chance that guessing finds an open code: guesses × open codes / code space
 * (each guess hits one of `openCodes` codes among `space`; a union bound).
 */
export function guessChance(guesses: number, openCodes: number, space = CODE_SPACE): number {
  return (guesses * openCodes) / space;
}
