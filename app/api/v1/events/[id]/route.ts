/** `GET /api/v1/events/:id` (issue #17 read API): one event; lib/server/http/api.ts handles limit, ETag and 304. */
import { apiEventResponse } from "@/lib/server/http/api";
import { apiEvent } from "@/lib/server/read/api";

export const dynamic = "force-dynamic";

export async function GET(req: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return apiEventResponse(req, id, async (version) => {
    const e = await apiEvent(id);
    return e ? { body: { ...e, version } } : { status: 404, error: "no such event" };
  });
}
