/**
 * Tiebreakers are data (issue #11 item 5): a preset built here with ONE extra column descriptor
 * (own match-win %, plain data) shows that column in the standings page's rows, the print page's
 * rows and the CSV — the page, print page and CSV route loop over `Preset.standingsColumns`
 * through lib/standings `standingsColumnCells`; none of them is changed for the new column.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Papa from "papaparse";
import { useTestDatabase } from "./db";
import { must, reportingWorld, type ReportingWorld } from "./fixtures";
import { db } from "@/lib/db";
import { PRESETS, type Preset } from "@/lib/formats/presets";
import { KONAMI_COLUMNS, type TiebreakerColumn } from "@/lib/formats/tiebreakers";
import { standingsColumnCells } from "@/lib/standings";
import { standingRows } from "@/lib/server/read/paper";
import { eventStandings } from "@/lib/server/read/standings";

await useTestDatabase();

const ownMw: TiebreakerColumn = {
  key: "mw_pct",
  label: "mw",
  value: (r) => r.mwp,
  format: "truncatedPercent",
  sort: "desc",
  views: "all",
  testId: "mw",
};

describe("a preset with one extra tiebreaker descriptor", () => {
  let w: ReportingWorld;
  const original = PRESETS.KONAMI_TAG_2019;
  beforeAll(async () => {
    w = await reportingWorld("tbcol", "KONAMI_TAG_2019", 4);
    for (const m of w.matches) await must("reportResult", w.judge, { roundId: w.roundId, matchId: m.id, result: "team1" });
    await must("closeRound", w.organizer, { roundId: w.roundId });
    const extended: Preset = { ...original, standingsColumns: [...KONAMI_COLUMNS, ownMw] };
    (PRESETS as Record<string, Preset>).KONAMI_TAG_2019 = extended;
  });
  afterAll(() => {
    (PRESETS as Record<string, Preset>).KONAMI_TAG_2019 = original;
  });

  it("its column is in the standings page rows: winners 100.0, losers 0.0 (own MW% after one round)", async () => {
    const { standings } = await eventStandings(db(), w.eventId);
    const cells = standings.map((s) => standingsColumnCells(PRESETS.KONAMI_TAG_2019.standingsColumns, s, "page"));
    expect(cells[0].map((c) => c.key)).toEqual(["opp_mw_pct", "opp_opp_mw_pct", "kts", "mw_pct"]);
    expect(cells.map((c) => c.find((x) => x.key === "mw_pct")!.text)).toEqual(["100.0", "100.0", "0.0", "0.0"]);
  });

  it("its column is in the print page rows", async () => {
    const { rows } = await standingRows(w.eventId);
    const cells = rows.map((r) => standingsColumnCells(PRESETS.KONAMI_TAG_2019.standingsColumns, r, "print"));
    expect(cells.map((c) => c.map((x) => x.testId))).toEqual(Array(4).fill(["opp-mw", "opp-opp-mw", "kts", "mw"]));
    expect(cells.map((c) => c[3].text)).toEqual(["100.0", "100.0", "0.0", "0.0"]);
  });

  it("its column is in the CSV from the real route, after the preset's own columns", async () => {
    const { GET } = await import("@/app/api/events/[id]/standings/route");
    const res = await GET(new Request("http://x/", { headers: { "accept-language": "en" } }), {
      params: Promise.resolve({ id: w.eventId }),
    });
    const table = Papa.parse<string[]>((await res.text()).replace(/^\uFEFF/, "").trim(), { newline: "\r\n" }).data;
    const header = table[0];
    expect(header.slice(9, 15)).toEqual(["opp_mw_pct", "opp_opp_mw_pct", "gw_pct", "opp_gw_pct", "kts", "mw_pct"]);
    expect(table.slice(1).map((r) => r[header.indexOf("mw_pct")])).toEqual(["100.0", "100.0", "0.0", "0.0"]);
  });

  it("without the descriptor (the shipped preset) no such column exists", () => {
    const cells = standingsColumnCells(
      original.standingsColumns,
      { points: 3, mwp: 1, omwp: 0, oomwp: 0, gwp: 1, ogwp: 0, kts: "3000000" },
      "csv",
    );
    expect(cells.map((c) => c.key)).toEqual(["opp_mw_pct", "opp_opp_mw_pct", "gw_pct", "opp_gw_pct", "kts"]);
  });
});
