/** `GET /api/v1/events/:id/rounds/:number/pairings` (issue #17 read API): one published or closed round's pairings. */
import { apiEventResponse } from "@/lib/server/http/api";
import { apiPairings } from "@/lib/server/read/api";

export const dynamic = "force-dynamic";

export async function GET(req: Request, { params }: { params: Promise<{ id: string; number: string }> }) {
  const { id, number } = await params;
  return apiEventResponse(req, id, async (version) => {
    if (!/^[1-9]\d{0,3}$/.test(number)) return { status: 400, error: "number: give a round number from 1 to 9999" };
    const p = await apiPairings(id, Number(number), version);
    return p ? { body: p } : { status: 404, error: `round ${number}: not published` };
  });
}
