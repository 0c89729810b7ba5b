/** `GET /api/v1/openapi.json` (issue #17): the read API's OpenAPI 3.1 document (lib/api/openapi.ts). */
import { createHash } from "node:crypto";
import { apiDocument } from "@/lib/api/openapi";
import { apiPlainResponse } from "@/lib/server/http/api";

export const dynamic = "force-dynamic";

const doc = apiDocument();
const etag = `W/"d${createHash("sha1").update(JSON.stringify(doc)).digest("hex").slice(0, 16)}"`;

export async function GET(req: Request) {
  return apiPlainResponse(req, async () => ({ body: doc, etag }));
}
