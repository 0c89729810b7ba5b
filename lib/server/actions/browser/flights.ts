"use server";
/**
 * "use server" entry points of the flights area (lib/server/actions/flights.ts, issue #16): flight
 * series, the series queue check-in and leave, hold/release. One thin wrapper per registered action, same name.
 */
import type { ActionInput } from "@/lib/server/action";
import * as flights from "@/lib/server/actions/flights";
import { runAction } from "@/lib/server/action/run";

export async function setFlightSeries(input: ActionInput<typeof flights.setFlightSeries>) {
  return runAction(flights.setFlightSeries, input);
}

export async function checkInToSeries(input: ActionInput<typeof flights.checkInToSeries>) {
  return runAction(flights.checkInToSeries, input);
}

export async function leaveSeriesQueue(input: ActionInput<typeof flights.leaveSeriesQueue>) {
  return runAction(flights.leaveSeriesQueue, input);
}

export async function holdSeriesQueue(input: ActionInput<typeof flights.holdSeriesQueue>) {
  return runAction(flights.holdSeriesQueue, input);
}
