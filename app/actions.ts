"use server";
/**
 * The browser's entry points to the server layer (core areas; other areas have app/actions-<area>.ts).
 * Each export is a thin wrapper: it reads the session's user id and hands the raw input to the
 * registered action (lib/server/actions), which validates, authorizes, and writes in one
 * transaction. Keep one export per registry entry with the same name (the authorization test
 * checks this).
 */
import type { ActionResult } from "@/lib/server/errors";
import { callAction } from "./callAction";

/** Runs the registered action as the session's user; a failure's message comes back in the user's language. */
async function call(name: string, input: unknown): Promise<ActionResult<unknown>> {
  return callAction(name, input);
}

export async function signUpWithClaim(input: unknown) { return call("signUpWithClaim", input); }
export async function claimDuelist(input: unknown) { return call("claimDuelist", input); }
export async function resetPassword(input: unknown) { return call("resetPassword", input); }
export async function issueResetCode(input: unknown) { return call("issueResetCode", input); }
export async function changePassword(input: unknown) { return call("changePassword", input); }
export async function dismissResetNotice(input: unknown) { return call("dismissResetNotice", input); }
export async function acceptInvitation(input: unknown) { return call("acceptInvitation", input); }
export async function declineInvitation(input: unknown) { return call("declineInvitation", input); }
export async function reissueClaimCodes(input: unknown) { return call("reissueClaimCodes", input); }
export async function createEvent(input: unknown) { return call("createEvent", input); }
export async function updateEvent(input: unknown) { return call("updateEvent", input); }
export async function addJudge(input: unknown) { return call("addJudge", input); }
export async function removeJudge(input: unknown) { return call("removeJudge", input); }
export async function registerTeam(input: unknown) { return call("registerTeam", input); }
export async function updateTeam(input: unknown) { return call("updateTeam", input); }
export async function dropTeam(input: unknown) { return call("dropTeam", input); }
export async function deleteTeam(input: unknown) { return call("deleteTeam", input); }
export async function setEventHidden(input: unknown) { return call("setEventHidden", input); }
export async function setPublicUrl(input: unknown) { return call("setPublicUrl", input); }
export async function importCards(input: unknown) { return call("importCards", input); }
export async function importBanlist(input: unknown) { return call("importBanlist", input); }
export async function submitDecklist(input: unknown) { return call("submitDecklist", input); }
export async function unlockDecklist(input: unknown) { return call("unlockDecklist", input); }
export async function publishDecklists(input: unknown) { return call("publishDecklists", input); }
export async function pairNextRound(input: unknown) { return call("pairNextRound", input); }
export async function publishRound(input: unknown) { return call("publishRound", input); }
export async function roundClock(input: unknown) { return call("roundClock", input); }
export async function reportResult(input: unknown) { return call("reportResult", input); }
export async function closeRound(input: unknown) { return call("closeRound", input); }
