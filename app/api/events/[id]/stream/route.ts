/**
 * GET /api/events/:id/stream — the event's live stream (issue #15 contract; lib/server/live/hub.ts):
 * `text/event-stream` with `Cache-Control: no-cache, no-transform` and `X-Accel-Buffering: no`.
 * - on open and every 15 s: `event: tick` / `data: {"now":<server epoch ms>,"version":<event version>}`;
 * - on a change: `id: <version>` / `event: change` / `data: {"version":N,"topics":[...]}`;
 * - resume: `Last-Event-ID` (EventSource sends it) or `?lastEventId=N` → ONE `change` covering every
 *   topic changed after N (the process's ring; `["*"]` when N is older than the ring).
 * Every open and close is logged (`[live] stream open event=<id> lastEventId=<N|-> streams=<open streams of
 * the event in this process>`, `[live] stream close event=<id>`). `LIVE_STREAM_MAX_MS` ends streams after that long.
 * The opening tick also carries `id: <version>` (resume works before the first change). A signed-in stream
 * is closed within 2.5 s of its session being revoked. 404 for an unknown event.
 */
import { currentSession } from "@/lib/auth/session";
import { eventVersion } from "@/lib/server/http/cache";
import { openStream, ringOf, streamCount, type LiveStream } from "@/lib/server/live/hub";
import { changeFrame, resumeId, resumeTopics, tickFrame } from "@/lib/server/live/topics";

export const dynamic = "force-dynamic";

export async function GET(req: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const version = await eventVersion(id);
  if (version === null) return Response.json({ error: "not found" }, { status: 404, headers: { "cache-control": "no-store" } });
  const last = resumeId(req.headers.get("last-event-id"), new URL(req.url).searchParams.get("lastEventId"));
  console.log(`[live] stream open event=${id} lastEventId=${last ?? "-"} streams=${streamCount(id) + 1}`);
  const session = await currentSession();
  const encoder = new TextEncoder();
  let close: () => void = () => undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true;
      const stream: LiveStream = {
        eventId: id,
        session,
        write(frame) {
          if (!open) return;
          try {
            controller.enqueue(encoder.encode(frame));
          } catch {
            close();
          }
        },
        close: () => close(),
      };
      const unregister = openStream(stream);
      close = () => {
        if (!open) return;
        open = false;
        unregister();
        console.log(`[live] stream close event=${id}`);
        try {
          controller.close();
        } catch {
          /* already closed by the client */
        }
      };
      req.signal.addEventListener("abort", () => close());
      // LIVE_STREAM_MAX_MS: the server ends each stream after that long (0/unset = never); the
      // browser reconnects with Last-Event-ID. For proxies that cut long responses, and tests.
      const maxMs = Number(process.env.LIVE_STREAM_MAX_MS) || 0;
      if (maxMs > 0) {
        const t = setTimeout(() => close(), maxMs);
        req.signal.addEventListener("abort", () => clearTimeout(t));
      }
      // The opening tick carries `id:` too, so the browser's own reconnect sends Last-Event-ID even before a change.
      stream.write(`retry: 2000\nid: ${version}\n${tickFrame(Date.now(), version)}`);
      if (last !== null) {
        const topics = resumeTopics(ringOf(id), last, version);
        if (topics) stream.write(changeFrame(version, topics));
      }
    },
    cancel() {
      close();
    },
  });
  return new Response(body, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      "x-accel-buffering": "no",
      connection: "keep-alive",
    },
  });
}
