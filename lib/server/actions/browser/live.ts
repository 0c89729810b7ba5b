"use server";
/**
 * Browser entry points for the live-round actions (lib/server/actions/live.ts): per-match time
 * extensions and the end-of-match wizard. One thin wrapper per registry entry, same name.
 */
import type { ActionInput } from "@/lib/server/action";
import * as live from "@/lib/server/actions/live";
import { runAction } from "@/lib/server/action/run";

export async function extendMatch(input: ActionInput<typeof live.extendMatch>) {
  return runAction(live.extendMatch, input);
}
export async function eompBegin(input: ActionInput<typeof live.eompBegin>) {
  return runAction(live.eompBegin, input);
}
export async function eompStep(input: ActionInput<typeof live.eompStepAction>) {
  return runAction(live.eompStepAction, input);
}
export async function eompCancel(input: ActionInput<typeof live.eompCancel>) {
  return runAction(live.eompCancel, input);
}
