"use server";
/**
 * "use server" entry points of the reporting area (lib/server/actions/reporting.ts): team
 * self-reports and penalties. One thin wrapper per registered action, same name.
 */
import type { ActionResult } from "@/lib/errors";
import { callAction } from "./callAction";

/** Runs the registered action as the session's user; a failure's message comes back in the user's language. */
async function call(name: string, input: unknown): Promise<ActionResult<unknown>> {
  return callAction(name, input);
}

export async function submitTeamReport(input: unknown) { return call("submitTeamReport", input); }
export async function issuePenalty(input: unknown) { return call("issuePenalty", input); }
export async function addLocalInfraction(input: unknown) { return call("addLocalInfraction", input); }
export async function removeLocalInfraction(input: unknown) { return call("removeLocalInfraction", input); }
