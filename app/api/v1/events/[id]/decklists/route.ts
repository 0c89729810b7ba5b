/**
 * `GET /api/v1/events/:id/decklists` (issue #17 read API): every list once published; before that
 * none, except a signed-in top-cut duelist's view under the `topCutOpenLists` setting
 * (lib/server/read/api.ts apiDecklists), so the answer is private to the viewer's cookie.
 */
import { currentSession } from "@/lib/auth/session";
import { apiEventResponse } from "@/lib/server/http/api";
import { apiDecklists } from "@/lib/server/read/api";

export const dynamic = "force-dynamic";

export async function GET(req: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return apiEventResponse(
    req,
    id,
    async (version) => {
      const session = await currentSession();
      const d = await apiDecklists(id, version, session?.userId ?? null);
      return d ? { body: d } : { status: 404, error: "no such event" };
    },
    { personal: true },
  );
}
