/** `GET /api/v1/events` (issue #17 read API): the public events; ETag from the listed ids and versions. */
import { createHash } from "node:crypto";
import { apiPlainResponse } from "@/lib/server/http/api";
import { apiEvents } from "@/lib/server/read/api";

export const dynamic = "force-dynamic";

export async function GET(req: Request) {
  return apiPlainResponse(req, async () => {
    const body = await apiEvents();
    const key = body.events.map((e) => `${e.id}:${e.version}:${e.teams}`).join(",");
    return { body, etag: `W/"l${createHash("sha1").update(key).digest("hex").slice(0, 16)}"` };
  });
}
