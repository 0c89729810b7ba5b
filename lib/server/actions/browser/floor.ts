"use server";
/**
 * "use server" entry points of the floor area (lib/server/actions/floor.ts, issue #14): the
 * judge's one-tap accept of a team report. One thin wrapper per registered action, same name.
 */
import type { ActionInput } from "@/lib/server/action";
import * as floor from "@/lib/server/actions/floor";
import { runAction } from "@/lib/server/action/run";

export async function acceptTeamReport(input: ActionInput<typeof floor.acceptTeamReport>) {
  return runAction(floor.acceptTeamReport, input);
}
