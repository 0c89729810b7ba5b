/**
 * Event archive actions of the organizer's page (issue #17; the archive: lib/archive/schema.ts,
 * on the database: lib/server/interop/archive.ts).
 * - exportEventArchive: the event's organizer only (the archive holds unpublished decklists);
 *   reads, writes nothing. Returns { body, fileName }.
 * - importEventArchive: organizer accounts only; the uploaded text (common upload limit,
 *   lib/uploadLimit.ts) is parsed in a worker thread, checked, and written as a NEW event owned
 *   by the importer in this action's one transaction, with one `event.import` audit row.
 *   Refusals: FORBIDDEN; FILE_NOT_UTF8 (text holding U+FFFD); ARCHIVE_REFUSED with each problem's
 *   archive path (nothing is saved).
 *   A KONAMI Tournament Software `.Tournament` file (XML; lib/interop/kts looksLikeKts) is imported
 *   the same way through lib/server/interop/kts (one `event.kts_import` audit row; KTS_FILE refusals);
 *   its `report` lines (standings / placings vs the file) come back with the result.
 */
import { z } from "zod";
import { defineAction } from "@/lib/server/action";
import { requireSignedIn, requireStaff } from "@/lib/auth/actor";
import { ActionError } from "@/lib/errors";
import { requireReadableText, uploadText } from "@/lib/server/write/uploads";
import {
  ArchiveRefused,
  buildEventArchive,
  archiveText,
  archiveFileName,
  checkedArchiveDocument,
  writeEventArchive,
} from "@/lib/server/interop/archive";
import { jsonParseProblem } from "@/lib/archive/read";
import { parseJsonInWorker } from "@/lib/server/interop/jsonWorker";
import { ktsPlan, writeKtsImport } from "@/lib/server/interop/kts";
import { looksLikeKts } from "@/lib/interop/kts";

export const exportEventArchive = defineAction({
  name: "exportEventArchive",
  input: z.object({ eventId: z.string().min(1) }),
  async run({ tx, actor, input }) {
    await requireStaff(tx, actor, input.eventId, "ORGANIZER");
    const archive = await buildEventArchive(input.eventId, tx);
    return { body: archiveText(archive), fileName: archiveFileName(archive.event.name) };
  },
});

export const importEventArchive = defineAction({
  name: "importEventArchive",
  input: z.object({
    text: uploadText().pipe(z.string().min(1, "FILE_EMPTY")),
    fileName: z.string().max(200).optional(),
  }),
  async run({ tx, actor, input }) {
    requireSignedIn(actor);
    if (!actor.isOrganizer) throw new ActionError("FORBIDDEN", "Only organizers can import an event.");
    requireReadableText(input.text, "text");
    // A KONAMI Tournament Software `.Tournament` file (XML) imports through the same button (issue #17).
    if (looksLikeKts(input.text)) {
      const plan = await ktsPlan(input.text);
      const { eventId, report } = await writeKtsImport(tx, plan, actor);
      return { eventId, name: plan.name, teams: plan.teams.length, rounds: plan.rounds.length, report };
    }
    const parsed = await parseJsonInWorker(input.text);
    if (!parsed.ok) throw new ArchiveRefused([jsonParseProblem(input.text, parsed.message)]);
    const archive = checkedArchiveDocument(parsed.doc);
    const { eventId } = await writeEventArchive(tx, archive, actor);
    return { eventId, name: archive.event.name, teams: archive.teams.length, rounds: archive.rounds.length, report: [] as string[] };
  },
});
