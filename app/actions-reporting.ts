"use server";
/**
 * "use server" entry points of the reporting area (lib/server/actions/reporting.ts): team
 * self-reports and penalties. One thin wrapper per registered action, same name.
 */
import { currentUserId } from "@/lib/auth/session";
import { actionByName } from "@/lib/server/actions";
import type { ActionResult } from "@/lib/server/errors";

async function call(name: string, input: unknown): Promise<ActionResult<unknown>> {
  return actionByName(name).handle(await currentUserId(), input);
}

export async function submitTeamReport(input: unknown) { return call("submitTeamReport", input); }
export async function issuePenalty(input: unknown) { return call("issuePenalty", input); }
