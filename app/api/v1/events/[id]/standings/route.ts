/** `GET /api/v1/events/:id/standings` (issue #17 read API): official standings with final placings. */
import { apiEventResponse } from "@/lib/server/http/api";
import { apiStandings } from "@/lib/server/read/api";

export const dynamic = "force-dynamic";

export async function GET(req: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return apiEventResponse(req, id, async (version) => ({ body: await apiStandings(id, version) }));
}
