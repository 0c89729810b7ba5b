/**
 * Read models of the players pages (issue #16). Each takes the signed-in user's id where the
 * page is personal (never another's): the player page is private to its player.
 */
import { db } from "@/lib/db";
import { inviteHash } from "@/lib/server/write/players";
import { orderEditable, registrationOpen } from "@/lib/teams/selfRegistration";

/** The profile form's values. */
export function profileView(userId: string) {
  return db().user.findUniqueOrThrow({
    where: { id: userId },
    select: { username: true, displayName: true, email: true, konamiId: true, wizardsId: true, language: true },
  });
}

type Outcome = "WIN" | "LOSS" | "DRAW";

/**
 * /me: the player's events — each team they are on (name, designation, partner, place on the
 * list, the last notice), its published results (round, table, opponent, outcome for this team),
 * open registrations and partner-pool entries.
 */
export async function playerPage(userId: string) {
  const [duelists, registrations, pool] = await Promise.all([
    db().duelist.findMany({
      where: { userId },
      orderBy: { createdAt: "desc" },
      include: {
        event: { select: { id: true, name: true, startsOn: true, status: true } },
        team: {
          include: {
            duelists: { select: { name: true, designation: true, userId: true } },
            seats: {
              where: { match: { round: { publishedAt: { not: null } } } },
              include: {
                match: {
                  include: { round: { select: { number: true } }, teams: { include: { team: { select: { id: true, name: true } } } } },
                },
              },
            },
          },
        },
      },
    }),
    db().teamRegistration.findMany({
      where: { userId, status: "OPEN" },
      include: { event: { select: { id: true, name: true } } },
      orderBy: { createdAt: "desc" },
    }),
    db().partnerPoolEntry.findMany({
      where: { userId, status: { in: ["POOL", "LEFTOVER"] } },
      include: { event: { select: { id: true, name: true } } },
      orderBy: { createdAt: "desc" },
    }),
  ]);
  const positions = await Promise.all(duelists.map((d) => waitlistPosition(d.team)));
  const teams = duelists.map((d, i) => {
    const results = d.team.seats
      .map((s) => {
        const m = s.match;
        const opp = m.teams.find((x) => x.slot !== s.slot)?.team ?? null;
        let outcome: Outcome | null = null;
        if (m.outcome === "WIN") outcome = m.winnerSlot === s.slot ? "WIN" : "LOSS";
        else if (m.outcome === "DRAW") outcome = "DRAW";
        else if (m.outcome) outcome = "LOSS";
        return { round: m.round.number, table: m.table, opponent: opp?.name ?? null, outcome };
      })
      .sort((a, b) => a.round - b.round);
    return {
      event: d.event,
      teamId: d.team.id,
      teamName: d.team.name,
      designation: d.designation,
      partner: d.team.duelists.find((x) => x.designation !== d.designation)?.name ?? null,
      entry: d.team.entry,
      waitlistPosition: positions[i],
      notice: d.team.entryNotice,
      status: d.team.status,
      results,
    };
  });
  return { teams, registrations, pool };
}

/**
 * A waitlisted team's place in line (1 = the next to move up): the active waitlisted teams of its event
 * with a sequence number up to its own. The sequence only grows (a team that moved up keeps its number),
 * so it is not the place itself. Null when the team is not on the waitlist.
 */
export async function waitlistPosition(t: { eventId: string; entry: string; waitlistSeq: number | null }): Promise<number | null> {
  if (t.entry !== "WAITLIST" || t.waitlistSeq === null) return null;
  return db().team.count({ where: { eventId: t.eventId, entry: "WAITLIST", status: "ACTIVE", waitlistSeq: { lte: t.waitlistSeq } } });
}

/** /events/[id]/register: the window's state and what the signed-in player (or null) already has in the event. */
export async function registrationView(eventId: string, userId: string | null) {
  const event = await db().event.findUnique({
    where: { id: eventId },
    select: {
      id: true,
      status: true,
      selfRegistration: true,
      registrationOpensAt: true,
      registrationClosesAt: true,
      teamCap: true,
      requireApproval: true,
      decklistDeadline: true,
    },
  });
  if (!event) return null;
  const [rounds, round1Published, placed, waiting] = await Promise.all([
    db().round.count({ where: { eventId } }),
    db().round.count({ where: { eventId, number: 1, publishedAt: { not: null } } }),
    db().team.count({ where: { eventId, entry: "PLACED", status: "ACTIVE" } }),
    db().team.count({ where: { eventId, entry: "WAITLIST", status: "ACTIVE" } }),
  ]);
  const closedWhy = registrationOpen(
    {
      selfRegistration: event.selfRegistration,
      opensAt: event.registrationOpensAt,
      closesAt: event.registrationClosesAt,
      started: rounds > 0,
      finished: event.status === "FINISHED",
    },
    new Date(),
  );
  const mine = userId
    ? await Promise.all([
        db().duelist.findFirst({
          where: { eventId, userId },
          include: { team: { include: { duelists: { select: { name: true, designation: true } } } } },
        }),
        db().teamRegistration.findFirst({ where: { eventId, userId, status: "OPEN" } }),
        db().partnerPoolEntry.findFirst({ where: { eventId, userId } }),
      ])
    : [null, null, null];
  const [duelist, registration, poolEntry] = mine;
  return {
    event,
    closedWhy,
    placed,
    waiting,
    canSwap: orderEditable({ decklistDeadline: event.decklistDeadline, round1Published: round1Published > 0 }, new Date()),
    started: rounds > 0,
    team: duelist
      ? {
          id: duelist.team.id,
          name: duelist.team.name,
          entry: duelist.team.entry,
          waitlistPosition: await waitlistPosition(duelist.team),
          notice: duelist.team.entryNotice,
          a: duelist.team.duelists.find((d) => d.designation === "A")?.name ?? "",
          b: duelist.team.duelists.find((d) => d.designation === "B")?.name ?? "",
          me: duelist.designation,
        }
      : null,
    registration: registration
      ? { id: registration.id, name: registration.name, side: registration.side, codeExpiresAt: registration.codeExpiresAt }
      : null,
    poolEntry: poolEntry ? { id: poolEntry.id, status: poolEntry.status } : null,
  };
}

/** /invite/[token]: the registration behind a link (event, team name, who invites, which side is left), or null when it no longer works. */
export async function inviteView(token: string) {
  const reg = await db().teamRegistration.findUnique({
    where: { tokenHash: inviteHash("token", token) },
    include: { event: { select: { id: true, name: true } }, user: { select: { displayName: true } } },
  });
  if (!reg || reg.status !== "OPEN" || reg.tokenExpiresAt <= new Date()) return null;
  return {
    eventId: reg.event.id,
    eventName: reg.event.name,
    teamName: reg.name,
    from: reg.user.displayName,
    partnerSide: reg.side === "A" ? "B" : "A",
  };
}

/** /events/[id]/registrations (staff): settings, teams by place on the list, the partner pool. */
export async function registrationAdmin(eventId: string) {
  const [event, teams, pool, waiting] = await Promise.all([
    db().event.findUniqueOrThrow({
      where: { id: eventId },
      select: {
        selfRegistration: true,
        registrationOpensAt: true,
        registrationClosesAt: true,
        teamCap: true,
        requireApproval: true,
        checkInClosedAt: true,
        partnerSeed: true,
        timeZone: true,
      },
    }),
    db().team.findMany({
      where: { eventId },
      orderBy: [{ number: "asc" }],
      include: {
        duelists: { select: { name: true, designation: true }, orderBy: { designation: "asc" } },
      },
    }),
    db().partnerPoolEntry.findMany({ where: { eventId, status: { in: ["POOL", "LEFTOVER", "MATCHED"] } }, orderBy: { createdAt: "asc" } }),
    db().teamRegistration.findMany({
      where: { eventId, status: "OPEN" },
      orderBy: { createdAt: "asc" },
      select: { id: true, name: true, side: true, tokenExpiresAt: true, user: { select: { displayName: true } } },
    }),
  ]);
  const lists = await db().decklist.findMany({ where: { eventId }, select: { duelist: { select: { teamId: true } }, isLegal: true } });
  const verdict = (teamId: string): "LEGAL" | "ILLEGAL" | "MISSING" => {
    const own = lists.filter((l) => l.duelist.teamId === teamId);
    if (own.length < 2) return "MISSING";
    return own.every((l) => l.isLegal) ? "LEGAL" : "ILLEGAL";
  };
  const rounds = await db().round.count({ where: { eventId } });
  return {
    event,
    started: rounds > 0,
    /** Registrations still waiting for the partner (oldest first): a judge can complete one at the desk. */
    waiting: waiting.map((r) => ({
      id: r.id,
      name: r.name,
      side: r.side,
      registrant: r.user.displayName,
      expiresAt: r.tokenExpiresAt,
    })),
    teams: teams.map((t) => ({
      id: t.id,
      name: t.name,
      number: t.number,
      entry: t.entry,
      waitlistSeq: t.waitlistSeq,
      checkedIn: t.checkedIn,
      a: t.duelists.find((d) => d.designation === "A")?.name ?? "",
      b: t.duelists.find((d) => d.designation === "B")?.name ?? "",
      fromPool: pool.some((p) => p.teamId === t.id),
      lists: verdict(t.id),
    })),
    pool: pool.filter((p) => p.status !== "MATCHED").map((p) => ({ id: p.id, name: p.name, status: p.status })),
  };
}
