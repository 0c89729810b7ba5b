/**
 * GET /api/events/:id/stream — the event's live stream (issue #15 contract; lib/server/live/hub.ts,
 * frames and log lines in lib/server/live/streamOpen.ts): `text/event-stream` with
 * `Cache-Control: no-cache, no-transform` and `X-Accel-Buffering: no`. Resume: `Last-Event-ID` (EventSource
 * sends it) or `?lastEventId=N`. A signed-in stream is closed within 2.5 s of its session being revoked.
 * 404 for an unknown event; 503 with Retry-After when this process holds its most streams (hub.ts
 * maxStreams: the browser polls instead). In production most streams are opened before Next.js routes the request
 * (lib/server/live/streamFast.ts, same frames and headers); this handler serves the rest.
 */
import { currentSession } from "@/lib/auth/session";
import { eventVersion } from "@/lib/server/http/cache";
import { startStream } from "@/lib/server/live/streamOpen";
import { resumeId } from "@/lib/server/live/topics";
import { STREAM_FULL, STREAM_HEADERS } from "@/lib/server/live/streamFast";
import { streamRoom } from "@/lib/server/live/hub";

export const dynamic = "force-dynamic";

export async function GET(req: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const version = await eventVersion(id);
  if (version === null) return Response.json({ error: "not found" }, { status: 404, headers: { "cache-control": "no-store" } });
  if (!streamRoom()) return new Response(STREAM_FULL.body, { status: 503, headers: STREAM_FULL.headers });
  const last = resumeId(req.headers.get("last-event-id"), new URL(req.url).searchParams.get("lastEventId"));
  const session = await currentSession({ liveRead: true });
  const encoder = new TextEncoder();
  let abort: () => void = () => undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        try {
          controller.close();
        } catch {
          /* already closed by the client */
        }
      };
      startStream({
        eventId: id,
        version,
        last,
        session,
        sink: {
          write(frame) {
            if (ended) return;
            try {
              controller.enqueue(encoder.encode(frame));
            } catch {
              abort();
            }
          },
          end,
          onAbort(cb) {
            abort = cb;
            req.signal.addEventListener("abort", cb);
          },
        },
      });
    },
    cancel() {
      abort();
    },
  });
  return new Response(body, { headers: STREAM_HEADERS });
}
