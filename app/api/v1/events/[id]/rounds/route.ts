/** `GET /api/v1/events/:id/rounds` (issue #17 read API): the published and closed rounds. */
import { apiEventResponse } from "@/lib/server/http/api";
import { apiRounds } from "@/lib/server/read/api";

export const dynamic = "force-dynamic";

export async function GET(req: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return apiEventResponse(req, id, async (version) => ({ body: await apiRounds(id, version) }));
}
