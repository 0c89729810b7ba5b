"use server";
/**
 * The browser's entry points to the server layer. Each export is a thin wrapper: it reads the
 * session's user id and hands the raw input to the registered action (lib/server/actions), which
 * validates, authorizes, and writes in one transaction. Keep one export per registry entry with
 * the same name (the authorization test checks this).
 */
import { currentUserId } from "@/lib/auth/actor";
import { ACTIONS, type ActionName } from "@/lib/server/actions";
import type { ActionResult } from "@/lib/server/errors";

async function call(name: ActionName, input: unknown): Promise<ActionResult<unknown>> {
  return ACTIONS[name].handle(await currentUserId(), input);
}

export async function signUpWithClaim(input: unknown) { return call("signUpWithClaim", input); }
export async function claimDuelist(input: unknown) { return call("claimDuelist", input); }
export async function resetPassword(input: unknown) { return call("resetPassword", input); }
export async function issueResetCode(input: unknown) { return call("issueResetCode", input); }
export async function createEvent(input: unknown) { return call("createEvent", input); }
export async function updateEvent(input: unknown) { return call("updateEvent", input); }
export async function addJudge(input: unknown) { return call("addJudge", input); }
export async function removeJudge(input: unknown) { return call("removeJudge", input); }
export async function registerTeam(input: unknown) { return call("registerTeam", input); }
export async function updateTeam(input: unknown) { return call("updateTeam", input); }
export async function dropTeam(input: unknown) { return call("dropTeam", input); }
