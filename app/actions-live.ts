"use server";
/**
 * Browser entry points for the live-round actions (lib/server/actions/live.ts): per-match time
 * extensions and the end-of-match wizard. One thin wrapper per registry entry, same name.
 */
import { currentUserId } from "@/lib/auth/session";
import { actionByName } from "@/lib/server/actions";
import type { ActionResult } from "@/lib/server/errors";

async function call(name: string, input: unknown): Promise<ActionResult<unknown>> {
  return actionByName(name).handle(await currentUserId(), input);
}

export async function extendMatch(input: unknown) { return call("extendMatch", input); }
export async function eompBegin(input: unknown) { return call("eompBegin", input); }
export async function eompStep(input: unknown) { return call("eompStep", input); }
export async function eompCancel(input: unknown) { return call("eompCancel", input); }
