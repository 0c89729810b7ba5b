/**
 * Issue #17 "Read API" acceptance, through the real route handlers on Postgres: a finished
 * 4-team MTG Two-Headed Giant event (2 Swiss rounds, no cut) read through every /api/v1 endpoint.
 * - every endpoint answers 304 to a matching If-None-Match (ETag `W/"v<event version>"`) and 429
 *   with Retry-After past the per-address limit (lib/server/http/limiter.ts bucket `api`);
 * - unpublished decklists (and claim codes, Player IDs) are absent from every endpoint for the
 *   public, a duelist of another team and a judge of another event; once published they show;
 * - the OpenAPI document validates (@readme/openapi-parser) and each endpoint's real body
 *   validates against its schema in the document (ajv, JSON Schema 2020-12);
 * - the MTGODecklistCache export carries the placings, rounds and standings of the event.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { validate, compileErrors } from "@readme/openapi-parser";
import { Ajv2020 } from "ajv/dist/2020.js";
import { useTestDatabase } from "./db";
import { addJudgeAccepted, makeEvent, makeUser, must, registerTeams } from "./fixtures";
import { db } from "@/lib/db";
import { clearCaches } from "@/lib/server/http/cache";
import { LIMITS } from "@/lib/server/http/limiter";
import { apiDocument } from "@/lib/api/openapi";
import { EVENT_FILE_FORMATS, eventFileFormat } from "@/lib/server/interop/formats";

const viewer = vi.hoisted(() => ({ userId: null as string | null }));
vi.mock("@/lib/auth/session", async (orig) => ({
  ...(await orig<typeof import("@/lib/auth/session")>()),
  currentSession: async () => (viewer.userId ? { userId: viewer.userId, sv: 0 } : null),
}));

await useTestDatabase();

const routes = {
  events: await import("@/app/api/v1/events/route"),
  event: await import("@/app/api/v1/events/[id]/route"),
  rounds: await import("@/app/api/v1/events/[id]/rounds/route"),
  pairings: await import("@/app/api/v1/events/[id]/rounds/[number]/pairings/route"),
  standings: await import("@/app/api/v1/events/[id]/standings/route"),
  decklists: await import("@/app/api/v1/events/[id]/decklists/route"),
  mtgo: await import("@/app/api/v1/events/[id]/mtgo/route"),
  openapi: await import("@/app/api/v1/openapi.json/route"),
};
type Name = keyof typeof routes;
/** The document's schema of each endpoint's 200 body. */
const SCHEMA: Record<Name, string> = {
  events: "EventList",
  event: "EventDetail",
  rounds: "RoundList",
  pairings: "Pairings",
  standings: "Standings",
  decklists: "Decklists",
  mtgo: "MtgoTournament",
  openapi: "",
};

let eventId = "";
async function call(name: Name, headers: Record<string, string> = {}): Promise<Response> {
  const req = new Request(`http://127.0.0.1:1/api/v1/${name}`, { headers });
  const params = Promise.resolve({ id: eventId, number: "1" });
  return (routes[name].GET as (r: Request, c: { params: typeof params }) => Promise<Response>)(req, { params });
}
const NAMES = Object.keys(routes) as Name[];

/** Every route file under app/api/v1 (so a new endpoint cannot skip the privacy and limit checks below). */
function v1RouteFiles(dir = path.join(import.meta.dirname, "../../app/api/v1")): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? v1RouteFiles(path.join(dir, d.name)) : d.name === "route.ts" ? [path.join(dir, d.name)] : [],
  );
}

describe("read API /api/v1 (issue #17)", () => {
  let ev: { organizer: string; judge: string; eventId: string };
  let otherTeamDuelist: string, otherJudge: string;
  const MAIN = "56 Mountain\n4 Lightning Bolt";

  beforeAll(async () => {
    const organizer = await makeUser("api-to", { organizer: true });
    const judge = await makeUser("api-judge");
    ({ eventId } = await must<{ eventId: string }>("createEvent", organizer, { name: "2HG Sunday", formatPreset: "MTG_2HG" }));
    await addJudgeAccepted(organizer, eventId, "api-judge", judge);
    ev = { organizer, judge, eventId };
    const teams = await registerTeams(eventId, judge, 4, "H");
    await must("setStructure", organizer, { eventId, swissRounds: 2, topCut: 0 });
    const a1 = await db().duelist.findFirstOrThrow({ where: { teamId: teams[0], designation: "A" } });
    await must("submitDecklist", judge, { duelistId: a1.id, text: MAIN });
    for (const seed of ["api-1", "api-2"]) {
      const { roundId } = await must<{ roundId: string }>("pairNextRound", organizer, { eventId, seed });
      await must("publishRound", organizer, { roundId });
      for (const m of await db().match.findMany({ where: { roundId, outcome: null } }))
        await must("reportResult", judge, { roundId, matchId: m.id, result: "team1" });
      await must("closeRound", organizer, { roundId });
    }
    await must("finishEvent", organizer, { eventId });
    // A duelist of another team (team 2, linked to an account) and a judge of another event.
    otherTeamDuelist = await makeUser("api-duelist");
    await db().duelist.updateMany({ where: { teamId: teams[1], designation: "A" }, data: { userId: otherTeamDuelist } });
    const other = await makeEvent("api-other");
    otherJudge = other.judge;
    clearCaches();
  });

  it("every app/api/v1 route file is one of the endpoints checked here (8 routes)", () => {
    const root = path.join(import.meta.dirname, "../../app/api/v1");
    const files = v1RouteFiles().map((f) => path.relative(root, f));
    expect(files.sort()).toEqual(
      [
        "events/route.ts",
        "events/[id]/route.ts",
        "events/[id]/rounds/route.ts",
        "events/[id]/rounds/[number]/pairings/route.ts",
        "events/[id]/standings/route.ts",
        "events/[id]/decklists/route.ts",
        "events/[id]/mtgo/route.ts",
        "openapi.json/route.ts",
      ].sort(),
    );
    expect(NAMES).toHaveLength(files.length);
  });

  it('every endpoint answers 200 with ETag, then 304 to a matching If-None-Match (event ones: W/"v<version>")', async () => {
    const { version } = await db().event.findUniqueOrThrow({ where: { id: eventId } });
    for (const name of NAMES) {
      const res = await call(name);
      expect(res.status, name).toBe(200);
      const etag = res.headers.get("etag")!;
      if (name !== "events" && name !== "openapi") expect(etag, name).toBe(`W/"v${version}"`);
      const again = await call(name, { "if-none-match": etag });
      expect(again.status, name).toBe(304);
      expect(await again.text(), name).toBe("");
    }
  });

  it("the event list's ETag changes when a listed event changes", async () => {
    const before = (await call("events")).headers.get("etag");
    await must("updateEvent", ev.organizer, { eventId, name: "2HG Sunday Final" });
    clearCaches();
    const res = await call("events", { "if-none-match": before! });
    expect(res.status).toBe(200);
    expect((await res.json()).events.map((e: { name: string }) => e.name)).toContain("2HG Sunday Final");
  });

  it("unpublished lists, claim codes, Player IDs absent everywhere for the public, other team's duelist, other event's judge", async () => {
    const hashes = (await db().duelist.findMany({ where: { eventId } })).map((d) => d.claimCodeHash).filter(Boolean) as string[];
    for (const who of [null, otherTeamDuelist, otherJudge]) {
      viewer.userId = who;
      for (const name of NAMES) {
        const text = await (await call(name)).text();
        expect(text, `${name} as ${who}`).not.toMatch(/Lightning Bolt|Mountain/);
        expect(text, name).not.toMatch(/H101/); // registerTeams gives A duelists Player ID H<n>01
        for (const h of hashes) expect(text, name).not.toContain(h);
      }
      const lists = await (await call("decklists")).json();
      expect(lists).toMatchObject({ published: false, teams: [] });
      expect((await (await call("mtgo")).json()).Decks).toEqual([]);
    }
    viewer.userId = null;
  });

  it("once published, the lists show on /decklists and as MTGODecklistCache Decks (team 1 A: 56 Mountain + 4 Lightning Bolt)", async () => {
    await must("publishDecklists", ev.organizer, { eventId, published: true });
    clearCaches();
    const lists = await (await call("decklists")).json();
    expect(lists.published).toBe(true);
    const h1 = lists.teams.find((t: { name: string }) => t.name === "H1");
    expect(h1.duelists[0].sections.find((s: { id: string }) => s.id === "main")).toMatchObject({
      total: 60,
      cards: [
        { name: "Mountain", count: 56 },
        { name: "Lightning Bolt", count: 4 },
      ],
    });
    const mtgo = await (await call("mtgo")).json();
    expect(mtgo.Decks).toHaveLength(1);
    expect(mtgo.Decks[0]).toMatchObject({
      Player: "H1 / H1 Alpha",
      Mainboard: [
        { Count: 56, CardName: "Mountain" },
        { Count: 4, CardName: "Lightning Bolt" },
      ],
      Sideboard: [],
    });
  });

  it("MTGODecklistCache export: 2 rounds of 2 matches, standings by final place, 6 points for the 2-0 team (its champion)", async () => {
    const mtgo = await (await call("mtgo")).json();
    expect(mtgo.Tournament).toMatchObject({ Name: "2HG Sunday Final" });
    expect(mtgo.Rounds.map((r: { RoundName: string; Matches: unknown[] }) => [r.RoundName, r.Matches.length])).toEqual([
      ["Round 1", 2],
      ["Round 2", 2],
    ]);
    expect(mtgo.Standings.map((s: { Rank: number }) => s.Rank)).toEqual([1, 2, 3, 4]);
    expect(mtgo.Standings[0]).toMatchObject({ Points: 6, Wins: 2, Losses: 0 });
    const event = await (await call("event")).json();
    expect(event).toMatchObject({ status: "FINISHED", game: "MTG", swissRounds: 2, topCut: 0, champion: mtgo.Standings[0].Player });
    const standings = await (await call("standings")).json();
    expect(standings.placings.map((p: { place: number }) => p.place)).toEqual([1, 2, 3, 4]);
    expect(standings.placings[0].name).toBe(mtgo.Standings[0].Player);
    // The CLI registry exports the same item (export only).
    const f = eventFileFormat("mtgo")!;
    expect(EVENT_FILE_FORMATS).toContain(f);
    expect(f.importEvent).toBeNull();
    expect(JSON.parse((await f.exportEvent(eventId)).body).Standings).toEqual(mtgo.Standings);
  });

  it("a Tag Duel event has no MTGODecklistCache export (409), an unpublished round number is 404, a bad one 400", async () => {
    const tag = await makeEvent("api-tag");
    const saved = eventId;
    eventId = tag.eventId;
    expect((await call("mtgo")).status).toBe(409);
    expect((await call("pairings")).status).toBe(404);
    eventId = saved;
    const bad = await routes.pairings.GET(new Request("http://127.0.0.1:1/x"), { params: Promise.resolve({ id: eventId, number: "x" }) });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatch(/^number:/);
  });

  it("the OpenAPI 3.1 document validates and every endpoint's body validates against its schema in it", async () => {
    const doc = await (await call("openapi")).json();
    const result = await validate(structuredClone(doc));
    expect(result.valid, result.valid ? "" : compileErrors(result)).toBe(true);
    expect(doc.openapi).toBe("3.1.0");
    expect(doc).toEqual(JSON.parse(JSON.stringify(apiDocument())));
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addSchema({ $id: "tandem-api", components: doc.components });
    for (const name of NAMES.filter((n) => n !== "openapi")) {
      const check = ajv.getSchema(`tandem-api#/components/schemas/${SCHEMA[name]}`)!;
      const body = await (await call(name)).json();
      expect(check(body), `${name}: ${JSON.stringify(check.errors)}`).toBe(true);
    }
    // A body missing a required field fails (the check can fail).
    expect(ajv.getSchema("tandem-api#/components/schemas/EventDetail")!({ id: "x" })).toBe(false);
  });

  it("past the per-address limit every endpoint answers 429 with Retry-After; another address still reads", async () => {
    const saved = LIMITS.api.address!.max;
    LIMITS.api.address!.max = 2;
    try {
      for (const [i, name] of NAMES.entries()) {
        const me = { "x-tandem-client": `198.51.100.${i + 1}` };
        expect((await call(name, me)).status, name).toBe(200);
        expect((await call(name, me)).status, name).toBe(200);
        const refused = await call(name, me);
        expect(refused.status, name).toBe(429);
        expect(Number(refused.headers.get("retry-after")), name).toBeGreaterThan(0);
        expect((await refused.json()).error, name).toMatch(/too many requests/);
        expect((await call(name, { "x-tandem-client": `203.0.113.${i + 1}` })).status, name).toBe(200);
      }
    } finally {
      LIMITS.api.address!.max = saved;
    }
  });
});

describe("decklists before publication with topCutOpenLists on (issue #16 setting, lib/venue/rules topCutListsOpen)", () => {
  it("a signed-in top-cut duelist reads the other top-cut team's list, never a non-cut team's; others read none", async () => {
    const ev = await makeEvent("api-cut");
    eventId = ev.eventId;
    const teams = await registerTeams(ev.eventId, ev.judge, 4, "C");
    await must("setStructure", ev.organizer, { eventId, swissRounds: 1, topCut: 2 });
    await must("updateEvent", ev.organizer, { eventId, settings: { topCutOpenLists: true } });
    const users = new Map<string, string>();
    for (const [i, teamId] of teams.entries()) {
      const a = await db().duelist.findFirstOrThrow({ where: { teamId, designation: "A" } });
      await must("submitDecklist", ev.judge, { duelistId: a.id, text: "#main\n14558127\n" });
      const u = await makeUser(`api-cut-${i}`);
      await db().duelist.update({ where: { id: a.id }, data: { userId: u } });
      users.set(teamId, u);
    }
    const { roundId } = await must<{ roundId: string }>("pairNextRound", ev.organizer, { eventId, seed: "cut-1" });
    await must("publishRound", ev.organizer, { roundId });
    for (const m of await db().match.findMany({ where: { roundId, outcome: null } }))
      await must("reportResult", ev.judge, { roundId, matchId: m.id, result: "team1" });
    await must("closeRound", ev.organizer, { roundId });
    const cut = await must<{ roundId: string }>("pairTopCutRound", ev.organizer, { eventId, drawSeed: "cut" });
    await must("publishRound", ev.organizer, { roundId: cut.roundId });
    const inCut = (await db().matchTeam.findMany({ where: { match: { roundId: cut.roundId } } })).map((s) => s.teamId);
    expect(inCut).toHaveLength(2);
    const out = teams.filter((t) => !inCut.includes(t));
    clearCaches();
    const seen = async (userId: string | null) => {
      viewer.userId = userId;
      const body = await (await call("decklists")).json();
      viewer.userId = null;
      return (body.teams as { teamId: string }[]).map((t) => t.teamId).sort();
    };
    expect(await seen(users.get(inCut[0])!)).toEqual([...inCut].sort());
    expect(await seen(users.get(out[0])!)).toEqual([out[0]]);
    expect(await seen(null)).toEqual([]);
    expect(await seen(ev.judge)).toEqual([]); // staff read unpublished lists in the app, not through the API
  });
});
