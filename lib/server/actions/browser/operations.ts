"use server";
/**
 * Browser entry points for event operations (issue #5): one thin wrapper per registered action in
 * lib/server/actions/operations.ts, same name (see lib/server/actions/browser/core.ts).
 */
import type { ActionInput } from "@/lib/server/action";
import * as operations from "@/lib/server/actions/operations";
import * as finish from "@/lib/server/actions/finish";
import { runAction } from "@/lib/server/action/run";

export async function setCheckIn(input: ActionInput<typeof operations.setCheckIn>) {
  return runAction(operations.setCheckIn, input);
}
export async function checkInTeam(input: ActionInput<typeof operations.checkInTeam>) {
  return runAction(operations.checkInTeam, input);
}
export async function setEntryPolicy(input: ActionInput<typeof operations.setEntryPolicy>) {
  return runAction(operations.setEntryPolicy, input);
}
export async function setByeRounds(input: ActionInput<typeof operations.setByeRounds>) {
  return runAction(operations.setByeRounds, input);
}
export async function reenterTeam(input: ActionInput<typeof operations.reenterTeam>) {
  return runAction(operations.reenterTeam, input);
}
export async function setFixedTable(input: ActionInput<typeof operations.setFixedTable>) {
  return runAction(operations.setFixedTable, input);
}
export async function addAvoidPair(input: ActionInput<typeof operations.addAvoidPair>) {
  return runAction(operations.addAvoidPair, input);
}
export async function removeAvoidPair(input: ActionInput<typeof operations.removeAvoidPair>) {
  return runAction(operations.removeAvoidPair, input);
}
export async function undoRound(input: ActionInput<typeof operations.undoRound>) {
  return runAction(operations.undoRound, input);
}
export async function swapTeams(input: ActionInput<typeof operations.swapTeams>) {
  return runAction(operations.swapTeams, input);
}
export async function moveMatch(input: ActionInput<typeof operations.moveMatch>) {
  return runAction(operations.moveMatch, input);
}
export async function manualBye(input: ActionInput<typeof operations.manualBye>) {
  return runAction(operations.manualBye, input);
}
export async function setStructure(input: ActionInput<typeof operations.setStructure>) {
  return runAction(operations.setStructure, input);
}
export async function pairTopCutRound(input: ActionInput<typeof operations.pairTopCutRound>) {
  return runAction(operations.pairTopCutRound, input);
}
// Issue #14: finishing and reopening the event, batch end of round (lib/server/actions/finish.ts).
export async function finishEvent(input: ActionInput<typeof finish.finishEvent>) {
  return runAction(finish.finishEvent, input);
}
export async function reopenEvent(input: ActionInput<typeof finish.reopenEvent>) {
  return runAction(finish.reopenEvent, input);
}
export async function batchEndRound(input: ActionInput<typeof finish.batchEndRound>) {
  return runAction(finish.batchEndRound, input);
}
export async function undoBatchEnd(input: ActionInput<typeof finish.undoBatchEnd>) {
  return runAction(finish.undoBatchEnd, input);
}
