/**
 * One term per concept per locale. pt-BR used to write "PV" and "LP" side by side
 * ("PV de Dragões Brancos: informe os LP desta equipe."), "Desqualificação" next to "foi
 * desclassificada", and the report page said "vs" where the others say "x". Italian uses LP,
 * "squalifica" and "vs".
 */
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { createTranslator } from "next-intl";
import IntlMessageFormat from "intl-messageformat";
import { loadMessages } from "@/lib/i18n/messages";
import { getPreset, PRESET_IDS, type PresetId } from "@/lib/formats/presets";
import { start, startMatch, step, type EompEvent, type EompOutput, type GameAtTime } from "@/lib/formats/eomp";
import { gamesToWin } from "@/lib/formats/results";
import { isIndependent } from "@/lib/formats/turns";

const ROOT = path.join(import.meta.dirname, "../..");

/** Every string of messages/<locale>/*.json as [file:key, text]. */
function strings(locale: string): [string, string][] {
  const dir = path.join(ROOT, "messages", locale);
  const out: [string, string][] = [];
  const walk = (v: unknown, at: string) => {
    if (typeof v === "string") out.push([at, v]);
    else if (v && typeof v === "object") for (const [k, x] of Object.entries(v)) walk(x, `${at}.${k}`);
  };
  for (const f of readdirSync(dir).filter((f) => f.endsWith(".json"))) walk(JSON.parse(readFileSync(path.join(dir, f), "utf8")), f);
  return out;
}
const flat = (o: unknown, pre = ""): [string, string][] =>
  typeof o === "string" ? [[pre, o]] : Object.entries(o as Record<string, unknown>).flatMap(([k, v]) => flat(v, pre ? `${pre}.${k}` : k));
const find = (locale: string, re: RegExp) =>
  strings(locale)
    .filter(([, s]) => re.test(s))
    .map(([k, s]) => `${k}: ${s}`);

describe("one term per concept per locale", () => {
  it("pt-BR says PV (never LP) for Yu-Gi-Oh! life points", () => {
    expect(find("pt-BR", /\bLP\b/)).toEqual([]);
    expect(find("pt-BR", /\bPV\b/).length).toBeGreaterThan(3);
  });
  it("Italian says LP (never PV)", () => {
    expect(find("it", /\bPV\b/)).toEqual([]);
  });
  it("pt-BR: 'desqualific…' only — never mixed with 'desclassific…'", () => {
    expect(find("pt-BR", /desclassific/i)).toEqual([]);
    expect(find("pt-BR", /desqualific/i).length).toBeGreaterThan(2);
  });
  it("Italian: 'squalific…' only", () => {
    expect(find("it", /(de|s)classific|desqualific|disqualific/i)).toEqual([]);
  });
  it("pt-BR says 'x' between two teams, never 'vs'; no page hard-codes 'vs'", () => {
    expect(find("pt-BR", /\bvs\.?\b/i)).toEqual([]);
    const tsx: string[] = [];
    const walk = (d: string) => {
      for (const f of readdirSync(d)) {
        const p = path.join(d, f);
        if (statSync(p).isDirectory()) walk(p);
        else if (p.endsWith(".tsx")) tsx.push(p);
      }
    };
    walk(path.join(ROOT, "app"));
    walk(path.join(ROOT, "components"));
    expect(tsx.filter((f) => />\s*vs\.?\s*</.test(readFileSync(f, "utf8"))).map((f) => path.relative(ROOT, f))).toEqual([]);
  });
});

/**
 * Issue #13 item 11: Italian Yu-Gi-Oh! words on Yu-Gi-Oh! events (duello, duellante) while Magic
 * keeps Magic's (giocatore, game/partita); and no developer reference (npm commands, RULES.md
 * sections) in any message of any locale.
 */
describe("words per game and no developer references", () => {
  const it_ = createTranslator({ locale: "it", messages: loadMessages("it") as never, onError: () => {} }) as unknown as (
    k: string,
    p?: Record<string, string>,
  ) => string;

  it("every Italian message worded by game says duellante/duello for Yu-Gi-Oh! and keeps giocatore for Magic", () => {
    const worded = flat(loadMessages("it")).filter(([, v]) => v.includes("{game, select,"));
    expect(worded.length).toBeGreaterThan(60);
    const bad: string[] = [];
    for (const [key] of worded) {
      let ygo: string;
      try {
        ygo = it_(key, {
          game: "YGO",
          seatKind: "duelist",
          designation: "A",
          name: "N",
          d: "A",
          team: "T",
          table: "1",
          query: "q",
          value: "v",
          at: "known",
          seat: "1A",
          turn: "1",
          count: "2",
          n: "3",
          scope: "duelist",
          stage: "all",
          phase: "MAIN1",
          field: "f",
          slot: "1",
          extraTurns: "3",
          extra: "3",
          kind: "team",
          start: "8000",
          mode: "compare",
          lp: "8000",
          won: "2",
          lost: "1",
          min: "40",
          max: "60",
          limit: "40",
          list: "L",
          sections: "s",
          listGame: "YGO",
          eventGame: "YGO",
          format: "ydk",
        });
      } catch {
        continue;
      }
      if (/\bgiocator[ei]\b|\bgame\b(?! ID)|Game Loss|Match Loss/i.test(ygo.replace(/Card Game ID/g, ""))) bad.push(`${key}: ${ygo}`);
    }
    expect(bad).toEqual([]);
    expect(it_("teams.duelistA", { game: "YGO" })).toBe("Duellante A");
    expect(it_("teams.duelistA", { game: "MTG" })).toBe("Giocatore A");
    expect(it_("reporting.penalties.kind.GAME_LOSS", { game: "YGO" })).toBe("Sconfitta nel duello");
    expect(it_("reporting.penalties.kind.GAME_LOSS", { game: "MTG" })).toBe("Game Loss");
  });

  it.each(["en", "pt-BR", "it"] as const)(
    "%s: no message names an npm command, a RULES.md section or a server environment variable",
    (loc) => {
      const hits = flat(loadMessages(loc)).filter(([, v]) =>
        /npm run|RULES\.md|CASES\.md|§\s*\d|\b(PUBLIC_URL|DATABASE_URL|NEXTAUTH_\w+|TRUSTED_PROXY|EMBEDDED_DB_\w+)\b/.test(v),
      );
      expect(hits).toEqual([]);
    },
  );
});

/**
 * Issue #13 item 11, every Italian message: the text a Yu-Gi-Oh! event can show — every branch of
 * every select/plural except the Magic ones (`{game, select, MTG {…}}`, `{kind, select, mtg {…}}`,
 * `{listGame|eventGame, select, MTG {…}}`) — uses no Magic word: giocatore/giocatori, game,
 * partita/partite (a duello is meant), Game Loss, Match Loss. "Card Game ID" (Konami's player
 * ID) is a name, not a word for a game.
 */
describe("Italian Yu-Gi-Oh! text has no Magic words outside a Magic branch", () => {
  const MAGIC = /\bgiocator[ei]\b|\bgame\b|\bpartit[ae]\b|Game Loss|Match Loss/i;
  const MAGIC_BRANCH: Record<string, string> = { game: "MTG", listGame: "MTG", eventGame: "MTG", kind: "mtg" };
  /** Message groups only Magic events show: the wizard's team-life step exists for Two-Headed Giant only (CR 810.9, C57). */
  const MAGIC_ONLY = ["teamLife.json:live.teamLife."];
  type Node = { type: number; value?: string; options?: Record<string, { value: Node[] }>; children?: Node[] };
  /** The literal text of every branch a Yu-Gi-Oh! event can show (select 5, plural 6, tag 8). */
  const ygoText = (els: Node[]): string =>
    els
      .map((el) => {
        if (el.type === 0) return el.value ?? "";
        if (el.type === 5 || el.type === 6)
          return Object.entries(el.options ?? {})
            .filter(([k]) => MAGIC_BRANCH[el.value!] !== k)
            .map(([, o]) => ygoText(o.value))
            .join(" | ");
        if (el.type === 8) return ygoText(el.children ?? []);
        return "";
      })
      .join("");
  const italian = readdirSync(path.join(ROOT, "messages/it"))
    .filter((f) => f.endsWith(".json"))
    .flatMap((f) => flat(JSON.parse(readFileSync(path.join(ROOT, "messages/it", f), "utf8"))).map(([k, v]) => [`${f}:${k}`, v] as const));

  it("no Italian message shows giocatore, game, partita, Game Loss or Match Loss on a Yu-Gi-Oh! event", () => {
    expect(italian.length).toBeGreaterThan(900);
    const bad = italian
      .filter(([k]) => !MAGIC_ONLY.some((p) => k.startsWith(p)))
      .filter(([, v]) => MAGIC.test(ygoText(new IntlMessageFormat(v, "it").getAst() as unknown as Node[]).replace(/Card Game ID/g, "")))
      .map(([k, v]) => `${k}: ${v}`);
    expect(bad).toEqual([]);
  });
});

/**
 * Issue #13 item 11 on the end-of-match wizard: every instruction, error and result the engine
 * (lib/formats/eomp) gives on a Yu-Gi-Oh! preset, rendered in Italian with the params the engine
 * itself passes (so a message worded by game fails to format when the engine leaves `game` out),
 * says duello/duellante, never game/giocatore/Game Loss; a Magic event keeps "game".
 */
describe("the Italian end-of-match wizard speaks Yu-Gi-Oh! on Yu-Gi-Oh! events", () => {
  const MAGIC = /\bgiocator[ei]\b|\bgame\b|\bpartit[ae]\b|Game Loss|Match Loss/i;
  const errors: string[] = [];
  const tr = createTranslator({
    locale: "it",
    messages: loadMessages("it") as never,
    onError: (e) => {
      errors.push(e.message);
    },
  }) as unknown as (k: string, p?: Record<string, string | number>) => string;
  const params = (p: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(p)
        .filter(([, v]) => v !== null && v !== undefined)
        .map(([k, v]) => [k, typeof v === "boolean" ? String(v) : v]),
    ) as Record<string, string | number>;
  const text = (o: EompOutput, game: string) =>
    o.kind === "result"
      ? tr(`formats.reasons.${o.reason}`, { outcome: o.result.outcome, winner: o.result.winner ?? 0, game })
      : tr(`formats.${o.kind === "instruction" ? "eomp" : "errors"}.${o.code}`, params(o.params));
  /** Deterministic walk: each start moment, then `n` steps cycling through a fixed list of table events. */
  const EVENTS: EompEvent[] = [
    { type: "TURN_ENDED" },
    { type: "PHASE_FINISHED" },
    { type: "LP_CHANGED", lp: { slot1: 3000 } },
    { type: "GAME_ENDED", winner: 1, reason: "LP_ZERO" },
    { type: "GAME_STARTED", firstSlot: 2 },
    { type: "LP_CHANGED", lp: { slot2: 5000 } },
    { type: "GAME_ENDED", winner: null, reason: "DRAW" },
    { type: "DUELIST_ELIMINATED", seat: "1A" },
    { type: "LP_CHANGED", duelistLp: { "2B": 0 } },
    { type: "GAME_ENDED", winner: null, reason: "GAME_LOSS_PENALTY" },
    { type: "TIME_CALLED", game: null },
  ];
  function walk(preset: PresetId): { outputs: EompOutput[]; codes: Set<string> } {
    const p = getPreset(preset);
    const outputs: EompOutput[] = [];
    const lp = (a: number, b: number): Partial<GameAtTime> =>
      isIndependent(p) ? { duelistLp: { "1A": a, "2B": b, "3A": a, "4B": b } } : { lp: { slot1: a, slot2: b } };
    const games = [
      { slot1: 0, slot2: 0, drawn: 0 },
      { slot1: 1, slot2: 1, drawn: 0 },
      { slot1: 1, slot2: 0, drawn: 1 },
    ].filter((g) => g.slot1 < gamesToWin(p) && g.slot2 < gamesToWin(p));
    for (const stage of ["swiss", "single_elimination"] as const)
      for (const g of games)
        for (const at of [
          null,
          { firstSlot: 1, turn: 4, phase: "MAIN1", ...lp(4000, 4000) },
          { firstSlot: 2, turn: 7, phase: "BATTLE", ...lp(8000, 2000) },
        ] as (GameAtTime | null)[]) {
          for (const offset of [0, 3, 5])
            for (const first of [start({ preset, stage, games: g, game: at }), startMatch({ preset, stage, games: g })]) {
              let t = first;
              outputs.push(t.output);
              for (let i = 0; i < 24 && t.output.kind !== "result"; i++) {
                const next = step(t.state, EVENTS[(i + offset) % EVENTS.length]);
                outputs.push(next.output);
                if (next.output.kind !== "error") t = next;
              }
            }
        }
    return { outputs, codes: new Set(outputs.map((o) => `${o.kind}:${o.kind === "result" ? o.reason : o.code}`)) };
  }

  it.each(PRESET_IDS.filter((id) => getPreset(id).game === "YGO"))("%s: every wizard text in Italian says duello/duellante", (preset) => {
    errors.length = 0;
    const { outputs, codes } = walk(preset);
    expect(codes.size).toBeGreaterThan(6);
    const bad = outputs.map((o) => text(o, "YGO")).filter((s) => MAGIC.test(s));
    expect(bad).toEqual([]);
    expect(errors).toEqual([]);
  });
  it("the wizard reaches the game-worded instructions and names the next duel", () => {
    const all = PRESET_IDS.filter((id) => getPreset(id).game === "YGO").flatMap((id) => walk(id).outputs);
    const codes = new Set(all.map((o) => (o.kind === "result" ? o.reason : o.code)));
    for (const c of ["START_NEXT_GAME", "PLAY_ON", "TIEBREAK_SETUP", "TIEBREAK_TURN", "EOMP_GAME_LEAD"]) expect(codes, c).toContain(c);
    const next = all.find((o) => o.kind === "instruction" && o.code === "START_NEXT_GAME")!;
    expect(text(next, "YGO")).toMatch(/^Inizia il duello \d/);
  });
  it("a Magic event keeps Magic's words in the same wizard", () => {
    errors.length = 0;
    const { outputs } = walk("MTG_2HG");
    const next = outputs.find((o) => o.kind === "instruction" && o.code === "START_NEXT_GAME")!;
    expect(text(next, "MTG")).toMatch(/^Inizia il game \d/);
    expect(errors).toEqual([]);
  });
});
