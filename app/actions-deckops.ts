"use server";
/**
 * Browser entry points for deck checks (lib/server/actions/deckops.ts): one thin wrapper per
 * registered action, same name; the action validates, authorizes and writes in one transaction.
 */
import type { ActionResult } from "@/lib/errors";
import { callAction } from "./callAction";

/** Runs the registered action as the session's user; a failure's message comes back in the user's language. */
async function call(name: string, input: unknown): Promise<ActionResult<unknown>> {
  return callAction(name, input);
}

export async function recordDeckCheck(input: unknown) { return call("recordDeckCheck", input); }
export async function removeDeckCheck(input: unknown) { return call("removeDeckCheck", input); }
