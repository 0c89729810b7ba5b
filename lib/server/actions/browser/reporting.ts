"use server";
/**
 * "use server" entry points of the reporting area (lib/server/actions/reporting.ts): team
 * self-reports and penalties. One thin wrapper per registered action, same name.
 */
import type { ActionInput } from "@/lib/server/action";
import * as reporting from "@/lib/server/actions/reporting";
import { runAction } from "@/lib/server/action/run";

export async function submitTeamReport(input: ActionInput<typeof reporting.submitTeamReport>) {
  return runAction(reporting.submitTeamReport, input);
}
export async function confirmTeamReport(input: ActionInput<typeof reporting.confirmTeamReport>) {
  return runAction(reporting.confirmTeamReport, input);
}
export async function issuePenalty(input: ActionInput<typeof reporting.issuePenalty>) {
  return runAction(reporting.issuePenalty, input);
}
export async function addLocalInfraction(input: ActionInput<typeof reporting.addLocalInfraction>) {
  return runAction(reporting.addLocalInfraction, input);
}
export async function removeLocalInfraction(input: ActionInput<typeof reporting.removeLocalInfraction>) {
  return runAction(reporting.removeLocalInfraction, input);
}
