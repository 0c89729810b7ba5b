/**
 * KTS `.Tournament` files (issue #17): parse ⇄ serialize (lib/interop/kts). The property test pins
 * serialize → parse as the identity on generated events; the rest pin the refusals (DOCTYPE, entity
 * declarations, size and player limits) and the reading rules (BOM + CRLF, IDs without leading zeros).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { KTS_MAX_BYTES, KTS_MAX_PLAYERS, KtsFileError, looksLikeKts, parseKts, serializeKts, type KtsTournament } from "@/lib/interop/kts";

const name = fc
  .string({ minLength: 0, maxLength: 12, unit: fc.constantFrom(..."AZaz09 &<>'\"ëé山田عليّ-.".split("")) })
  .map((s) => s.trim().replace(/\s+/g, " "));

const tournament: fc.Arbitrary<KtsTournament> = fc
  .record({
    name,
    id: fc.stringMatching(/^[A-Z][0-9]{2}-[0-9]{6}$/),
    date: fc.constantFrom("", "2026-12-01", "2019-05-04"),
    size: fc.integer({ min: 1, max: 12 }),
    rounds: fc.integer({ min: 0, max: 5 }),
    seed: fc.integer(),
    tag: fc.boolean(),
    finalized: fc.boolean(),
  })
  .chain(({ size, tag, rounds, ...rest }) =>
    fc
      .record({
        players: fc.uniqueArray(fc.integer({ min: 1, max: 9_999_999_999 }), { minLength: size, maxLength: size }).chain((ids) =>
          fc.tuple(
            ...ids.map((n, i) =>
              fc.record({
                id: fc.constant(String(n).padStart(10, "0")),
                firstName: name.filter((s) => s !== ""),
                lastName: name,
                teamPosition: fc.constant((tag ? (i % 2) + 1 : 0) as 0 | 1 | 2),
                dropRound: fc.integer({ min: 0, max: 9 }),
                dropReason: fc.constantFrom("Drop" as const, "PlayoffCut" as const, "Active" as const),
                rank: fc.integer({ min: 0, max: size }),
                wins: fc.integer({ min: 0, max: 30 }),
                points: fc.integer({ min: 0, max: 30_999_999 }),
                notes: name,
              }),
            ),
          ),
        ),
        playoffRound: fc.integer({ min: 0, max: rounds }),
      })
      .chain(({ players, playoffRound }) => {
        const ids = players.map((p) => p.id);
        const match = fc
          .record({
            a: fc.constantFrom(...ids),
            b: fc.option(fc.constantFrom(...ids), { nil: null }),
            round: fc.integer({ min: 1, max: Math.max(1, rounds) }),
            table: fc.integer({ min: 0, max: 50 }),
            kind: fc.constantFrom("win1", "win2", "draw", "none"),
          })
          .filter((m) => m.a !== m.b)
          .map((m) => ({
            player1: m.a,
            player2: m.b,
            round: m.round,
            table: m.table,
            status: (m.kind === "draw" && m.b ? "Draw" : "Winner") as "Winner" | "Draw",
            winner: m.kind === "win1" ? m.a : m.kind === "win2" && m.b ? m.b : null,
            playoff: playoffRound > 0 && m.round >= playoffRound,
          }));
        return fc.record({
          players: fc.constant(players),
          matches: fc.array(match, { maxLength: 20 }),
          playoffRound: fc.constant(playoffRound),
          currentRound: fc.constant(rounds),
        });
      })
      .map((r) => ({ ...rest, ...r })),
  )
  .map(({ seed: _seed, ...t }) => t);

describe("KTS .Tournament files", () => {
  it("serialize then parse is the identity on generated events (1v1 and Tag)", () => {
    fc.assert(
      fc.property(tournament, (t) => {
        expect(parseKts(serializeKts(t))).toEqual(t);
      }),
      { numRuns: 150 },
    );
  });

  it("reads a file with a UTF-8 BOM and CRLF line ends, and match IDs without the leading zeros", () => {
    const t: KtsTournament = {
      name: "Store Championship",
      id: "X99-000001",
      date: "2026-12-01",
      currentRound: 1,
      playoffRound: 0,
      finalized: true,
      players: ["0000012345", "0000000077"].map((id, i) => ({
        id,
        firstName: i ? "Bea" : "Ann",
        lastName: "Rossi",
        teamPosition: 0 as const,
        dropRound: 1,
        dropReason: "Active" as const,
        rank: i + 1,
        wins: i ? 0 : 3,
        points: i ? 1000 : 3000000,
        notes: "",
      })),
      matches: [
        { player1: "0000012345", player2: "0000000077", round: 1, status: "Winner", table: 1, winner: "0000012345", playoff: false },
      ],
    };
    const file =
      "\uFEFF" +
      serializeKts(t)
        .replace(/<Player>0000012345<\/Player>/, "<Player>12345</Player>")
        .replace(/0000000077<\/Winner>/, "77</Winner>");
    expect(file).toContain("\r\n");
    expect(file).toContain("<Player>12345</Player>");
    expect(looksLikeKts(file)).toBe(true);
    expect(parseKts(file)).toEqual(t);
  });

  it("refuses a file with a DOCTYPE, and one declaring an entity, naming the reason", () => {
    const doctype = `<?xml version="1.0"?>\r\n<!DOCTYPE Tournament [<!ENTITY x "xxxxxxxx">]>\r\n<Tournament><Name>&x;</Name></Tournament>`;
    expect(looksLikeKts(doctype), "an upload with a DOCTYPE goes to this parser and its refusal").toBe(true);
    expect(() => parseKts(doctype)).toThrow(KtsFileError);
    expect(() => parseKts(doctype)).toThrow(/DOCTYPE/);
    expect(() => parseKts(`<Tournament><!ENTITY x "y"><Name>n</Name></Tournament>`)).toThrow(/entity/);
  });

  it("a file nested deeper than the parser reads is refused as a file error naming the reason, not a crash", () => {
    const deep = `<Tournament>${"<a>".repeat(20_000)}${"</a>".repeat(20_000)}</Tournament>`;
    expect(() => parseKts(deep)).toThrow(KtsFileError);
    expect(() => parseKts(deep)).toThrow("The file could not be read: Maximum nested tags exceeded");
  });

  it("refuses more than 10,000 players and more than 5 MB before parsing", () => {
    const player = "<TournPlayer><Player><ID>1</ID><FirstName>A</FirstName></Player></TournPlayer>";
    const many = `<Tournament><TournamentPlayers>${player.repeat(KTS_MAX_PLAYERS + 1)}</TournamentPlayers></Tournament>`;
    expect(many.length).toBeLessThan(KTS_MAX_BYTES);
    expect(() => parseKts(many)).toThrow(`The file lists ${KTS_MAX_PLAYERS + 1} players; at most 10000 are read.`);
    const big = `<Tournament><Name>${"x".repeat(KTS_MAX_BYTES)}</Name></Tournament>`;
    expect(() => parseKts(big)).toThrow(/at most 5242880 bytes/);
  });

  it("names the element, index and player when a field is wrong", () => {
    const ok = serializeKts({
      name: "E",
      id: "",
      date: "",
      currentRound: 1,
      playoffRound: 0,
      finalized: false,
      players: [
        {
          id: "0000000001",
          firstName: "A",
          lastName: "",
          teamPosition: 0,
          dropRound: 1,
          dropReason: "Active",
          rank: 1,
          wins: 3,
          points: 3000000,
          notes: "",
        },
      ],
      matches: [{ player1: "0000000001", player2: null, round: 1, status: "Winner", table: 0, winner: "0000000001", playoff: false }],
    });
    expect(() => parseKts(ok.replace("<Rank>1</Rank>", "<Rank>first</Rank>"))).toThrow(
      'TournPlayer 1 (ID 0000000001): Rank must be a whole number, found "first"',
    );
    expect(() => parseKts(ok.replace("<Winner>0000000001</Winner>", "<Winner>42</Winner>"))).toThrow(
      "TournMatch 1 (round 1, table 0): Winner 42 is not in TournamentPlayers",
    );
    expect(() => parseKts(ok.replace("</Matches>", ""))).toThrow(/Not well-formed XML at line/);
    expect(() => parseKts(ok.replace("<DropReason>Active", "<DropReason>Gone"))).toThrow(/DropReason must be Drop, PlayoffCut or Active/);
  });
});
