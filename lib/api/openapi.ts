/**
 * The OpenAPI 3.1 document of the read API (issue #17), served at `GET /api/v1/openapi.json`.
 * Component schemas are generated from lib/api/schemas.ts with zod 4 `z.toJSONSchema` (JSON Schema
 * 2020-12, the dialect of OpenAPI 3.1), so the document describes exactly the bodies served.
 * Pure: no I/O; `apiDocument()` returns a fresh object each call.
 */
import { z } from "zod";
import { apiRegistry } from "./schemas";

/** The API version in the paths (`/api/v1/…`) and in `info.version`. */
export const API_VERSION = "1";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const eventId = { name: "id", in: "path", required: true, schema: { type: "string" }, description: "the event id" };
const json = (name: string, description: string) => ({ description, content: { "application/json": { schema: ref(name) } } });
const common = {
  "304": { description: "Not modified: If-None-Match matched the current ETag" },
  "404": json("Error", "no such event (or round)"),
  "429": {
    description: "Too many requests from this client address; retry after the given seconds",
    headers: { "Retry-After": { schema: { type: "integer" }, description: "seconds" } },
    content: { "application/json": { schema: ref("Error") } },
  },
};
const etag = { ETag: { schema: { type: "string" }, description: 'W/"v<event version>"' } };
const get = (summary: string, schema: string, params: object[] = [eventId], extra: Record<string, unknown> = {}) => ({
  get: {
    summary,
    parameters: [...params, { name: "If-None-Match", in: "header", required: false, schema: { type: "string" } }],
    responses: { "200": { ...json(schema, "OK"), headers: etag }, ...common, ...extra },
  },
});

/** Paths of the read API relative to the server root, keyed as in the document. */
export const API_PATHS = {
  events: "/api/v1/events",
  event: "/api/v1/events/{id}",
  rounds: "/api/v1/events/{id}/rounds",
  pairings: "/api/v1/events/{id}/rounds/{number}/pairings",
  standings: "/api/v1/events/{id}/standings",
  decklists: "/api/v1/events/{id}/decklists",
  mtgo: "/api/v1/events/{id}/mtgo",
} as const;

/** The OpenAPI 3.1 document (plain JSON value). */
export function apiDocument() {
  const { schemas } = z.toJSONSchema(apiRegistry, { target: "draft-2020-12", uri: (id) => `#/components/schemas/${id}` });
  // Each generated schema names its own dialect; the document's jsonSchemaDialect says it once.
  for (const s of Object.values(schemas)) delete (s as { $schema?: string }).$schema;
  const round = { name: "number", in: "path", required: true, schema: { type: "integer", minimum: 1 }, description: "round number" };
  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: "Tandem read API",
      version: API_VERSION,
      description:
        "Public, read-only data of Tandem events: anonymous reads of what the public pages show. " +
        'Every event response carries ETag W/"v<version>" (answer If-None-Match with 304) and is rate-limited per client address.',
    },
    paths: {
      [API_PATHS.events]: {
        get: {
          summary: "Public events (not hidden), newest first",
          parameters: [{ name: "If-None-Match", in: "header", required: false, schema: { type: "string" } }],
          responses: { "200": { ...json("EventList", "OK"), headers: etag }, "304": common["304"], "429": common["429"] },
        },
      },
      [API_PATHS.event]: get("One event", "EventDetail"),
      [API_PATHS.rounds]: get("Published and closed rounds", "RoundList"),
      [API_PATHS.pairings]: get("Pairings of one published or closed round", "Pairings", [eventId, round]),
      [API_PATHS.standings]: get("Official standings with final placings", "Standings"),
      [API_PATHS.decklists]: get("Decklists once published (a signed-in top-cut team: per the open-lists setting)", "Decklists"),
      [API_PATHS.mtgo]: get("MTGODecklistCache-shaped export of a finished MTG Two-Headed Giant event", "MtgoTournament", [eventId], {
        "409": json("Error", "the event is not a finished MTG event"),
      }),
    },
    components: { schemas },
  };
}
