/**
 * GET /api/events/:id/standings → the official standings as CSV (issue #5): public fields only
 * (rank, team, duelist names, points, record, tiebreakers, dropped, late-entry choice — never
 * player IDs). Read-only; written by lib/csv (fields with , ; " or newlines quoted, every
 * `;`-separated part starting with = + - @ TAB CR prefixed with ', for `;`-splitting Excel). Column
 * names stay machine keys; cell texts (dropped yes/no, the late-entry choice) are in the
 * requester's language, picked like the pages do (locale cookie, then Accept-Language).
 * Tiebreaker columns follow the preset, like the standings page: Konami presets (OppMW% first)
 * keep opp_mw_pct, opp_opp_mw_pct, gw_pct, opp_gw_pct (truncated to one decimal) and kts (the plain
 * integer KTS stores, RULES §6.1); MTR presets (Magic 2HG: OMW% → GW% →
 * OGW%, RULES §5.5) export player_a/player_b and omw_pct, gw_pct, ogw_pct — no KTS number, which is
 * Konami's. The last two columns repeat the event's day (YYYY-MM-DD) and venue on every
 * row (issue #13 item 7), so a spreadsheet keeps them with each row.
 */
import { toCsv } from "@/lib/csv";
import { createTranslator } from "next-intl";
import { db } from "@/lib/db";
import { standingRows } from "@/lib/server/paper";
import { LOCALE_COOKIE, pickLocale } from "@/lib/i18n/config";
import { loadMessages } from "@/lib/i18n/messages";
import { getPreset } from "@/lib/formats/presets";
import { tiebreakerTexts } from "@/lib/standings";

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
  const t = createTranslator({ locale, messages: loadMessages(locale), namespace: "exports.standingsCsv" }) as unknown as (key: string, values?: Record<string, string | number>) => string;
  const event = await db().event.findUnique({ where: { id }, select: { name: true, formatPreset: true, startsOn: true, location: true } });
  if (!event) return new Response("No such event.\n", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  const { rows, throughRound } = await standingRows(db(), id);
  const konami = getPreset(event.formatPreset).tiebreakers.includes("OPP_MW");
  const csv = toCsv(
    konami
      ? ["rank", "team", "duelist_a", "duelist_b", "points", "wins", "losses", "draws", "byes", "opp_mw_pct", "opp_opp_mw_pct", "gw_pct", "opp_gw_pct", "kts", "dropped", "late_entry", "event_date", "event_location"]
      : ["rank", "team", "player_a", "player_b", "points", "wins", "losses", "draws", "byes", "omw_pct", "gw_pct", "ogw_pct", "dropped", "late_entry", "event_date", "event_location"],
    rows.map((r) => {
      // Konami: truncated to one decimal, KTS a plain integer (RULES §6.1); MTR: 3 decimals.
      const x = tiebreakerTexts(r, konami, 3);
      return [r.rank, r.team, r.duelistA, r.duelistB, r.points, r.wins, r.losses, r.draws, r.byes,
        ...(konami ? [x.omw, x.oomw, x.gw, x.ogw, x.kts] : [x.omw, x.gw, x.ogw]),
        t(r.dropped ? "yes" : "no"), r.lateEntry ? t("late", { round: r.lateEntry.round, policy: r.lateEntry.policy }) : "",
        event.startsOn ? event.startsOn.toISOString().slice(0, 10) : "", event.location ?? ""];
    }),
  );
  const slug = event.name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 40) || "event";
  return new Response("\uFEFF" + csv + "\r\n", {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="standings-${slug}-round-${throughRound}.csv"`,
      "cache-control": "no-store",
    },
  });
}
