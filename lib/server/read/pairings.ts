/** Read model of a round's pairings for pages (team and duelist names, results, clock log). */
import { db } from "@/lib/db";

export async function roundView(eventId: string, where: { number?: number; publishedOnly: boolean }) {
  const tx = db();
  const round = await tx.round.findFirst({
    where: {
      eventId,
      ...(where.number ? { number: where.number } : {}),
      ...(where.publishedOnly ? { status: { in: ["PUBLISHED", "CLOSED"] } } : {}),
    },
    orderBy: { number: "desc" },
    include: {
      timer: { where: { matchId: null }, orderBy: { at: "asc" } },
      matches: {
        orderBy: { table: "asc" },
        include: { teams: { orderBy: { slot: "asc" }, include: { team: { include: { duelists: { orderBy: { designation: "asc" } } } } } } },
      },
    },
  });
  if (!round) return null;
  const matches = [...round.matches].sort((a, b) =>
    a.table <= 0 ? (b.table <= 0 ? b.table - a.table : 1) : b.table <= 0 ? -1 : a.table - b.table,
  );
  return {
    ...round,
    matches,
    log: round.timer.map((a) => ({ action: a.action, at: a.at.getTime(), seconds: a.seconds })),
  };
}
export type RoundView = NonNullable<Awaited<ReturnType<typeof roundView>>>;
