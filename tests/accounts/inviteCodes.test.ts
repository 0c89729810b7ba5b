import { describe, expect, it } from "vitest";
import { CODE_SPACE, guessChance, guessesWithin, INVITE_CODE_HOURS, MAX_OPEN_CODES_PER_EVENT } from "@/lib/accounts/inviteCodes";
import { LIMITS } from "@/lib/server/http/limiter";

const HOUR = 3600_000;

describe("typed partner codes: limiter arithmetic (issue #16 acceptance)", () => {
  it("the code space is 31^8 = 852,891,037,441", () => {
    expect(CODE_SPACE).toBe(852_891_037_441);
  });
  it("guesses one client can make within a code's 48 h, times the open codes of an event, over 31^8, is below 1e-6", () => {
    const perClient = guessesWithin(LIMITS.invite.address!, INVITE_CODE_HOURS * HOUR);
    // 10 per 15 minutes: 192 windows × 10 = 1,920 guesses.
    expect(perClient).toBe(1920);
    const p = guessChance(perClient, MAX_OPEN_CODES_PER_EVENT);
    expect(p).toBeCloseTo((1920 * 64) / 852_891_037_441, 15);
    expect(p).toBeLessThan(1e-6);
  });
  it("the per-event cap bounds all clients together (any number of addresses) below 1e-6 too", () => {
    const all = guessesWithin(LIMITS.invite.account!, INVITE_CODE_HOURS * HOUR);
    // 30 per 15 minutes plus one per minute in slow mode: 192 × (30 + 15) = 8,640 guesses.
    expect(all).toBe(8640);
    expect(guessChance(all, MAX_OPEN_CODES_PER_EVENT)).toBeLessThan(1e-6);
  });
});
