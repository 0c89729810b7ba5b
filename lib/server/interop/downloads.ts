/**
 * Event file downloads for staff (issue #17): which file a signed-in user may download and its
 * bytes. Results, pairings and the EventLink invite list (CSV, lib/server/interop/csv) hold Player
 * IDs, so only the event's judges and organizers get them; the KTS `.Tournament` file
 * (lib/server/interop/kts) only the organizer, like the event archive.
 */
import { db } from "@/lib/db";
import { staffRole } from "@/lib/auth/actor";
import { ActionError } from "@/lib/errors";
import { inviteListCsv, pairingsCsv, resultsCsv, type ExportFile } from "./csv";
import { exportKts } from "./kts";

export const EXPORT_FILES = ["results.csv", "pairings.csv", "invite-list.csv", "event.Tournament"] as const;
export type ExportFileName = (typeof EXPORT_FILES)[number];

/**
 * The file `file` of event `eventId` for `userId`, or null when the user may not have it (not
 * staff; a judge asking for the KTS file), the event or round does not exist, or the file does not
 * apply (an invite list outside 2HG). `round`: the pairings' round number (default the latest).
 */
export async function staffExport(eventId: string, userId: string | null, file: string, round?: number): Promise<ExportFile | null> {
  if (!(EXPORT_FILES as readonly string[]).includes(file)) return null;
  const role = await staffRole(db(), userId, eventId);
  if (!role || (file === "event.Tournament" && role !== "ORGANIZER")) return null;
  try {
    if (file === "results.csv") return await resultsCsv(eventId);
    if (file === "pairings.csv") return await pairingsCsv(eventId, round);
    if (file === "invite-list.csv") return await inviteListCsv(eventId);
    return await exportKts(eventId);
  } catch (e) {
    if (e instanceof ActionError) return null;
    throw e;
  }
}
