"use server";
/**
 * Browser entry points for event operations (issue #5): one thin wrapper per registered action in
 * lib/server/actions/operations.ts, same name (see app/actions.ts).
 */
import type { ActionResult } from "@/lib/errors";
import { callAction } from "./callAction";

/** Runs the registered action as the session's user; a failure's message comes back in the user's language. */
async function call(name: string, input: unknown): Promise<ActionResult<unknown>> {
  return callAction(name, input);
}

export async function setCheckIn(input: unknown) { return call("setCheckIn", input); }
export async function checkInTeam(input: unknown) { return call("checkInTeam", input); }
export async function setEntryPolicy(input: unknown) { return call("setEntryPolicy", input); }
export async function setByeRounds(input: unknown) { return call("setByeRounds", input); }
export async function reenterTeam(input: unknown) { return call("reenterTeam", input); }
export async function setFixedTable(input: unknown) { return call("setFixedTable", input); }
export async function addAvoidPair(input: unknown) { return call("addAvoidPair", input); }
export async function removeAvoidPair(input: unknown) { return call("removeAvoidPair", input); }
export async function undoRound(input: unknown) { return call("undoRound", input); }
export async function swapTeams(input: unknown) { return call("swapTeams", input); }
export async function moveMatch(input: unknown) { return call("moveMatch", input); }
export async function manualBye(input: unknown) { return call("manualBye", input); }
export async function setStructure(input: unknown) { return call("setStructure", input); }
export async function pairTopCutRound(input: unknown) { return call("pairTopCutRound", input); }
