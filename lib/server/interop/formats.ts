/**
 * The registry of event file formats (issue #17): `npm run event:export -- … --format ID` and
 * `npm run event:import -- FILE` dispatch through it. `json` is the event archive
 * (lib/server/interop/archive.ts), `kts` the KONAMI Tournament Software `.Tournament` file
 * (lib/server/interop/kts.ts), `csv` the full results CSV (lib/server/interop/csv.ts, export only),
 * `mtgo` the MTGODecklistCache JSON of a finished MTG event (lib/server/interop/mtgo.ts, export only).
 */
import { exportEventArchive, importEventArchive } from "./archive";
import { csvFormat } from "./csv";
import { ktsFormat } from "./kts";
import { mtgoFormat } from "./mtgo";

export interface EventFileFormat {
  id: string; // "json" | "kts" | "csv"
  exportEvent(eventId: string): Promise<{ body: string; fileName: string; contentType: string }>;
  /** Null when this format cannot import; else true when the file's first bytes look like it. */
  detect: ((head: string) => boolean) | null;
  importEvent: ((text: string, organizerUserId: string) => Promise<{ eventId: string; report: string[] }>) | null;
}

/** The event archive: a JSON object (an optional UTF-8 BOM and whitespace before the brace). */
export const jsonFormat: EventFileFormat = {
  id: "json",
  exportEvent: (eventId) => exportEventArchive(eventId),
  detect: (head) => /^\uFEFF?\s*\{/.test(head),
  importEvent: importEventArchive,
};

/** Every registered format, in the order `event:import` tries `detect`. */
export const EVENT_FILE_FORMATS: readonly EventFileFormat[] = [jsonFormat, ktsFormat, csvFormat, mtgoFormat];

/** The format with id `id`, or undefined. */
export function eventFileFormat(id: string): EventFileFormat | undefined {
  return EVENT_FILE_FORMATS.find((f) => f.id === id);
}

/** The first importing format whose `detect` accepts `head` (the file's first bytes), or undefined. */
export function detectEventFileFormat(head: string): EventFileFormat | undefined {
  return EVENT_FILE_FORMATS.find((f) => f.importEvent && f.detect?.(head));
}
