/**
 * The one upload limit (issue #12 "Numbers and sizes"): every file field (card database, F&L
 * list, decklist) accepts at most UPLOAD_MAX_BYTES = 20 MB (20 × 1024 × 1024 bytes), states it
 * on the form, and refuses a larger file with the field rule FILE_TOO_LARGE ("file too large
 * (max 20 MB)") — in the browser before sending (components/ActionForm), and here on the server.
 * next.config.ts lets a request body of up to 25 MB reach the action, so a 20 MB file plus its
 * encoding is answered by the action, never by a dropped connection.
 * Error lists are capped: at most MAX_LISTED_ERRORS problems are listed, then "… and N more".
 * Text holding U+FFFD (bytes that were not UTF-8) is refused with FILE_NOT_UTF8 (requireReadableText).
 */
import { z } from "zod";
import { ActionError } from "@/lib/errors";
import { firstUnreadableLine } from "@/lib/textFile";
import { UPLOAD_MAX_BYTES } from "@/lib/uploadLimit";

export { UPLOAD_MAX_BYTES };

/** At most this many problems of one upload are listed; the rest are counted. */
export const MAX_LISTED_ERRORS = 20;

/** zod: file bytes, 1 byte … 20 MB (empty → REQUIRED, larger → FILE_TOO_LARGE). */
export const uploadBytes = () =>
  z
    .instanceof(Uint8Array)
    .refine((b) => b.byteLength > 0, "FILE_EMPTY")
    .refine((b) => b.byteLength <= UPLOAD_MAX_BYTES, "FILE_TOO_LARGE");

/** zod: an uploaded or pasted text, UTF-8 size at most 20 MB (larger → FILE_TOO_LARGE). */
export const uploadText = () =>
  z.string().refine((s) => s.length <= UPLOAD_MAX_BYTES && Buffer.byteLength(s, "utf8") <= UPLOAD_MAX_BYTES, "FILE_TOO_LARGE");

/**
 * Refuses an uploaded or pasted text that holds U+FFFD, the mark of bytes a decoder could not read
 * (a Windows-1252 file read as UTF-8 by a script or an old client; the forms decode such files
 * themselves, lib/textFile.ts): ActionError FILE_NOT_UTF8 on `field`, params {line, what} naming the
 * first such line, so no name is stored as "Jos� Mu�oz". `what` = "csv" (the roster) picks the
 * advice to save as "CSV UTF-8"; any other value gives the general advice. Call it after authorizing,
 * before anything is parsed or written.
 */
export function requireReadableText(text: string, field: string, what: "csv" | "text" = "text"): void {
  const line = firstUnreadableLine(text);
  if (line === null) return;
  const advice = what === "csv" ? "Save it as “CSV UTF-8” and upload it again." : "Save it as UTF-8 and upload it again.";
  throw new ActionError("FILE_NOT_UTF8", `The file is not UTF-8: line ${line} has characters that could not be read. ${advice}`, field, {
    line,
    what,
  });
}

/**
 * The first MAX_LISTED_ERRORS of `errors`, plus one closing item "… and N more" (code MORE,
 * params {count}) when there were more. English text uses "1,234" digit grouping.
 */
export function capErrors<T extends { message: string }>(errors: readonly T[], more: (count: number) => T): T[] {
  if (errors.length <= MAX_LISTED_ERRORS) return [...errors];
  return [...errors.slice(0, MAX_LISTED_ERRORS), more(errors.length - MAX_LISTED_ERRORS)];
}
