/**
 * Password and one-time-code hashing (bcryptjs, behind a small concurrency limit), claim-code
 * HMAC (node:crypto) and code generation.
 */
import { createHmac, randomInt } from "node:crypto";
import { runBcrypt } from "./bcryptPool";

/**
 * At most this many bcrypt computations run at once per process, each in its own worker thread
 * (lib/auth/bcryptPool.ts; one core is left to the rest of the server on a 2-core machine), and
 * at most BCRYPT_QUEUE_MAX wait; beyond that {@link BusyError} (the sign-in answers 429, retry in 2 s).
 */
export const BCRYPT_CONCURRENCY = 1;
export const BCRYPT_QUEUE_MAX = 64;

export class BusyError extends Error {
  constructor() {
    super("The server is busy checking passwords; try again in a moment.");
  }
}

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `fn` inside the bcrypt concurrency limit (FIFO). Throws BusyError when the queue is full. */
async function limited<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= BCRYPT_CONCURRENCY) {
    if (waiting.length >= BCRYPT_QUEUE_MAX) throw new BusyError();
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else running++;
  try {
    return await fn();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** Hashes a password or code with bcrypt (cost 10). */
export function hashSecret(secret: string): Promise<string> {
  return limited(async () => String(await runBcrypt({ op: "hash", secret, cost: 10 }, BCRYPT_CONCURRENCY)));
}

/** A real cost-10 hash of a random secret: unknown usernames are checked against it (same time). */
export const DUMMY_HASH = "$2b$10$ermM1pKVT5zsApGQPVmBWuKFxB88.lTwIp4Xe.8vUxA5PpkwwvsEe";

/**
 * Constant-time check of a secret against a bcrypt hash. A null hash (no account, no password
 * yet) is checked against {@link DUMMY_HASH} and is false: the answer takes as long either way.
 */
export async function checkSecret(secret: string, hash: string | null | undefined): Promise<boolean> {
  const ok = await limited(async () => Boolean(await runBcrypt({ op: "compare", secret, hash: hash ?? DUMMY_HASH }, BCRYPT_CONCURRENCY)));
  return Boolean(hash) && ok;
}

/** The server secret (NEXTAUTH_SECRET; a fixed development value outside production). */
export function serverSecret(): string {
  const s = process.env.NEXTAUTH_SECRET;
  if (s) return s;
  if (process.env.NODE_ENV === "production") throw new Error("NEXTAUTH_SECRET is not set");
  return "tandem-development-secret";
}

/**
 * The stored form of a claim code: HMAC-SHA-256 (hex) of the normalised code under the server
 * secret. Deterministic, so a claim is one unique-index lookup; useless without the secret.
 */
export function claimCodeHash(code: string, secret = serverSecret()): string {
  return createHmac("sha256", secret)
    .update(`claim:${normaliseCode(code)}`)
    .digest("hex");
}

// No 0/O/1/I/L: codes are read off paper receipts.
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** A human-friendly one-time code like `K7QX-M2PA` (8 symbols, ~39 bits). */
export function newCode(): string {
  let s = "";
  for (let i = 0; i < 8; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return `${s.slice(0, 4)}-${s.slice(4)}`;
}

/** Normalises a typed code: upper case, ignores spaces and dashes, re-inserts the dash. */
export function normaliseCode(input: string): string {
  const s = input.toUpperCase().replace(/[^0-9A-Z]/g, "");
  return s.length === 8 ? `${s.slice(0, 4)}-${s.slice(4)}` : s;
}
