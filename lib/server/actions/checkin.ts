/**
 * At the venue (issue #16): self check-in (big-screen QR code, printed per-team code, the TO's
 * check-in window), team self-drop and its reversal by the TO, and "call a judge" from the match
 * card (open → acknowledged → resolved). Pure rules: lib/venue/rules; codes:
 * lib/server/write/checkinCodes. Each mutation writes exactly one audit row.
 */
import { z } from "zod";
import { ActionError } from "@/lib/errors";
import { audit, defineAction } from "@/lib/server/action";
import { requireSignedIn, requireStaff, type Actor } from "@/lib/auth/actor";
import { eventRules } from "@/lib/server/write/eventRules";
import type { Tx } from "@/lib/db";
import { callRule, callStep, checkInWindowRule, reverseDropRule, selfDropRule, teamCheckedIn } from "@/lib/venue/rules";
import { checkScreenCode, checkTeamCode } from "@/lib/server/write/checkinCodes";
import { entryForNewTeam, fillFreePlaces } from "@/lib/server/write/players";
import { instantOfField } from "@/lib/dates/zoned";

const id = z.string().min(1).max(64);
/** A window bound: "" or null = none; a wall time ("YYYY-MM-DDTHH:mm") in the event's time zone, or an instant with an offset. */
const when = z.union([z.literal(""), z.null(), z.iso.datetime({ local: true, offset: true })]);

/** The actor's duelist record in `teamId`, or NOT_YOUR_TEAM (signed out: UNAUTHENTICATED). */
async function myDuelistOf(tx: Tx, actor: Actor, teamId: string) {
  const userId = requireSignedIn(actor);
  const d = await tx.duelist.findFirst({ where: { teamId, userId }, include: { team: true } });
  if (!d) throw new ActionError("NOT_YOUR_TEAM", "Only a duelist of this team can do that.");
  return d;
}

/** Refusal of lib/venue/rules checkInWindowRule, naming the window's times (ISO; the UI formats them). */
function windowRefusal(v: ReturnType<typeof checkInWindowRule>, timeZone: string): ActionError | null {
  if (v.ok) return null;
  const at = (ms: number) => new Intl.DateTimeFormat("en", { timeZone, dateStyle: "medium", timeStyle: "short" }).format(ms);
  if (v.code === "CHECKIN_NOT_YET")
    return new ActionError("CHECKIN_NOT_YET", `Check-in opens at ${at(v.opensAt)}.`, undefined, { opensAt: v.opensAt, timeZone });
  if (v.code === "CHECKIN_OVER")
    return new ActionError("CHECKIN_OVER", `Check-in closed at ${at(v.closesAt)}.`, undefined, { closesAt: v.closesAt, timeZone });
  return new ActionError("CHECKIN_CLOSED", "Check-in is not open.");
}

/** Marks one duelist checked in and recomputes Team.checkedIn (lib/venue/rules teamCheckedIn); one audit row. */
async function checkInDuelist(
  tx: Tx,
  actor: Actor,
  duelist: { id: string; teamId: string; name: string; checkedInAt: Date | null; team: { name: string; status: string } },
  via: "screen" | "teamCode",
  now: Date,
) {
  const { event, settings } = await eventRules(tx, (await tx.team.findUniqueOrThrow({ where: { id: duelist.teamId } })).eventId);
  // The TO's "close check-in" (players closeCheckIn: places already handed to the waitlist) ends the window too.
  const closes = [event.checkInClosesAt, event.checkInClosedAt].flatMap((d) => (d ? [d.getTime()] : []));
  const refusal = windowRefusal(
    checkInWindowRule(
      { open: event.checkInOpen, opensAt: event.checkInOpensAt?.getTime() ?? null, closesAt: closes.length ? Math.min(...closes) : null },
      now.getTime(),
    ),
    event.timeZone,
  );
  if (refusal) throw refusal;
  if (duelist.team.status === "DROPPED")
    throw new ActionError("TEAM_DROPPED", `${duelist.team.name} has dropped; re-enter it first.`, undefined, { team: duelist.team.name });
  const team = await tx.team.findUniqueOrThrow({ where: { id: duelist.teamId }, include: { duelists: true } });
  if (duelist.checkedInAt) return { duelistId: duelist.id, teamCheckedIn: team.checkedIn, already: true };
  await tx.duelist.update({ where: { id: duelist.id }, data: { checkedInAt: now } });
  const members = team.duelists.map((d) => d.id === duelist.id || d.checkedInAt !== null);
  const teamIn = teamCheckedIn(members, settings.checkInOneSuffices);
  if (teamIn !== team.checkedIn) await tx.team.update({ where: { id: team.id }, data: { checkedIn: teamIn } });
  await audit(tx, {
    eventId: event.id,
    actor,
    action: "checkin.duelist",
    entity: "Duelist",
    entityId: duelist.id,
    before: { checkedIn: false, teamCheckedIn: team.checkedIn },
    after: { duelist: duelist.name, team: team.name, checkInVia: via, checkedIn: true, teamCheckedIn: teamIn },
  });
  return { duelistId: duelist.id, teamCheckedIn: teamIn, already: false };
}

/**
 * Organizer: the check-in window (issue #16). Times are wall times in the event's time zone, as
 * the form's `datetime-local` fields hold them (lib/dates/zoned), or ISO instants with an offset;
 * "" / null = no bound. opensAt must be before closesAt (CHECKIN_WINDOW_ORDER). Before round 1 only (CHECKIN_AFTER_START).
 * When check-in was not open, it opens (every active team and duelist not checked in), as setCheckIn.
 */
export const setCheckInWindow = defineAction({
  name: "setCheckInWindow",
  input: z.object({ eventId: id, opensAt: when, closesAt: when }),
  async run({ tx, actor, input }) {
    await requireStaff(tx, actor, input.eventId, "ORGANIZER");
    const { event } = await eventRules(tx, input.eventId);
    if (await tx.round.findFirst({ where: { eventId: event.id } }))
      throw new ActionError("CHECKIN_AFTER_START", "Check-in happens before round 1; round 1 has already been paired.");
    const opensAt = input.opensAt ? instantOfField(input.opensAt, event.timeZone) : null;
    const closesAt = input.closesAt ? instantOfField(input.closesAt, event.timeZone) : null;
    if (opensAt && closesAt && opensAt >= closesAt)
      throw new ActionError("CHECKIN_WINDOW_ORDER", "Check-in must open before it closes.", "closesAt");
    if (!event.checkInOpen) {
      await tx.team.updateMany({ where: { eventId: event.id, status: "ACTIVE" }, data: { checkedIn: false } });
      await tx.duelist.updateMany({ where: { eventId: event.id }, data: { checkedInAt: null } });
    }
    await tx.event.update({
      where: { id: event.id },
      data: { checkInOpen: true, checkInOpensAt: opensAt, checkInClosesAt: closesAt },
    });
    await audit(tx, {
      eventId: event.id,
      actor,
      action: "checkin.window",
      entity: "Event",
      entityId: event.id,
      before: {
        checkInOpen: event.checkInOpen,
        opensAt: event.checkInOpensAt?.toISOString() ?? null,
        closesAt: event.checkInClosesAt?.toISOString() ?? null,
      },
      after: { checkInOpen: true, opensAt: opensAt?.toISOString() ?? null, closesAt: closesAt?.toISOString() ?? null },
    });
    return { open: true };
  },
});

/**
 * A signed-in duelist checks themselves in with the big-screen code (the QR's URL
 * `/events/:id/checkin?c=<code>`). Refused: not their record (NOT_YOUR_TEAM), a forged or other
 * event's code (CHECKIN_CODE_INVALID), a code older than 2 minutes (CHECKIN_CODE_EXPIRED),
 * outside the window (CHECKIN_NOT_YET / CHECKIN_OVER / CHECKIN_CLOSED; CHECKIN_OVER also once the TO closed
 * check-in with closeCheckIn, naming that time), a dropped team.
 * Checking in twice is not an error (already: true, nothing written).
 */
export const checkInWithScreenCode = defineAction({
  name: "checkInWithScreenCode",
  input: z.object({ duelistId: id, code: z.string().min(1).max(40) }),
  async run({ tx, actor, input }) {
    const userId = requireSignedIn(actor);
    const d = await tx.duelist.findUnique({ where: { id: input.duelistId }, include: { team: true } });
    if (!d || d.userId !== userId) throw new ActionError("NOT_YOUR_TEAM", "Only a duelist of this team can do that.");
    const now = new Date();
    const verdict = checkScreenCode(d.eventId, input.code, now.getTime());
    if (verdict === "invalid") throw new ActionError("CHECKIN_CODE_INVALID", "That is not this event's check-in code.", "code");
    if (verdict === "expired")
      throw new ActionError("CHECKIN_CODE_EXPIRED", "That check-in code is older than 2 minutes: scan the screen again.", "code");
    return checkInDuelist(tx, actor, d, "screen", now);
  },
});

/**
 * Fallback: a signed-in duelist types the team's printed check-in code (lib/server/write/checkinCodes
 * teamCheckInCode) for their own team. Wrong codes count in the limiter bucket "checkin" (per
 * address, and per team for all clients together).
 */
export const checkInWithTeamCode = defineAction({
  name: "checkInWithTeamCode",
  input: z.object({ teamId: id, code: z.string().min(1).max(40) }),
  limit: { bucket: "checkin", account: (input) => input.teamId, failsOn: ["CHECKIN_CODE_INVALID"] },
  async run({ tx, actor, input }) {
    const d = await myDuelistOf(tx, actor, input.teamId);
    if (!checkTeamCode(d.teamId, input.code))
      throw new ActionError("CHECKIN_CODE_INVALID", "That is not your team's check-in code.", "code");
    return checkInDuelist(tx, actor, d, "teamCode", new Date());
  },
});

/**
 * One member drops the team (MTR 8.2; Tag alike), after confirming (`confirm: true`). When it takes
 * effect: lib/venue/rules selfDropRule (during an unfinished match, after that round; otherwise
 * at once: the team is not in the next pairing). Refused: a paired, unpublished round that holds
 * the team (SELF_DROP_ROUND_PAIRED), a finished event, an already dropped team.
 */
export const selfDropTeam = defineAction({
  name: "selfDropTeam",
  input: z.object({ teamId: id, confirm: z.literal(true) }),
  async run({ tx, actor, input }) {
    const d = await myDuelistOf(tx, actor, input.teamId);
    const { event } = await eventRules(tx, d.eventId);
    if (event.status === "FINISHED") throw new ActionError("EVENT_FINISHED", "This event is finished.");
    const latest = await tx.round.findFirst({ where: { eventId: event.id }, orderBy: { number: "desc" } });
    const seat = latest
      ? await tx.matchTeam.findUnique({ where: { roundId_teamId: { roundId: latest.id, teamId: d.teamId } }, include: { match: true } })
      : null;
    const v = selfDropRule(
      { dropped: d.team.status === "DROPPED" },
      latest ? { number: latest.number, status: latest.status, seated: Boolean(seat), teamMatchFinal: Boolean(seat?.match.outcome) } : null,
    );
    if (!v.ok) {
      if (v.code === "ALREADY_DROPPED") throw new ActionError("ALREADY_DROPPED", "That team has already dropped.");
      throw new ActionError(
        "SELF_DROP_ROUND_PAIRED",
        `Round ${v.round} is paired with your team in it: ask a judge to drop you.`,
        undefined,
        {
          number: v.round,
        },
      );
    }
    const now = new Date();
    await tx.team.update({
      where: { id: d.teamId },
      data: { status: "DROPPED", droppedAfter: v.droppedAfter, selfDroppedAt: now, selfDroppedById: actor.userId },
    });
    // Before round 1 a placed team's drop frees its place for the first waitlisted team, as a withdrawal does (issue #16 caps).
    const movedUp = !latest && d.team.entry === "PLACED" ? await fillFreePlaces(tx, event, now) : [];
    await audit(tx, {
      eventId: event.id,
      actor,
      action: "team.selfDrop",
      entity: "Team",
      entityId: d.teamId,
      before: { status: "ACTIVE" },
      after: { team: d.team.name, by: d.name, status: "DROPPED", droppedAfter: v.droppedAfter, dropEffect: v.effect, movedUp },
    });
    return { teamId: d.teamId, droppedAfter: v.droppedAfter, effect: v.effect };
  },
});

/**
 * Organizer: reverse a team's self-drop, until the next round is paired (lib/venue/rules
 * reverseDropRule: DROP_FINAL once a later round exists; NOT_SELF_DROPPED for other drops).
 */
export const reverseSelfDrop = defineAction({
  name: "reverseSelfDrop",
  input: z.object({ teamId: id }),
  async run({ tx, actor, input }) {
    const team = await tx.team.findUnique({ where: { id: input.teamId } });
    if (!team) throw new ActionError("NOT_FOUND", "No such team.", "teamId", { what: "team" });
    await requireStaff(tx, actor, team.eventId, "ORGANIZER");
    const latest = await tx.round.findFirst({ where: { eventId: team.eventId }, orderBy: { number: "desc" } });
    const v = reverseDropRule(
      { selfDropped: team.status === "DROPPED" && team.selfDroppedAt !== null, droppedAfter: team.droppedAfter },
      latest?.number ?? null,
    );
    if (!v.ok) {
      if (v.code === "NOT_SELF_DROPPED")
        throw new ActionError("NOT_SELF_DROPPED", `${team.name} has not dropped itself.`, undefined, { team: team.name });
      throw new ActionError("DROP_FINAL", `Round ${v.round} was paired after the drop: re-enter the team instead.`, undefined, {
        number: v.round,
        team: team.name,
      });
    }
    // Before round 1 its place may have gone to the waitlist meanwhile: under the cap it takes a place again, else the waitlist's end.
    const { event } = await eventRules(tx, team.eventId);
    const place = !latest && team.entry === "PLACED" ? await entryForNewTeam(tx, { ...event, requireApproval: false }) : null;
    await tx.team.update({
      where: { id: team.id },
      data: { status: "ACTIVE", droppedAfter: null, selfDroppedAt: null, selfDroppedById: null, ...(place ?? {}) },
    });
    await audit(tx, {
      eventId: team.eventId,
      actor,
      action: "team.selfDropReverse",
      entity: "Team",
      entityId: team.id,
      before: { status: "DROPPED", droppedAfter: team.droppedAfter },
      after: { team: team.name, status: "ACTIVE", ...(place ? { entry: place.entry } : {}) },
    });
    return { teamId: team.id };
  },
});

/**
 * A duelist calls a judge to their table (from the match card). One open call per table
 * (lib/venue/rules callRule; the unique `JudgeCall.openKey` holds it under concurrency):
 * CALL_OPEN while a call of that table is open or acknowledged.
 */
export const callJudge = defineAction({
  name: "callJudge",
  input: z.object({ matchId: id, teamId: id }),
  onConflict: () => new ActionError("CALL_OPEN", "A judge has already been called to this table."),
  async run({ tx, actor, input }) {
    const d = await myDuelistOf(tx, actor, input.teamId);
    const match = await tx.match.findUnique({ where: { id: input.matchId }, include: { round: true, teams: true } });
    if (!match || !match.teams.some((t) => t.teamId === d.teamId))
      throw new ActionError("NOT_YOUR_MATCH", "That is not your table.", "matchId");
    const open = await tx.judgeCall.count({ where: { openKey: match.id } });
    const v = callRule({ roundPublished: match.round.status === "PUBLISHED", bye: match.teams.length < 2, openCalls: open });
    if (!v.ok) {
      if (v.code === "CALL_OPEN") throw new ActionError("CALL_OPEN", "A judge has already been called to this table.");
      if (v.code === "BYE_MATCH") throw new ActionError("BYE_MATCH", "A bye has no table.", undefined, { what: "other" });
      throw new ActionError("ROUND_NOT_PUBLISHED", "This round is not published yet.", undefined, { what: "other" });
    }
    const call = await tx.judgeCall.create({
      data: {
        eventId: match.round.eventId,
        matchId: match.id,
        teamId: d.teamId,
        roundNumber: match.round.number,
        table: match.table,
        openKey: match.id,
        calledById: actor.userId!,
      },
    });
    await audit(tx, {
      eventId: match.round.eventId,
      actor,
      action: "judgeCall.open",
      entity: "JudgeCall",
      entityId: call.id,
      after: { round: match.round.number, table: match.table, team: d.team.name, by: d.name },
    });
    return { callId: call.id, table: match.table };
  },
});

async function stepCall(tx: Tx, actor: Actor, callId: string, step: "acknowledge" | "resolve") {
  const call = await tx.judgeCall.findUnique({ where: { id: callId } });
  if (!call) throw new ActionError("NOT_FOUND", "Not found.", "callId", { what: "other" });
  await requireStaff(tx, actor, call.eventId, "JUDGE");
  const next = callStep(call.status, step);
  if (!next) throw new ActionError("CALL_STATE", `That call is already ${call.status.toLowerCase()}.`, undefined, { state: call.status });
  const now = new Date();
  const updated = await tx.judgeCall.updateMany({
    where: { id: call.id, status: call.status },
    data:
      step === "acknowledge"
        ? { status: "ACKNOWLEDGED", acknowledgedAt: now, acknowledgedById: actor.userId }
        : { status: "RESOLVED", openKey: null, resolvedAt: now, resolvedById: actor.userId },
  });
  if (updated.count !== 1) throw new ActionError("CALL_STATE", "That call was changed meanwhile.", undefined, { state: "changed" });
  await audit(tx, {
    eventId: call.eventId,
    actor,
    action: step === "acknowledge" ? "judgeCall.acknowledge" : "judgeCall.resolve",
    entity: "JudgeCall",
    entityId: call.id,
    before: { status: call.status },
    after: { status: next, round: call.roundNumber, table: call.table },
  });
  return { callId: call.id, status: next };
}

/** Judge: acknowledge an open call (on the way to the table). One audit row. */
export const acknowledgeJudgeCall = defineAction({
  name: "acknowledgeJudgeCall",
  input: z.object({ callId: id }),
  run: ({ tx, actor, input }) => stepCall(tx, actor, input.callId, "acknowledge"),
});

/** Judge: resolve a call (frees the table for a new call). One audit row. */
export const resolveJudgeCall = defineAction({
  name: "resolveJudgeCall",
  input: z.object({ callId: id }),
  run: ({ tx, actor, input }) => stepCall(tx, actor, input.callId, "resolve"),
});
