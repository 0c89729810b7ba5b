/**
 * `mtgo` event file format (issue #17, export only): the MTGODecklistCache-shaped JSON of a
 * finished MTG Two-Headed Giant event (lib/server/read/api.ts mtgoExport), the same body as
 * `GET /api/v1/events/:id/mtgo`. Throws ActionError VALIDATION for another game or a running event.
 */
import { ActionError } from "@/lib/errors";
import { mtgoBaseUrl, mtgoExport } from "@/lib/server/read/api";
import type { EventFileFormat } from "./formats";

export const mtgoFormat: EventFileFormat = {
  id: "mtgo",
  async exportEvent(eventId) {
    const item = await mtgoExport(eventId, await mtgoBaseUrl());
    if (item === null) throw new ActionError("NOT_FOUND", "no such event");
    if (typeof item === "string")
      throw new ActionError(
        "MTGO_EXPORT",
        item === "not-mtg" ? "The MTGODecklistCache export is for Magic Two-Headed Giant events." : "The event is not finished yet.",
        undefined,
        { reason: item === "not-mtg" ? "notMtg" : "notFinished" },
      );
    return { body: `${JSON.stringify(item, null, 2)}\n`, fileName: `event-${eventId}-mtgo.json`, contentType: "application/json" };
  },
  detect: null,
  importEvent: null,
};
