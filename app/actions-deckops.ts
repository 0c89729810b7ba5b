"use server";
/**
 * Browser entry points for deck checks (lib/server/actions/deckops.ts): one thin wrapper per
 * registered action, same name; the action validates, authorizes and writes in one transaction.
 */
import { currentUserId } from "@/lib/auth/session";
import { actionByName } from "@/lib/server/actions";
import type { ActionResult } from "@/lib/server/errors";

async function call(name: string, input: unknown): Promise<ActionResult<unknown>> {
  return actionByName(name).handle(await currentUserId(), input);
}

export async function recordDeckCheck(input: unknown) { return call("recordDeckCheck", input); }
export async function removeDeckCheck(input: unknown) { return call("removeDeckCheck", input); }
