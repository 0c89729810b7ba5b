/**
 * The floor at 375 tables (issue #14), judge side.
 *
 * acceptTeamReport — a judge accepts a one-sided team report with one tap (from the results desk
 *   or the round page). The judge names the report by id + version (lib/formats/reportRefs, the
 *   report the judge saw); lib/formats/reports acceptRule decides: a report changed in between is
 *   refused (ACCEPT_REFUSED what=changed, the current report's id/version in params so the page
 *   shows the new one after reloading), conflicting reports go to the judge's own entry
 *   (what=conflict), a final match is refused (RESULT_FINAL). The accepted report goes through the
 *   same result conversion and result-entry refusals as a team report (resultOfReport: top-cut
 *   double loss, Swiss draws off, LP bounds), then the match is made final in the same
 *   transaction with a JUDGE report row and exactly one audit row ("result.accept").
 */
import { z } from "zod";
import { ActionError } from "@/lib/errors";
import { defineAction, numberChoice } from "@/lib/server/action";
import { requireStaff } from "@/lib/auth/actor";
import { eventRules } from "@/lib/server/write/eventRules";
import { acceptRule, type TeamReport } from "@/lib/formats/reports";
import { latestReports } from "@/lib/formats/reportRefs";
import { lockMatch } from "@/lib/server/write/penalties";
import { resultOfReport, writeAgreedResult } from "./reporting";
import type { Prisma } from "@/lib/generated/prisma/client";
import { matchChangeTopics } from "@/lib/server/live/changeTopics";

/** Judge: make a one-sided team report final, naming it by id + version (see the module docstring). */
export const acceptTeamReport = defineAction({
  name: "acceptTeamReport",
  input: z.object({
    matchId: z.string().min(1),
    /** The report the judge saw: its row id, version and the sending team's slot. */
    reportId: z.string().min(1).max(64),
    reportVersion: z.coerce.number().int().min(1).max(1000),
    slot: numberChoice([1, 2]),
  }),
  async run({ tx, actor, input }) {
    const match = await tx.match.findUnique({
      where: { id: input.matchId },
      include: { round: true, teams: { include: { team: true } } },
    });
    if (!match) throw new ActionError("NOT_FOUND", "No such match.", "matchId", { what: "match" });
    await requireStaff(tx, actor, match.round.eventId, "JUDGE");
    if (match.outcome === "BYE") throw new ActionError("BYE_MATCH", "A bye has no result to report.", "matchId", { what: "result" });
    if (match.round.status === "PAIRED")
      throw new ActionError("ROUND_NOT_PUBLISHED", "Publish the round before reporting results.", undefined, { what: "judge" });
    if (match.round.status === "CLOSED")
      throw new ActionError("ROUND_CLOSED", `Round ${match.round.number} is closed; only the organizer can correct it.`, undefined, {
        what: "judge",
        number: match.round.number,
      });
    const { event, preset, settings } = await eventRules(tx, match.round.eventId);
    // Issue #14: a finished event's results are final (the organizer reopens it to correct one), as in reportResult.
    if (event.status === "FINISHED") throw new ActionError("EVENT_FINISHED", "This event is finished.");
    const s1 = match.teams.find((t) => t.slot === 1)!,
      s2 = match.teams.find((t) => t.slot === 2)!;
    await lockMatch(tx, match.id);
    const fresh = await tx.match.findUniqueOrThrow({ where: { id: match.id } });
    const rows = await tx.resultReport.findMany({ where: { matchId: match.id, source: "TEAM" } });
    const latest = latestReports(
      rows.map((r) => ({ id: r.id, teamId: r.teamId, at: r.createdAt.getTime(), payload: r.payload as unknown as TeamReport })),
      { slot1: s1.teamId, slot2: s2.teamId },
    );
    const named = { id: input.reportId, version: input.reportVersion, slot: input.slot as 1 | 2 };
    const decision = acceptRule({ final: Boolean(fresh.outcome), bestOf: preset.bestOf, latest, named });
    if (!decision.ok) {
      if (decision.code === "RESULT_FINAL")
        throw new ActionError(
          "RESULT_FINAL",
          `Table ${match.table} already has a final result. Ask a judge to correct it; nothing was saved.`,
          undefined,
          { table: match.table, outcome: fresh.outcome ?? "", team: fresh.winnerSlot === 1 ? s1.team.name : s2.team.name },
        );
      const what = decision.code === "REPORT_CHANGED" ? "changed" : decision.code === "REPORTS_CONFLICT" ? "conflict" : "nothing";
      const text = {
        changed: "That report changed in the meantime: check the new one; nothing was saved.",
        conflict: "The two teams reported different results: enter the result.",
        nothing: "There is no report to accept.",
      }[what];
      throw new ActionError("ACCEPT_REFUSED", text, undefined, {
        what,
        table: match.table,
        ...(decision.current ? { currentId: decision.current.id, currentVersion: decision.current.version } : {}),
      });
    }
    const report = decision.report;
    const slots = { slot1: s1.teamId, slot2: s2.teamId, name1: s1.team.name, name2: s2.team.name };
    const result = resultOfReport(preset, settings, match.round.kind === "TOP_CUT" ? "single_elimination" : "swiss", slots, report);
    const accepted = { id: decision.accepts.id, version: decision.accepts.version, slot: decision.accepts.slot };
    // The same final write as an agreed team report (lib/server/actions/reporting writeAgreedResult): version-checked
    // update under the row lock and exactly one audit row, here "result.accept" with the accepted report.
    const final = await writeAgreedResult(tx, {
      actor,
      eventId: event.id,
      match: { id: match.id, table: match.table, version: fresh.version },
      expectedVersion: undefined,
      result,
      report,
      action: "result.accept",
      seen: { accepted, report: report as unknown as Prisma.InputJsonObject },
    });
    await tx.resultReport.create({
      data: {
        matchId: match.id,
        userId: actor.userId!,
        source: "JUDGE",
        payload: { ...report, accepted } as unknown as Prisma.InputJsonValue,
      },
    });
    return { matchId: match.id, outcome: final.outcome, winnerSlot: final.winnerSlot, version: final.version };
  },
  topics: ({ tx, input }) => matchChangeTopics(tx, input.matchId),
});
