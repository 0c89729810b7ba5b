/**
 * Konami tiebreakers (RULES §6.1) through the real standings CSV route on real Postgres: an event
 * with an unopposed loss (a late entry's missed round 1), a bye (round 2 with five teams) and a
 * dropped team (after round 2). Every CSV row must equal what the §6.1 conventions give when
 * computed by hand from the recorded results: OppMW% = Σ opponents' points ÷ Σ 3 × rounds each
 * opponent played; OppOppMW% the same over opponents' opponents (repeats included); a bye is in
 * the own record but not an opponent; an unopposed loss is a played round worth 0; a dropped
 * team counts the rounds it played; % truncated to one decimal; KTS a plain integer.
 * The standings page and the print page format the same `standingRows` with the same
 * `tiebreakerTexts`, so this pins all three.
 */
import { describe, expect, it } from "vitest";
import Papa from "papaparse";
import { useTestDatabase } from "./db";
import { makeEvent, must, registerTeams } from "./fixtures";
import { db } from "@/lib/db";

await useTestDatabase();

type Entry = { opp: string | null; pts: number };

describe("Konami standings CSV with a dropped team, a bye and an unopposed loss (RULES §6.1)", () => {
  it("every row's points, OppMW%, OppOppMW% (truncated) and KTS integer match the §6.1 sums", async () => {
    const ev = await makeEvent("ktscsv");
    const ids = await registerTeams(ev.eventId, ev.judge, 4, "K");
    const name = new Map<string, string>(ids.map((id, i) => [id, `K${i + 1}`]));
    const rec = new Map<string, Entry[]>();
    const add = (t: string, e: Entry) => rec.set(t, [...(rec.get(t) ?? []), e]);
    // Results: the lower-numbered team wins, except round 3's first table, a draw.
    const order = (t: string) => Number(name.get(t)!.slice(1));
    const play = async (seed: string, draws: Set<number>) => {
      const { roundId } = await must<{ roundId: string }>("pairNextRound", ev.organizer, { eventId: ev.eventId, seed });
      await must("publishRound", ev.organizer, { roundId });
      const ms = await db().match.findMany({
        where: { roundId },
        include: { teams: { orderBy: { slot: "asc" } } },
        orderBy: { table: "asc" },
      });
      for (const [i, m] of ms.entries()) {
        const [a, b] = m.teams.map((x) => x.teamId);
        if (!b) {
          add(a, { opp: null, pts: 3 });
          continue;
        } // bye: own record only
        const draw = draws.has(i);
        const aWins = order(a) < order(b);
        await must("reportResult", ev.judge, { roundId, matchId: m.id, result: draw ? "draw" : aWins ? "team1" : "team2" });
        add(a, { opp: b, pts: draw ? 1 : aWins ? 3 : 0 });
        add(b, { opp: a, pts: draw ? 1 : aWins ? 0 : 3 });
      }
      await must("closeRound", ev.organizer, { roundId });
      return ms.length;
    };
    expect(await play("k1", new Set())).toBe(2);
    // Registered after round 1: round 1 is an unopposed loss (entry policy "losses").
    const { teamId: late } = await must<{ teamId: string }>("registerTeam", ev.judge, {
      eventId: ev.eventId,
      name: "K5",
      a: { name: "K5 Alpha" },
      b: { name: "K5 Beta" },
    });
    name.set(late, "K5");
    add(late, { opp: null, pts: 0 });
    expect(await play("k2", new Set())).toBe(3); // two matches and a bye
    const byeTeam = [...rec].find(([, es]) => es.some((e, i) => i === 1 && e.opp === null && e.pts === 3))?.[0];
    expect(byeTeam).toBeDefined();
    // Drop a team that played both rounds and is not the bye team.
    const dropped = ids.find((t) => t !== byeTeam)!;
    await must("dropTeam", ev.judge, { teamId: dropped });
    expect(await play("k3", new Set([0]))).toBe(2);
    expect(rec.get(dropped)!.length).toBe(2);

    // §6.1 by hand from the recorded results.
    const pts = (t: string) => rec.get(t)!.reduce((s, e) => s + e.pts, 0);
    const rounds = (t: string) => rec.get(t)!.length; // bye and unopposed loss count as rounds
    const opps = (t: string) => rec.get(t)!.flatMap((e) => (e.opp ? [e.opp] : []));
    const ratio = (os: string[]) => {
      const num = os.reduce((s, o) => s + pts(o), 0),
        den = os.reduce((s, o) => s + 3 * rounds(o), 0);
      return den === 0 ? 0 : Math.floor((1000 * num) / den); // tenths of a percent, truncated, no floor
    };
    const expected = [...rec.keys()].map((t) => {
      const omw = ratio(opps(t)),
        oomw = ratio(opps(t).flatMap(opps));
      return {
        team: name.get(t)!,
        points: String(pts(t)),
        omw: (omw / 10).toFixed(1),
        oomw: (oomw / 10).toFixed(1),
        kts: String(pts(t) * 1_000_000 + omw * 1000 + oomw),
        dropped: t === dropped ? "yes" : "no",
      };
    });

    const { GET } = await import("@/app/api/events/[id]/standings/route");
    const res = await GET(new Request("http://x/", { headers: { "accept-language": "en" } }), {
      params: Promise.resolve({ id: ev.eventId }),
    });
    expect(res.status).toBe(200);
    const rows = Papa.parse<Record<string, string>>((await res.text()).replace(/^\uFEFF/, "").trim(), {
      header: true,
      newline: "\r\n",
    }).data;
    expect(rows).toHaveLength(5);
    const got = rows.map((r) => ({
      team: r.team,
      points: r.points,
      omw: r.opp_mw_pct,
      oomw: r.opp_opp_mw_pct,
      kts: r.kts,
      dropped: r.dropped,
    }));
    expect([...got].sort((a, b) => a.team.localeCompare(b.team))).toEqual([...expected].sort((a, b) => a.team.localeCompare(b.team)));
    for (const r of rows) expect(r.kts).toMatch(/^[1-9]\d*$|^0$/); // plain integer, no leading zero
    // Ranked by points, then OppMW%, then OppOppMW% — the KTS number orders them the same way.
    const kts = rows.map((r) => Number(r.kts));
    expect(kts).toEqual([...kts].sort((a, b) => b - a));
    // The late entry (one unopposed loss) and the bye team show those rounds in their record.
    const lateRow = rows.find((r) => r.team === "K5")!,
      byeRow = rows.find((r) => r.team === name.get(byeTeam!))!;
    expect(Number(lateRow.losses)).toBeGreaterThanOrEqual(1);
    expect(byeRow.byes).toBe("1");
  });
});
