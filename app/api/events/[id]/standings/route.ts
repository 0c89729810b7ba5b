/**
 * GET /api/events/:id/standings → the official standings as CSV (issue #5): public fields only
 * (rank, team, duelist names, points, record, tiebreakers, dropped, late-entry choice — never
 * player IDs). Read-only; written by lib/csv (fields with , ; " or newlines quoted, every
 * `;`-separated part starting with = + - @ TAB CR prefixed with ', for `;`-splitting Excel). Column
 * names stay machine keys; cell texts (dropped yes/no, the late-entry choice) are in the
 * requester's language, picked like the pages do (locale cookie, then Accept-Language).
 * Tiebreaker columns are the preset's `standingsColumns` (lib/formats/tiebreakers), the same list
 * the standings page and print page loop over: Konami presets export opp_mw_pct, opp_opp_mw_pct,
 * gw_pct, opp_gw_pct (truncated to one decimal) and kts (the plain integer KTS stores, RULES §6.1);
 * MTR presets (Magic 2HG, RULES §5.5) omw_pct, gw_pct, ogw_pct (three decimals) and name the
 * entrants player_a/player_b. The last two columns repeat the event's day (YYYY-MM-DD) and venue on every
 * row (issue #13 item 7), so a spreadsheet keeps them with each row. The `place` column (before them) is the final
 * placing once the event is finished (lib/server/read/placings, issue #14; rows then in that order), else empty.
 */
import { toCsv } from "@/lib/csv";
import { createTranslator } from "next-intl";
import { standingRows, standingsCsvEvent } from "@/lib/server/read/paper";
import { LOCALE_COOKIE, pickLocale } from "@/lib/i18n/config";
import { loadMessages } from "@/lib/i18n/messages";
import { getPreset } from "@/lib/formats/presets";
import { columnsForView, standingsColumnCells } from "@/lib/standings";

function cookie(req: Request, name: string): string | undefined {
  for (const part of (req.headers.get("cookie") ?? "").split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return decodeURIComponent(v.join("="));
  }
  return undefined;
}

export async function GET(req: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const locale = pickLocale(cookie(req, LOCALE_COOKIE), req.headers.get("accept-language"));
  const t = createTranslator({ locale, messages: loadMessages(locale), namespace: "exports.standingsCsv" }) as unknown as (
    key: string,
    values?: Record<string, string | number>,
  ) => string;
  const event = await standingsCsvEvent(id);
  if (!event) return new Response("No such event.\n", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  const { rows, throughRound, final } = await standingRows(id);
  const preset = getPreset(event.formatPreset);
  const who = preset.game === "MTG" ? "player" : "duelist";
  const csv = toCsv(
    [
      "rank",
      "team",
      `${who}_a`,
      `${who}_b`,
      "points",
      "wins",
      "losses",
      "draws",
      "byes",
      ...columnsForView(preset.standingsColumns, "csv").map((c) => c.key),
      "dropped",
      "late_entry",
      "place",
      "event_date",
      "event_location",
    ],
    rows.map((r) => [
      r.rank,
      r.team,
      r.duelistA,
      r.duelistB,
      r.points,
      r.wins,
      r.losses,
      r.draws,
      r.byes,
      ...standingsColumnCells(preset.standingsColumns, r, "csv").map((c) => c.text),
      t(r.dropped ? "yes" : "no"),
      r.lateEntry ? t("late", { round: r.lateEntry.round, policy: r.lateEntry.policy }) : "",
      r.place ?? "",
      event.startsOn ? event.startsOn.toISOString().slice(0, 10) : "",
      event.location ?? "",
    ]),
  );
  const slug =
    event.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 40) || "event";
  return new Response("\uFEFF" + csv + "\r\n", {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="standings-${slug}-${final ? "final" : `round-${throughRound}`}.csv"`,
      "cache-control": "no-store",
    },
  });
}
