"use server";
/**
 * "use server" entry points of the offline queue (lib/server/actions/offline.ts): queued team
 * reports and confirms sent with their idempotency key. One thin wrapper per registered action.
 */
import type { ActionInput } from "@/lib/server/action";
import * as offline from "@/lib/server/actions/offline";
import { runAction } from "@/lib/server/action/run";

export async function sendQueuedReport(input: ActionInput<typeof offline.sendQueuedReport>) {
  return runAction(offline.sendQueuedReport, input);
}
export async function sendQueuedConfirm(input: ActionInput<typeof offline.sendQueuedConfirm>) {
  return runAction(offline.sendQueuedConfirm, input);
}
