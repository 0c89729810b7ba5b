"use server";
/**
 * "use server" entry points of the players area (lib/server/actions/players.ts, issue #16):
 * accounts and profile, team self-registration and invites, partner pool, check-in close.
 * One thin wrapper per registered action, same name.
 */
import type { ActionInput, ActionOutput } from "@/lib/server/action";
import * as players from "@/lib/server/actions/players";
import { runAction } from "@/lib/server/action/run";

/** What "match partners" answers (teams drawn, the seed, the leftover single). */
export type MatchPartnersResult = ActionOutput<typeof players.matchPartners>;

export async function signUp(input: ActionInput<typeof players.signUp>) {
  return runAction(players.signUp, input);
}

export async function updateProfile(input: ActionInput<typeof players.updateProfile>) {
  return runAction(players.updateProfile, input);
}

export async function lookupPlayerId(input: ActionInput<typeof players.lookupPlayerId>) {
  return runAction(players.lookupPlayerId, input);
}

export async function setSelfRegistration(input: ActionInput<typeof players.setSelfRegistration>) {
  return runAction(players.setSelfRegistration, input);
}

export async function registerOwnTeam(input: ActionInput<typeof players.registerOwnTeam>) {
  return runAction(players.registerOwnTeam, input);
}

export async function acceptInvite(input: ActionInput<typeof players.acceptInvite>) {
  return runAction(players.acceptInvite, input);
}

export async function completeRegistrationForPartner(input: ActionInput<typeof players.completeRegistrationForPartner>) {
  return runAction(players.completeRegistrationForPartner, input);
}

export async function acceptInviteCode(input: ActionInput<typeof players.acceptInviteCode>) {
  return runAction(players.acceptInviteCode, input);
}

export async function cancelRegistration(input: ActionInput<typeof players.cancelRegistration>) {
  return runAction(players.cancelRegistration, input);
}

export async function withdrawTeam(input: ActionInput<typeof players.withdrawTeam>) {
  return runAction(players.withdrawTeam, input);
}

export async function swapTeamOrder(input: ActionInput<typeof players.swapTeamOrder>) {
  return runAction(players.swapTeamOrder, input);
}

export async function renameTeam(input: ActionInput<typeof players.renameTeam>) {
  return runAction(players.renameTeam, input);
}

export async function approveTeam(input: ActionInput<typeof players.approveTeam>) {
  return runAction(players.approveTeam, input);
}

export async function joinPartnerPool(input: ActionInput<typeof players.joinPartnerPool>) {
  return runAction(players.joinPartnerPool, input);
}

export async function leavePartnerPool(input: ActionInput<typeof players.leavePartnerPool>) {
  return runAction(players.leavePartnerPool, input);
}

export async function matchPartners(input: ActionInput<typeof players.matchPartners>) {
  return runAction(players.matchPartners, input);
}

export async function closeCheckIn(input: ActionInput<typeof players.closeCheckIn>) {
  return runAction(players.closeCheckIn, input);
}
