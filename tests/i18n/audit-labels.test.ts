/**
 * Issue #6: the audit page shows each action as a label in the organizer's language
 * (messages/<locale>/audit.json `audit.actions.<group>.<name>`, raw code kept in small text).
 * This test collects every audit action written in lib/server — `action: "x.y"` (also
 * `cond ? "x.y" : "x.z"`), `persist(…, "x.y", …)` and the round clock's `clock.<action>` — and
 * fails when one has no label, so a new audited action cannot stay a raw code.
 */
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { loadMessages } from "@/lib/i18n/messages";

const ROOT = path.join(import.meta.dirname, "../..");
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? files(p) : f.endsWith(".ts") ? [p] : [];
  });

function auditActions(): Set<string> {
  const out = new Set<string>();
  for (const f of files(path.join(ROOT, "lib/server"))) {
    const src = readFileSync(f, "utf8");
    for (const m of src.matchAll(/action: ([^,]*?"[a-z]+\.[a-zA-Z_]+"[^,]*),/g))
      for (const s of m[1].matchAll(/"([a-z]+\.[a-zA-Z_]+)"/g)) out.add(s[1]);
    for (const m of src.matchAll(/persist\([^)]*?"([a-z]+\.[a-zA-Z_]+)"/g)) out.add(m[1]);
    if (src.includes("action: `clock.${input.action.toLowerCase()}`")) {
      const e = /action: z\.enum\(\[([^\]]+)\]\)/.exec(src);
      for (const a of e![1].matchAll(/"([A-Z]+)"/g)) out.add(`clock.${a[1].toLowerCase()}`);
    }
  }
  return out;
}

describe("audit action labels", () => {
  const actions = auditActions();
  it("finds the audited actions of lib/server", () => {
    expect(actions.size).toBeGreaterThan(40);
    for (const a of ["result.team_final", "round.pair", "clock.pause", "eomp.begin", "topcut.start", "checkin.close"])
      expect(actions).toContain(a);
  });
  it.each(["en", "pt-BR", "it"] as const)("%s: every audited action has a label", (locale) => {
    const m = loadMessages(locale) as unknown as { audit: { actions: Record<string, Record<string, string>> } };
    const missing = [...actions].filter((a) => {
      const [g, n] = a.split(".");
      return typeof m.audit.actions[g]?.[n] !== "string";
    });
    expect(missing).toEqual([]);
  });
  it("pt-BR and Italian labels are translations, not English copies", () => {
    const en = (loadMessages("en") as unknown as { audit: { actions: { result: Record<string, string> } } }).audit.actions.result;
    for (const loc of ["pt-BR", "it"] as const) {
      const tr = (loadMessages(loc) as unknown as { audit: { actions: { result: Record<string, string> } } }).audit.actions.result;
      expect(tr.team_final).not.toBe(en.team_final);
    }
  });
});

/**
 * The audit page must not show raw keys ("pendingPenalties", "appliesToRound"),
 * raw codes (DISQUALIFICATION, match_loss, GAMES_WON, "match final") or raw JSON. Every key an
 * audit row of lib/server writes needs `audit.keys.<key>`; every code of a family the page
 * translates (lib/i18n/auditFormat AUDIT_VALUE_FAMILIES) needs its message in every locale.
 */
import { createTranslator } from "next-intl";
import { AUDIT_VALUE_FAMILIES, auditEntityLabel, auditValuePath, renderAuditValue, type RootT } from "@/lib/i18n/auditFormat";
import { PENALTY_KINDS } from "@/lib/formats/penalties";
import { END_REASONS } from "@/lib/formats/results";
import { TEAM_RESULTS } from "@/lib/formats/reports";
import { PRESET_IDS } from "@/lib/formats/presets";
import { EOMP_VARIANTS, EVENT_TYPES, PHASES } from "@/lib/formats/eomp";
import { MatchOutcome, RoundStatus, StaffRole, TeamStatus, TimerAction } from "@/lib/generated/prisma/enums";

const LOCS = ["en", "pt-BR", "it"] as const;
const rootT = (loc: (typeof LOCS)[number]) => createTranslator({ locale: loc, messages: loadMessages(loc) as never }) as unknown as RootT;

/** Keys of every `await audit(tx, {...})` call in lib/server (the call's own fields left out). */
function auditedKeys(): Set<string> {
  const out = new Set<string>();
  const own = new Set([
    "eventId",
    "actor",
    "action",
    "entity",
    "entityId",
    "before",
    "after",
    "userId",
    "username",
    "displayName",
    "isOrganizer",
  ]);
  for (const f of files(path.join(ROOT, "lib/server"))) {
    const src = readFileSync(f, "utf8");
    for (const m of src.matchAll(/await audit\(tx, \{/g)) {
      let i = m.index! + m[0].length,
        depth = 1;
      while (depth && i < src.length) {
        const c = src[i++];
        if ("{([".includes(c)) depth++;
        else if ("})]".includes(c)) depth--;
      }
      for (const k of src.slice(m.index!, i).matchAll(/[{,]\s*([A-Za-z_]\w*)\s*(?=[:,}])/g)) if (!own.has(k[1])) out.add(k[1]);
    }
  }
  // Keys of objects built outside the call and stored whole: a penalty's match before/after
  // (lib/server/penalties), an applied pending penalty, a team report and the report it replaced.
  for (const k of [
    "table",
    "outcome",
    "winnerSlot",
    "games1",
    "games2",
    "version",
    "endReason",
    "reportedAt",
    "penalty",
    "matchEffect",
    "result",
    "firstSlot",
    "lp1",
    "lp2",
    "report",
    "self",
    "by",
    "username",
    "displayName",
  ])
    out.add(k);
  return out;
}

/** Every code each translated family can hold. */
const FAMILY_VALUES: Record<string, readonly string[]> = {
  penalty: PENALTY_KINDS,
  consequence: ["none", "game_loss", "match_loss"],
  // the notes of lib/server/penalties + the penalty action (scanned below too)
  matchEffect: [
    "none",
    "no round",
    "round not open",
    "no match",
    "bye",
    "already final",
    "match final",
    "game recorded",
    "next match final",
    "next game recorded",
    "pending next",
  ],
  endReason: END_REASONS,
  outcome: Object.values(MatchOutcome),
  status: [...Object.values(RoundStatus), ...Object.values(TeamStatus)],
  teamStatus: Object.values(TeamStatus),
  entryPolicy: ["losses", "byes"],
  role: Object.values(StaffRole),
  state: ["CONFLICT", "ONE_SIDED"],
  result: TEAM_RESULTS,
  action: Object.values(TimerAction),
  reason: ["DECK_CHECK", "RULING"],
  kind: [],
  formatPreset: PRESET_IDS,
  mode: [
    "PLAYING",
    "FINISH_PHASE",
    "FINISH_TURN",
    "EXTRA_TURN",
    "TURN_BY_TURN",
    "FIRST_LP_CHANGE",
    "TIEBREAK_SETUP",
    "TIEBREAK_TURN",
    "DONE",
    "INVALID",
  ],
  type: EVENT_TYPES,
  phase: PHASES,
  eomp: EOMP_VARIANTS,
  listScope: ["duelist", "team"],
  decklistChanges: ["until_deadline", "locked_on_submit"],
  teamCopyRule: ["combined4", "strict_unified"],
  independentTimeRule: ["sum_surviving_lp", "survivors_then_lp", "draw"],
  rule: ["mtg", "individual", "team"],
  checkInVia: ["screen", "teamCode"], // issue #16
  dropEffect: ["now", "after_round"], // issue #16 (lib/venue/rules selfDropRule)
};

describe("audited keys and values have labels in every locale", () => {
  const keys = auditedKeys();
  it("finds the keys written by lib/server's audit rows (incl. pendingPenalties and appliesToRound)", () => {
    for (const k of ["pendingPenalties", "appliesToRound", "bothDropped", "matchEffect", "consequence", "winnerSlot"])
      expect(keys).toContain(k);
  });
  it.each(LOCS)("%s: every audited key has audit.keys.<key>", (loc) => {
    const t = rootT(loc);
    expect([...keys].filter((k) => !t.has(`audit.keys.${k}`))).toEqual([]);
  });
  it("every family the page translates lists its codes here, and the matchEffect notes of lib/server are all listed", () => {
    expect(Object.keys(FAMILY_VALUES).sort()).toEqual(Object.keys(AUDIT_VALUE_FAMILIES).sort());
    const notes = new Set<string>();
    for (const f of ["lib/server/write/penalties.ts", "lib/server/actions/reporting.ts"]) {
      const src = readFileSync(path.join(ROOT, f), "utf8");
      for (const m of src.matchAll(/(?:note: |matchNote = |\? |: )"([a-z]+(?: [a-z]+)+|none|bye)"/g)) notes.add(m[1]);
    }
    expect([...notes].filter((n) => !FAMILY_VALUES.matchEffect.includes(n))).toEqual([]);
  });
  it.each(LOCS)("%s: every code of every family has its message", (loc) => {
    const t = rootT(loc);
    const missing = Object.entries(FAMILY_VALUES).flatMap(([key, values]) =>
      values.filter((v) => !t.has(auditValuePath(key, v)!)).map((v) => `${key}=${v}`),
    );
    expect(missing).toEqual([]);
  });
  it("a stored instant (reportedAt, top level or nested) reads in the page's format and time zone, not as ISO text", () => {
    const pt = rootT("pt-BR");
    const fmt = new Intl.DateTimeFormat("pt-BR", {
      timeZone: "America/Sao_Paulo",
      day: "numeric",
      month: "short",
      hour: "2-digit",
      minute: "2-digit",
    });
    const at = "2026-11-29T10:00:00.000Z";
    expect(renderAuditValue(pt, "reportedAt", at, false, (d) => fmt.format(d))).toBe(fmt.format(new Date(at)));
    expect(fmt.format(new Date(at))).toContain("07:00"); // 10:00 UTC is 07:00 in São Paulo
    const nested = renderAuditValue(pt, "match", { outcome: "WIN", reportedAt: at }, false, (d) => fmt.format(d));
    expect(nested).toContain(fmt.format(new Date(at)));
    expect(nested).not.toContain("2026-11-29T");
    expect(renderAuditValue(pt, "reportedAt", at)).toBe(at); // no formatter: as stored
    expect(renderAuditValue(pt, "notes", "2026-11-29 at the store", false, (d) => fmt.format(d))).toBe("2026-11-29 at the store");
  });
  it("a pending penalty's audit entry reads as sentences in pt-BR / it: no raw code, no JSON", () => {
    const after = {
      penalty: "DISQUALIFICATION",
      consequence: "match_loss",
      matchEffect: "match final",
      appliesToRound: 2,
      match: {
        outcome: "WIN",
        winnerSlot: 2,
        endReason: "MATCH_LOSS_PENALTY",
        games1: 0,
        games2: 2,
        reportedAt: "2026-11-29T10:00:00.000Z",
        version: 3,
      },
    };
    const pending = [{ penaltyId: "p1", teamId: "t1", penalty: "MATCH_LOSS", matchEffect: "match final", table: 3 }];
    const pt = rootT("pt-BR"),
      it_ = rootT("it");
    expect(renderAuditValue(pt, "penalty", after.penalty)).toBe("Desqualificação");
    expect(renderAuditValue(it_, "penalty", after.penalty)).toBe("Squalifica");
    expect(renderAuditValue(pt, "endReason", "GAMES_WON")).toBe(pt("formats.reasons.GAMES_WON", { game: "YGO" }));
    expect(renderAuditValue(pt, "matchEffect", "match final")).toBe(pt("reporting.penalties.matchEffect.match_final"));
    for (const t of [pt, it_]) {
      const text = renderAuditValue(t, "match", after.match) + " " + renderAuditValue(t, "pendingPenalties", pending);
      expect(text).not.toMatch(/[{}"]|MATCH_LOSS|WIN\b|match final|penaltyId|teamId|p1\b|winnerSlot/);
      expect(text).toContain(t("audit.keys.table"));
    }
    expect(renderAuditValue(pt, "pendingPenalties", pending)).toBe(
      `Penalidade: ${pt("reporting.penalties.kind.MATCH_LOSS", { game: "YGO" })}, ${pt("audit.keys.matchEffect")}: ` +
        `${pt("reporting.penalties.matchEffect.match_final")}, ${pt("audit.keys.table")}: 3`,
    );
  });
  it.each(LOCS)("%s: every audited entity type has a name (the filter and the row's link)", (loc) => {
    const t = rootT(loc);
    const entities = new Set<string>();
    for (const f of files(path.join(ROOT, "lib/server")))
      for (const m of readFileSync(f, "utf8").matchAll(/entity: "([A-Z]\w+)"/g)) entities.add(m[1]);
    expect(entities.size).toBeGreaterThan(8);
    expect([...entities].filter((e) => !t.has(`audit.entities.${e}`))).toEqual([]);
    if (loc !== "en") expect(auditEntityLabel(t, "Duelist")).not.toBe("Duelist");
  });
});

describe("names joined in one audit value keep their order", () => {
  it("each name in a list or object is isolated (FSI…PDI); codes are not", () => {
    const t = rootT("pt-BR");
    expect(renderAuditValue(t, "teams", ["דוד כהן", "שרה לוי"])).toBe("\u2068דוד כהן\u2069, \u2068שרה לוי\u2069");
    expect(renderAuditValue(t, "pendingPenalties", [{ penalty: "WARNING" }])).toBe(
      `Penalidade: ${t("reporting.penalties.kind.WARNING", { game: "YGO" })}`,
    );
    expect(renderAuditValue(t, "team", "דוד כהן")).toBe("דוד כהן"); // alone: the page's <bdi> isolates it
  });
});

describe("audit values are sentences, never templates or codes", () => {
  it.each(LOCS)("%s: an end reason worded by game, a wizard step, a procedure and a settings choice read as words", (loc) => {
    const t = rootT(loc);
    const mtg = renderAuditValue(t, "endReason", "LP_ZERO", false, undefined, { game: "MTG" });
    expect(mtg).toBe(t("formats.reasons.LP_ZERO", { game: "MTG" }));
    expect(mtg).not.toMatch(/[{}]|LP_ZERO|select/);
    const step = renderAuditValue(t, "step", { type: "TURN_ENDED" });
    expect(step).not.toMatch(/TURN_ENDED|type/);
    expect(renderAuditValue(t, "mode", "EXTRA_TURN")).toBe(t("audit.values.mode.EXTRA_TURN"));
    const settings = renderAuditValue(t, "settings", { eomp: "phase_then_lp", listScope: "duelist", requireLegalDecklists: false });
    expect(settings).not.toMatch(/phase_then_lp|\bduelist\b:|requireLegalDecklists|listScope/);
    expect(renderAuditValue(t, "rule", "mtg")).toBe(t("reporting.penalties.ruleBasis.mtg"));
    expect(renderAuditValue(t, "game", { firstSlot: 1, turn: 5, phase: "MAIN1" }, false, undefined, { game: "YGO" })).not.toMatch(
      /MAIN1|firstSlot/,
    );
  });
});
