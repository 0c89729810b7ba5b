/** Inputs for the venue actions (issue #16), aimed at the victim team, its table and its open judge call. */
import type { Fixtures } from "./context";
import { screenCode, teamCheckInCode } from "@/lib/server/write/checkinCodes";

export const fixtures: Fixtures = {
  setCheckInWindow: (c) => ({ eventId: c.eventId, opensAt: "", closesAt: "" }),
  // A valid code of this minute: the refusal must come from the duelist record not being the caller's.
  checkInWithScreenCode: (c) => ({ duelistId: c.victimDuelists[0], code: screenCode(c.eventId, Date.now()) }),
  checkInWithTeamCode: (c) => ({ teamId: c.teams[0], code: teamCheckInCode(c.teams[0]) }),
  selfDropTeam: (c) => ({ teamId: c.teams[0], confirm: true }),
  reverseSelfDrop: (c) => ({ teamId: c.teams[0] }),
  callJudge: (c) => ({ matchId: c.matchId, teamId: c.teams[0] }),
  acknowledgeJudgeCall: (c) => ({ callId: c.victimJudgeCallId }),
  resolveJudgeCall: (c) => ({ callId: c.victimJudgeCallId }),
};
