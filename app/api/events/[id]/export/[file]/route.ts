/**
 * GET /api/events/:id/export/:file → a staff download of the event (issue #17): `results.csv`,
 * `pairings.csv` (`?round=N`, default the latest round), `invite-list.csv` (EventLink, 2HG events)
 * for the event's judges and organizers, `event.Tournament` (KTS) for its organizer
 * (lib/server/interop/downloads). Anyone else, an unknown event or a file that does not apply: 404.
 */
import { currentUserId } from "@/lib/auth/session";
import { staffExport } from "@/lib/server/interop/downloads";

export async function GET(req: Request, { params }: { params: Promise<{ id: string; file: string }> }) {
  const { id, file } = await params;
  const round = Number(new URL(req.url).searchParams.get("round"));
  const out = await staffExport(id, await currentUserId(), file, Number.isInteger(round) && round > 0 ? round : undefined);
  if (!out) return new Response("Not found.\n", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  const ascii = out.fileName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return new Response(out.body, {
    headers: {
      "content-type": out.contentType,
      "content-disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(out.fileName)}`,
      "cache-control": "no-store",
    },
  });
}
