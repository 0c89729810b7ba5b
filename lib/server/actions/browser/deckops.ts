"use server";
/**
 * Browser entry points for deck checks (lib/server/actions/deckops.ts): one thin wrapper per
 * registered action, same name; the action validates, authorizes and writes in one transaction.
 */
import type { ActionInput } from "@/lib/server/action";
import * as deckops from "@/lib/server/actions/deckops";
import { runAction } from "@/lib/server/action/run";

export async function recordDeckCheck(input: ActionInput<typeof deckops.recordDeckCheck>) {
  return runAction(deckops.recordDeckCheck, input);
}
export async function removeDeckCheck(input: ActionInput<typeof deckops.removeDeckCheck>) {
  return runAction(deckops.removeDeckCheck, input);
}
