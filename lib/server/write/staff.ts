/**
 * Staff rows of an event and of the flights of a series (issue #16: a flight series' staff run its
 * flights). A flight copies the series' staff when it starts (lib/server/actions/flights.ts); after
 * that, a judge added to or removed from the series is added to or removed from every flight
 * started so far, so removing a judge from the series ends their access to its running flights too.
 * A judge removed from one flight only (that flight's own Run event page) stays on the series.
 */
import type { Tx } from "@/lib/db";
import type { StaffRole } from "@/lib/generated/prisma/client";

/** The ids of the flights started so far of `eventId` (none when it is not a series). */
async function flightIds(tx: Tx, eventId: string): Promise<string[]> {
  return (await tx.event.findMany({ where: { seriesId: eventId }, select: { id: true } })).map((f) => f.id);
}

/**
 * Makes `userId` staff of `eventId` with `role`, and of its flights where they are not staff yet.
 * @returns how many flights got the row
 */
export async function addStaff(tx: Tx, eventId: string, userId: string, role: StaffRole): Promise<{ flights: number }> {
  await tx.eventStaff.create({ data: { eventId, userId, role } });
  const flights = await flightIds(tx, eventId);
  if (!flights.length) return { flights: 0 };
  const r = await tx.eventStaff.createMany({ data: flights.map((id) => ({ eventId: id, userId, role })), skipDuplicates: true });
  return { flights: r.count };
}

/**
 * Removes judge `userId` from `eventId` and from its flights (an organizer row is never removed
 * here). @returns how many flights lost the judge
 */
export async function removeJudgeStaff(tx: Tx, eventId: string, userId: string): Promise<{ flights: number }> {
  await tx.eventStaff.delete({ where: { eventId_userId: { eventId, userId } } });
  const flights = await flightIds(tx, eventId);
  if (!flights.length) return { flights: 0 };
  const r = await tx.eventStaff.deleteMany({ where: { eventId: { in: flights }, userId, role: "JUDGE" } });
  return { flights: r.count };
}
