"use server";
/**
 * The browser's entry points to the server layer (core areas; other areas have lib/server/actions/browser/<area>.ts).
 * Each export is typed by the action definition it imports from lib/server/actions (input: the
 * schema's input type; result: ActionResult of the action's data) and runs it with runAction
 * (lib/server/action/run.ts) as the session's user: validate, authorize, one transaction, one audit row.
 * Keep one export per registry entry with the same name (the authorization test checks this).
 */
import type { ActionInput } from "@/lib/server/action";
import * as accounts from "@/lib/server/actions/accounts";
import * as decklists from "@/lib/server/actions/decklists";
import * as events from "@/lib/server/actions/events";
import * as instance from "@/lib/server/actions/instance";
import * as rounds from "@/lib/server/actions/rounds";
import * as staff from "@/lib/server/actions/staff";
import * as teams from "@/lib/server/actions/teams";
import { runAction } from "@/lib/server/action/run";

export async function signUpWithClaim(input: ActionInput<typeof accounts.signUpWithClaim>) {
  return runAction(accounts.signUpWithClaim, input);
}
export async function claimDuelist(input: ActionInput<typeof accounts.claimDuelist>) {
  return runAction(accounts.claimDuelist, input);
}
export async function resetPassword(input: ActionInput<typeof accounts.resetPassword>) {
  return runAction(accounts.resetPassword, input);
}
export async function issueResetCode(input: ActionInput<typeof accounts.issueResetCode>) {
  return runAction(accounts.issueResetCode, input);
}
export async function changePassword(input: ActionInput<typeof accounts.changePassword>) {
  return runAction(accounts.changePassword, input);
}
export async function dismissResetNotice(input: ActionInput<typeof accounts.dismissResetNotice>) {
  return runAction(accounts.dismissResetNotice, input);
}
export async function acceptInvitation(input: ActionInput<typeof staff.acceptInvitation>) {
  return runAction(staff.acceptInvitation, input);
}
export async function declineInvitation(input: ActionInput<typeof staff.declineInvitation>) {
  return runAction(staff.declineInvitation, input);
}
export async function reissueClaimCodes(input: ActionInput<typeof teams.reissueClaimCodes>) {
  return runAction(teams.reissueClaimCodes, input);
}
export async function createEvent(input: ActionInput<typeof events.createEvent>) {
  return runAction(events.createEvent, input);
}
export async function updateEvent(input: ActionInput<typeof events.updateEvent>) {
  return runAction(events.updateEvent, input);
}
export async function addJudge(input: ActionInput<typeof events.addJudge>) {
  return runAction(events.addJudge, input);
}
export async function removeJudge(input: ActionInput<typeof events.removeJudge>) {
  return runAction(events.removeJudge, input);
}
export async function registerTeam(input: ActionInput<typeof teams.registerTeam>) {
  return runAction(teams.registerTeam, input);
}
export async function updateTeam(input: ActionInput<typeof teams.updateTeam>) {
  return runAction(teams.updateTeam, input);
}
export async function dropTeam(input: ActionInput<typeof teams.dropTeam>) {
  return runAction(teams.dropTeam, input);
}
export async function deleteTeam(input: ActionInput<typeof teams.deleteTeam>) {
  return runAction(teams.deleteTeam, input);
}
export async function setEventHidden(input: ActionInput<typeof events.setEventHidden>) {
  return runAction(events.setEventHidden, input);
}
export async function setPublicUrl(input: ActionInput<typeof instance.setPublicUrl>) {
  return runAction(instance.setPublicUrl, input);
}
export async function importCards(input: ActionInput<typeof decklists.importCards>) {
  return runAction(decklists.importCards, input);
}
export async function importBanlist(input: ActionInput<typeof decklists.importBanlist>) {
  return runAction(decklists.importBanlist, input);
}
export async function submitDecklist(input: ActionInput<typeof decklists.submitDecklist>) {
  return runAction(decklists.submitDecklist, input);
}
export async function unlockDecklist(input: ActionInput<typeof decklists.unlockDecklist>) {
  return runAction(decklists.unlockDecklist, input);
}
export async function publishDecklists(input: ActionInput<typeof decklists.publishDecklists>) {
  return runAction(decklists.publishDecklists, input);
}
export async function pairNextRound(input: ActionInput<typeof rounds.pairNextRound>) {
  return runAction(rounds.pairNextRound, input);
}
export async function publishRound(input: ActionInput<typeof rounds.publishRound>) {
  return runAction(rounds.publishRound, input);
}
export async function roundClock(input: ActionInput<typeof rounds.roundClock>) {
  return runAction(rounds.roundClock, input);
}
export async function reportResult(input: ActionInput<typeof rounds.reportResult>) {
  return runAction(rounds.reportResult, input);
}
export async function closeRound(input: ActionInput<typeof rounds.closeRound>) {
  return runAction(rounds.closeRound, input);
}
