/** Inputs for the core actions (accounts, events, teams, decklists, rounds), aimed at the victim. */
import type { Fixtures } from "./context";

export const fixtures: Fixtures = {
  // Code-gated public actions: without a valid code nothing may happen.
  signUpWithClaim: () => ({ code: "AAAA-BBBB", username: "newcomer", password: "password123" }),
  claimDuelist: () => ({ code: "AAAA-BBBB" }),
  resetPassword: () => ({ username: "victim-to", code: "AAAA-BBBB", password: "password123" }),
  issueResetCode: (c) => ({ eventId: c.eventId, userId: c.judge }),
  // Self-only account actions: the attacker has no such invitation / notice / password.
  changePassword: () => ({ oldPassword: "not-my-password", newPassword: "password456" }),
  dismissResetNotice: () => ({}),
  acceptInvitation: (c) => ({ eventId: c.eventId }),
  declineInvitation: (c) => ({ eventId: c.eventId }),
  reissueClaimCodes: (c) => ({ teamId: c.teams[0] }),
  createEvent: () => ({ name: "Hijack", formatPreset: "KONAMI_TAG_2019" }),
  updateEvent: (c) => ({ eventId: c.eventId, name: "Renamed" }),
  addJudge: (c) => ({ eventId: c.eventId, username: "sneaky" }),
  removeJudge: (c) => ({ eventId: c.eventId, userId: c.judge }),
  registerTeam: (c) => ({ eventId: c.eventId, name: "Intruders", a: { name: "I" }, b: { name: "J" } }),
  updateTeam: (c) => ({ teamId: c.teams[0], name: "Renamed", a: { name: "X" }, b: { name: "Y" } }),
  dropTeam: (c) => ({ teamId: c.teams[0] }),
  deleteTeam: (c) => ({ teamId: c.teams[0] }),
  setEventHidden: (c) => ({ eventId: c.eventId, hidden: true }),
  setPublicUrl: () => ({ url: "http://phish.example:3000" }),
  importCards: () => ({ bytes: new Uint8Array([1, 2, 3]), fileName: "x.cdb" }),
  importBanlist: (c) => ({ eventId: c.eventId, text: "!Evil\n55144522 3\n" }),
  submitDecklist: (c) => ({ duelistId: c.victimDuelists[0], text: "#main\n55144522\n" }),
  unlockDecklist: (c) => ({ decklistId: c.victimDecklistId }),
  publishDecklists: (c) => ({ eventId: c.eventId, published: true }),
  pairNextRound: (c) => ({ eventId: c.eventId }),
  publishRound: (c) => ({ roundId: c.roundId }),
  roundClock: (c) => ({ roundId: c.roundId, action: "START" }),
  reportResult: (c) => ({ roundId: c.roundId, matchId: c.matchId, result: "team1" }),
  closeRound: (c) => ({ roundId: c.roundId }),
};
