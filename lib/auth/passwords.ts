/** Password and one-time-code hashing (bcryptjs) and code generation (node:crypto). */
import bcrypt from "bcryptjs";
import { randomInt } from "node:crypto";

/** Hashes a password or code with bcrypt (cost 10). */
export function hashSecret(secret: string): Promise<string> {
  return bcrypt.hash(secret, 10);
}

/** Constant-time check of a secret against a bcrypt hash; false for a null hash. */
export function checkSecret(secret: string, hash: string | null | undefined): Promise<boolean> {
  return hash ? bcrypt.compare(secret, hash) : Promise.resolve(false);
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
