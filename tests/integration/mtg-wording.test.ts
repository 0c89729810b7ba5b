/**
 * A Magic 2HG event must not show Konami's words or numbers. The
 * standings CSV of an MTG_2HG event carries the MTR tiebreakers (OMW% → GW% → OGW%, RULES §5.5)
 * and player columns — no `kts` (Konami's KTS number) nor OppOppMW%.
 */
import { describe, expect, it } from "vitest";
import Papa from "papaparse";
import { useTestDatabase } from "./db";
import { must, reportingWorld } from "./fixtures";

await useTestDatabase();

async function csvOf(eventId: string): Promise<{ fields: string[]; rows: Record<string, string>[] }> {
  const { GET } = await import("@/app/api/events/[id]/standings/route");
  const text = (
    await (
      await GET(new Request("http://x/", { headers: { "accept-language": "en" } }), { params: Promise.resolve({ id: eventId }) })
    ).text()
  ).replace(/^\uFEFF/, "");
  const parsed = Papa.parse<Record<string, string>>(text.trim(), { header: true });
  return { fields: parsed.meta.fields ?? [], rows: parsed.data };
}

describe("standings CSV of a Magic event", () => {
  it("MTG_2HG: player_a/player_b and omw/gw/ogw columns, no kts; a Konami event keeps its columns", async () => {
    const w = await reportingWorld("mtgcsv", "MTG_2HG", 4);
    for (const m of w.matches) await must("reportResult", w.judge, { roundId: w.roundId, matchId: m.id, result: "team1" });
    await must("closeRound", w.organizer, { roundId: w.roundId });
    const { fields, rows } = await csvOf(w.eventId);
    expect(fields).toEqual([
      "rank",
      "team",
      "player_a",
      "player_b",
      "points",
      "wins",
      "losses",
      "draws",
      "byes",
      "omw_pct",
      "gw_pct",
      "ogw_pct",
      "dropped",
      "late_entry",
      "place",
      "event_date",
      "event_location",
    ]);
    expect(rows).toHaveLength(4);
    const winner = rows.find((r) => r.rank === "1")!;
    expect(winner.points).toBe("3");
    // one round, each opponent lost its only match: OMW% floored at 0.33 (MTR appendix C, C62); own GW% 100%
    expect(winner.omw_pct).toBe("33.000");
    expect(winner.gw_pct).toBe("100.000");
    expect(rows.find((r) => r.points === "0")!.gw_pct).toBe("33.000");

    const k = await reportingWorld("ygocsv", "KONAMI_TAG_2019", 4);
    for (const m of k.matches) await must("reportResult", k.judge, { roundId: k.roundId, matchId: m.id, result: "team1" });
    await must("closeRound", k.organizer, { roundId: k.roundId });
    expect((await csvOf(k.eventId)).fields).toEqual([
      "rank",
      "team",
      "duelist_a",
      "duelist_b",
      "points",
      "wins",
      "losses",
      "draws",
      "byes",
      "opp_mw_pct",
      "opp_opp_mw_pct",
      "gw_pct",
      "opp_gw_pct",
      "kts",
      "dropped",
      "late_entry",
      "place",
      "event_date",
      "event_location",
    ]);
    const kc = await csvOf(k.eventId);
    expect(kc.fields).toEqual([
      "rank",
      "team",
      "duelist_a",
      "duelist_b",
      "points",
      "wins",
      "losses",
      "draws",
      "byes",
      "opp_mw_pct",
      "opp_opp_mw_pct",
      "gw_pct",
      "opp_gw_pct",
      "kts",
      "dropped",
      "late_entry",
      "place",
      "event_date",
      "event_location",
    ]);
    // RULES §6.1: winners 3 pts, opponents 0/3 → OppMW% 0.0, OppOppMW% 100.0 (KTS caps at 999);
    // the % columns truncated to one decimal, kts the plain integer with the same digits.
    const kw = kc.rows.find((r) => r.points === "3")!;
    expect([kw.opp_mw_pct, kw.opp_opp_mw_pct, kw.kts]).toEqual(["0.0", "100.0", "3000999"]);
    const kl = kc.rows.find((r) => r.points === "0")!;
    expect([kl.opp_mw_pct, kl.opp_opp_mw_pct, kl.kts]).toEqual(["100.0", "0.0", "999000"]);
  });
});
