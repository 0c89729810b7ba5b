"use server";
/**
 * Browser entry points for the live-round actions (lib/server/actions/live.ts): per-match time
 * extensions and the end-of-match wizard. One thin wrapper per registry entry, same name.
 */
import type { ActionResult } from "@/lib/errors";
import { callAction } from "./callAction";

/** Runs the registered action as the session's user; a failure's message comes back in the user's language. */
async function call(name: string, input: unknown): Promise<ActionResult<unknown>> {
  return callAction(name, input);
}

export async function extendMatch(input: unknown) { return call("extendMatch", input); }
export async function eompBegin(input: unknown) { return call("eompBegin", input); }
export async function eompStep(input: unknown) { return call("eompStep", input); }
export async function eompCancel(input: unknown) { return call("eompCancel", input); }
