"use server";
/**
 * "use server" entry points of the venue area (lib/server/actions/checkin.ts, issue #16): self
 * check-in, self-drop and its reversal, call a judge. One thin wrapper per registered action, same name.
 */
import type { ActionInput } from "@/lib/server/action";
import * as checkin from "@/lib/server/actions/checkin";
import { runAction } from "@/lib/server/action/run";

export async function setCheckInWindow(input: ActionInput<typeof checkin.setCheckInWindow>) {
  return runAction(checkin.setCheckInWindow, input);
}
export async function checkInWithScreenCode(input: ActionInput<typeof checkin.checkInWithScreenCode>) {
  return runAction(checkin.checkInWithScreenCode, input);
}
export async function checkInWithTeamCode(input: ActionInput<typeof checkin.checkInWithTeamCode>) {
  return runAction(checkin.checkInWithTeamCode, input);
}
export async function selfDropTeam(input: ActionInput<typeof checkin.selfDropTeam>) {
  return runAction(checkin.selfDropTeam, input);
}
export async function reverseSelfDrop(input: ActionInput<typeof checkin.reverseSelfDrop>) {
  return runAction(checkin.reverseSelfDrop, input);
}
export async function callJudge(input: ActionInput<typeof checkin.callJudge>) {
  return runAction(checkin.callJudge, input);
}
export async function acknowledgeJudgeCall(input: ActionInput<typeof checkin.acknowledgeJudgeCall>) {
  return runAction(checkin.acknowledgeJudgeCall, input);
}
export async function resolveJudgeCall(input: ActionInput<typeof checkin.resolveJudgeCall>) {
  return runAction(checkin.resolveJudgeCall, input);
}
