"use server";
/**
 * "use server" entry points of the interop area (lib/server/actions/interop.ts, issue #17): the
 * roster import's preview and confirm. One thin wrapper per registered action, same name.
 */
import type { ActionInput } from "@/lib/server/action";
import * as interop from "@/lib/server/actions/interop";
import { runAction } from "@/lib/server/action/run";

export async function previewRoster(input: ActionInput<typeof interop.previewRoster>) {
  return runAction(interop.previewRoster, input);
}

export async function importRoster(input: ActionInput<typeof interop.importRoster>) {
  return runAction(interop.importRoster, input);
}
