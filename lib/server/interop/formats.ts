/**
 * Event file formats (issue #17): the registry `npm run event:export` / `event:import` dispatch on.
 * This branch registers `kts` (lib/server/interop/kts.ts) and `csv` (lib/server/interop/csv.ts);
 * the archive stream registers `json` in its copy of this file (the interface text is shared).
 */
import { csvFormat } from "./csv";
import { ktsFormat } from "./kts";

export interface EventFileFormat {
  id: string; // "json" | "kts" | "csv"
  exportEvent(eventId: string): Promise<{ body: string; fileName: string; contentType: string }>;
  /** Null when this format cannot import; else true when the file's first bytes look like it. */
  detect: ((head: string) => boolean) | null;
  importEvent: ((text: string, organizerUserId: string) => Promise<{ eventId: string; report: string[] }>) | null;
}

/** The formats of this branch, by id. */
export const EVENT_FILE_FORMATS: readonly EventFileFormat[] = [ktsFormat, csvFormat];
