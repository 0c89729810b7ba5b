/**
 * One open event stream (issue #15 contract), shared by the route handler
 * (app/api/events/[id]/stream/route.ts) and the pre-Next.js fast path (lib/server/http/streamFast.ts):
 * registers it with the hub, writes the opening frames, logs open and close, and ends it after
 * `LIVE_STREAM_MAX_MS` when set. Frames:
 * - on open: `retry: 2000`, `id: <version>` and a `tick` (`{"now":<epoch ms>,"version":N}`), then, for a
 *   resume (`last` = Last-Event-ID or `?lastEventId=`), ONE `change` covering every topic changed after it;
 * - then whatever the hub fans out (changes, 15 s ticks).
 * Log lines: `[live] stream open event=<id> lastEventId=<N|-> streams=<open streams of the event here>`,
 * `[live] stream close event=<id>`.
 */
import { openStream, ringOf, streamCount, type LiveStream } from "./hub";
import { changeFrame, resumeTopics, tickFrame } from "./topics";

/** Where the frames go: `write` never throws; `end` ends the response; `onAbort` fires when the client goes away. */
export interface StreamSink {
  write(frame: string): void;
  end(): void;
  onAbort(cb: () => void): void;
}

/** Opens the stream of `eventId` at `version` for `session` (null = anonymous) on `sink`. */
export function startStream(o: {
  eventId: string;
  version: number;
  last: number | null;
  session: { userId: string; sv: number } | null;
  sink: StreamSink;
}): void {
  const { eventId: id, version, last, sink } = o;
  console.log(`[live] stream open event=${id} lastEventId=${last ?? "-"} streams=${streamCount(id) + 1}`);
  let open = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const close = () => {
    if (!open) return;
    open = false;
    unregister();
    if (timer) clearTimeout(timer);
    console.log(`[live] stream close event=${id}`);
    sink.end();
  };
  const stream: LiveStream = {
    eventId: id,
    session: o.session,
    write(frame) {
      if (open) sink.write(frame);
    },
    close,
  };
  const unregister = openStream(stream);
  sink.onAbort(close);
  // LIVE_STREAM_MAX_MS: the server ends each stream after that long (0/unset = never); the browser
  // reconnects with Last-Event-ID. For proxies that cut long responses, and tests.
  const maxMs = Number(process.env.LIVE_STREAM_MAX_MS) || 0;
  if (maxMs > 0) timer = setTimeout(close, maxMs);
  // The opening tick carries `id:` too, so the browser's own reconnect sends Last-Event-ID even before a change.
  stream.write(`retry: 2000\nid: ${version}\n${tickFrame(Date.now(), version)}`);
  if (last !== null) {
    const topics = resumeTopics(ringOf(id), last, version);
    if (topics) stream.write(changeFrame(version, topics));
  }
}
