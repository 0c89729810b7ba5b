/**
 * `GET /api/v1/events/:id/mtgo` (issue #17): the MTGODecklistCache-shaped JSON of a finished MTG
 * (Two-Headed Giant) event (lib/server/read/api.ts mtgoExport); 409 for another game or an event
 * still running. Also `npm run event:export -- … --format mtgo` (lib/server/interop/formats.ts).
 */
import { apiEventResponse } from "@/lib/server/http/api";
import { mtgoBaseUrl, mtgoExport } from "@/lib/server/read/api";

export const dynamic = "force-dynamic";

export async function GET(req: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return apiEventResponse(req, id, async () => {
    const item = await mtgoExport(id, await mtgoBaseUrl());
    if (item === null) return { status: 404, error: "no such event" };
    if (item === "not-mtg") return { status: 409, error: "the MTGODecklistCache export is for MTG events" };
    if (item === "not-finished") return { status: 409, error: "the event is not finished yet" };
    return { body: item };
  });
}
