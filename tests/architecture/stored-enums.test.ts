/**
 * The Prisma enums that store core values list exactly the core's values (issue #11 item 3): a
 * value added to the core without a migration (or the reverse) fails here, not at the first write.
 */
import { describe, expect, it } from "vitest";
import { MatchEndReason, PenaltyKind } from "@/lib/generated/prisma/enums";
import { END_REASONS } from "@/lib/formats/results";
import { PENALTY_KINDS } from "@/lib/formats/penalties";

describe("stored enums match the core's value lists", () => {
  it("Match.endReason (MatchEndReason) holds every lib/formats END_REASONS value and no other", () => {
    expect(Object.values(MatchEndReason)).toEqual([...END_REASONS]);
  });

  it("Penalty.penalty (PenaltyKind) holds every lib/formats/penalties PENALTY_KINDS value and no other", () => {
    expect(Object.values(PenaltyKind)).toEqual([...PENALTY_KINDS]);
  });
});
