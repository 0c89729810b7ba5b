/**
 * Issue #16 check-in codes (lib/server/write/checkinCodes): the big-screen code is an HMAC of event
 * + 60-second slot under the server secret (not stored), refused once older than 2 minutes; the
 * printed team code is 10 symbols of 31; and the limiter arithmetic for the printed code.
 */
import { describe, expect, it } from "vitest";
import { checkScreenCode, checkTeamCode, screenCode, teamCheckInCode, TEAM_CODE_SPACE } from "@/lib/server/write/checkinCodes";
import { LIMITS } from "@/lib/server/http/limiter";

const SECRET = "test-secret";
const T0 = Date.UTC(2026, 11, 1, 9, 0, 0);

describe("big-screen check-in code", () => {
  it("is accepted in its slot and the next one, refused from 2 minutes old (expired)", () => {
    const c = screenCode("ev1", T0 + 5_000, SECRET);
    expect(checkScreenCode("ev1", c, T0 + 5_000, SECRET)).toBe("ok");
    expect(checkScreenCode("ev1", c, T0 + 119_000, SECRET)).toBe("ok");
    expect(checkScreenCode("ev1", c, T0 + 120_000, SECRET)).toBe("expired");
  });
  it("changes every 60 s", () => {
    expect(screenCode("ev1", T0, SECRET)).not.toBe(screenCode("ev1", T0 + 60_000, SECRET));
    expect(screenCode("ev1", T0, SECRET)).toBe(screenCode("ev1", T0 + 59_999, SECRET));
  });
  it("another event's code, another secret's code and a forged slot are invalid", () => {
    const c = screenCode("ev1", T0, SECRET);
    expect(checkScreenCode("ev2", c, T0, SECRET)).toBe("invalid");
    expect(checkScreenCode("ev1", c, T0, "other-secret")).toBe("invalid");
    const [slot, mac] = c.split("-");
    const later = (parseInt(slot, 36) + 1).toString(36);
    expect(checkScreenCode("ev1", `${later}-${mac}`, T0 + 60_000, SECRET)).toBe("invalid");
    expect(checkScreenCode("ev1", "not a code", T0, SECRET)).toBe("invalid");
  });
});

describe("printed team check-in code", () => {
  it("is 10 symbols of the receipt alphabet, the same on every print, typed in any case and spacing", () => {
    const c = teamCheckInCode("team-1", SECRET);
    expect(c).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
    expect(teamCheckInCode("team-1", SECRET)).toBe(c);
    expect(checkTeamCode("team-1", c.toLowerCase().replace("-", " "), SECRET)).toBe(true);
    expect(checkTeamCode("team-2", c, SECRET)).toBe(false);
  });
});

describe("limiter arithmetic for the printed check-in code (bucket checkin)", () => {
  const L = LIMITS.checkin;
  const WINDOW = L.address!.windowMs;
  // Lifetime bound: the code is tied to the team for the whole event; count a full year of check-in.
  const LIFETIME_MS = 365 * 24 * 3600_000;
  it("guesses of one client within the code's lifetime × open codes / code space < 1e-6", () => {
    const perClient = L.address!.max * Math.ceil(LIFETIME_MS / WINDOW); // 30 per 15 min
    const openCodes = 1; // a duelist types the code for their own team only: each guess tests one code
    expect(TEAM_CODE_SPACE).toBe(31 ** 10);
    expect((perClient * openCodes) / TEAM_CODE_SPACE).toBeLessThan(1e-6);
    expect(perClient).toBe(1_051_200);
  });
  it("the per-team cap bounds all clients together: at most max + window / slowEvery guesses per window", () => {
    const acc = L.account!;
    const perWindowAll = acc.max + Math.ceil(acc.windowMs / acc.slowEveryMs); // 10 + 15
    expect(perWindowAll).toBe(25);
    const allClients = perWindowAll * Math.ceil(LIFETIME_MS / acc.windowMs);
    expect(allClients / TEAM_CODE_SPACE).toBeLessThan(1e-6);
  });
});
