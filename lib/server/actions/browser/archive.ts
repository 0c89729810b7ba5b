"use server";
/** The browser's entry points to the event archive actions (issue #17; lib/server/actions/archive.ts). */
import type { ActionInput } from "@/lib/server/action";
import * as archive from "@/lib/server/actions/archive";
import { runAction } from "@/lib/server/action/run";

export async function exportEventArchive(input: ActionInput<typeof archive.exportEventArchive>) {
  return runAction(archive.exportEventArchive, input);
}

export async function importEventArchive(input: ActionInput<typeof archive.importEventArchive>) {
  return runAction(archive.importEventArchive, input);
}
