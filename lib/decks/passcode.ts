/**
 * Passcode range (issue #12 "Numbers and sizes"): a Yu-Gi-Oh! passcode is a whole number from 1
 * to 2,147,483,647 (2^31 − 1, what the Card table's 32-bit column holds; EDOPro's 9-digit ids,
 * e.g. 100000101, are inside it). Every parser (ydk, ydke, lflist, cdb) refuses anything else
 * with an error naming the line or row.
 */
export const MAX_PASSCODE = 2_147_483_647;

/** True for an integer 1 … MAX_PASSCODE. */
export function isPasscode(n: number): boolean {
  return Number.isInteger(n) && n >= 1 && n <= MAX_PASSCODE;
}
