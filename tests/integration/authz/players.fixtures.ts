/**
 * Inputs for the players actions (issue #16). Besides the shared victim event (round 1 published,
 * so its registration is closed) they aim at an event of their own with self-registration open:
 * a team two players formed through an invite link, a registration still waiting for the partner
 * and a player in the partner pool. Built once when this file is loaded (after the test database
 * is set up); every attacker is a stranger to that event.
 */
import { db } from "@/lib/db";
import type { Fixtures } from "./context";
import { makeEvent, makeUser, must } from "../fixtures";

const ev = await makeEvent("players-open");
await must("setSelfRegistration", ev.organizer, { eventId: ev.eventId, selfRegistration: true });
const [p1, p2, p3, p4] = [await makeUser("pl-one"), await makeUser("pl-two"), await makeUser("pl-three"), await makeUser("pl-four")];
await db().user.update({ where: { id: p1 }, data: { konamiId: "0400111222" } });
const first = await must<{ token: string }>("registerOwnTeam", p1, { eventId: ev.eventId, name: "Open Victims", side: "A" });
const { teamId } = await must<{ teamId: string }>("acceptInvite", p2, { token: first.token });
const { registrationId } = await must<{ registrationId: string }>("registerOwnTeam", p3, { eventId: ev.eventId, side: "B" });
const { entryId } = await must<{ entryId: string }>("joinPartnerPool", p4, { eventId: ev.eventId });

export const fixtures: Fixtures = {
  // Public by nature: refused because the username exists (nothing written).
  signUp: () => ({ username: "pl-one", password: "password123", displayName: "Copycat" }),
  // Self-only: the attacker may edit only their own profile; claiming the victim's Card Game ID is refused.
  updateProfile: () => ({ displayName: "Attacker", konamiId: "0400111222" }),
  lookupPlayerId: () => ({ eventId: ev.eventId, playerId: "0400111222" }),
  setSelfRegistration: () => ({ eventId: ev.eventId, selfRegistration: false }),
  // Self-service on the victim event: its registration closed when round 1 was paired.
  registerOwnTeam: (c) => ({ eventId: c.eventId, name: "Gatecrashers", side: "A" }),
  // The token that formed the victim team: single use, so nobody can take the seat again.
  acceptInvite: () => ({ token: first.token }),
  acceptInviteCode: () => ({ eventId: ev.eventId, code: "ZZZZ-ZZZZ" }),
  // A stranger completing the waiting registration with a partner of their choice: staff only.
  completeRegistrationForPartner: () => ({ registrationId, name: "Planted Partner" }),
  cancelRegistration: () => ({ registrationId }),
  withdrawTeam: () => ({ teamId }),
  swapTeamOrder: () => ({ teamId }),
  renameTeam: () => ({ teamId, name: "Hijacked" }),
  approveTeam: () => ({ teamId, approve: false }),
  // A judge's entry of a named player: refused to anyone not staff of the open event.
  joinPartnerPool: () => ({ eventId: ev.eventId, name: "Planted Player" }),
  leavePartnerPool: () => ({ entryId }),
  matchPartners: () => ({ eventId: ev.eventId, seed: "authz" }),
  closeCheckIn: () => ({ eventId: ev.eventId }),
};
