/**
 * Issue #6: action failures reach the browser in the user's language (lib/i18n/actionErrors):
 * `actionErrors.<code>` with the ActionError's params, parse-error details from `decks.parse.*`;
 * anything that cannot be rendered keeps its English message.
 */
import { describe, expect, it } from "vitest";
import { loadMessages } from "@/lib/i18n/messages";
import { localizeFailure, localizeResult } from "@/lib/i18n/actionErrors";
import { LOCALES } from "@/lib/i18n/config";
import { parseDecklist } from "@/lib/decks";
import { readCardFile } from "@/lib/server/write/cardImport";
import type { ActionError, ActionFailure } from "@/lib/errors";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const L = (locale: (typeof LOCALES)[number]) => [loadMessages(locale), locale] as const;

describe("localizeFailure", () => {
  it("a code with params renders in each locale; English matches the server's own sentence", () => {
    const err = { code: "ROUND_OPEN", message: "Round 3 is not closed yet: enter every result and close it first.", params: { number: 3 } };
    expect(localizeFailure(err, ...L("en")).message).toBe(err.message);
    expect(localizeFailure(err, ...L("pt-BR")).message).toBe(
      "A rodada 3 ainda não foi encerrada: registre todos os resultados e encerre-a primeiro.",
    );
    expect(localizeFailure(err, ...L("it")).message).toBe("Il round 3 non è ancora chiuso: inserisci tutti i risultati e chiudilo prima.");
  });
  it("NOT_FOUND picks its sentence by `what`; field and code are kept", () => {
    const err = { code: "NOT_FOUND", message: "No such round.", field: "roundId", params: { what: "round" } };
    expect(localizeFailure(err, ...L("pt-BR"))).toEqual({ ...err, message: "Rodada não encontrada." });
    expect(
      localizeFailure({ code: "NOT_FOUND", message: "There is no round 9.", params: { what: "roundNumber", number: 9 } }, ...L("it"))
        .message,
    ).toBe("Il round 9 non esiste.");
  });
  it("unknown codes, missing params and INVALID keep their message", () => {
    expect(localizeFailure({ code: "SOMETHING_NEW", message: "Plain English." }, ...L("it")).message).toBe("Plain English.");
    expect(localizeFailure({ code: "ROUND_OPEN", message: "Round ? is open." }, ...L("pt-BR")).message).toBe("Round ? is open.");
    const invalid = {
      code: "INVALID",
      message: "reason: is required",
      field: "reason",
      details: [{ field: "reason", code: "REQUIRED", message: "reason: is required" }],
    };
    expect(localizeFailure(invalid, ...L("it"))).toBe(invalid);
  });
  it("decklist parse errors: details rendered from decks.parse with their line, the top message follows the first", () => {
    const parsed = parseDecklist("#main\nnot-a-passcode\n", { filename: "x.ydk", game: "YGO" });
    if (parsed.ok) throw new Error("expected a parse error");
    const e = parsed.errors[0];
    const err = {
      code: "BAD_DECKLIST",
      message: e.message,
      field: "text",
      details: parsed.errors.map((x) => ({ line: x.line, code: x.code, params: x.params, message: x.message })),
    };
    const en = localizeFailure(err, ...L("en"));
    expect(en.message).toBe(e.message);
    const pt = localizeFailure(err, ...L("pt-BR"));
    expect(pt.details![0].message).not.toBe(e.message);
    expect(pt.details![0].message).toContain(String(e.line));
    expect(pt.message).toBe(pt.details![0].message);
  });
  it("card-file row errors and the closing '… and N more' line render in each language", async () => {
    // 1,023 YGOPRODeck entries with passcode 4127313695 (> 2^31 − 1): 20 row lines + "… and 1,003 more".
    const json = JSON.stringify({ data: Array.from({ length: 1023 }, () => ({ id: 4127313695, name: "X", type: "Effect Monster" })) });
    const err = await readCardFile(new TextEncoder().encode(json), "cards.json").then(
      () => null,
      (e: ActionError & { details?: ActionFailure["details"] }) => ({
        code: e.code,
        message: e.message,
        field: e.field,
        params: e.params,
        details: e.details,
      }),
    );
    if (!err) throw new Error("expected a refusal");
    expect(err.details).toHaveLength(21);
    const en = localizeFailure(err, ...L("en"));
    expect(en.details!.map((d) => d.message)).toEqual(err.details!.map((d) => d.message));
    expect(en.details![20].message).toBe("… and 1,003 more");
    const pt = localizeFailure(err, ...L("pt-BR"));
    expect(pt.details![0].message).toBe("data linha 1 (id 4127313695): o passcode deve ser um número inteiro de 1 a 2.147.483.647");
    expect(pt.details![20].message).toBe("… e mais 1.003");
    const it_ = localizeFailure(err, ...L("it"));
    expect(it_.details![0].message).toBe("data riga 1 (id 4127313695): il passcode deve essere un numero intero da 1 a 2.147.483.647");
    expect(it_.details![20].message).toBe("… e altri 1003"); // Italian groups from five digits (CLDR)
  });
  it("successes pass through", () => {
    const ok = { ok: true as const, data: { x: 1 } };
    expect(localizeResult(ok, ...L("it"))).toBe(ok);
  });
});

/**
 * Every ActionError code thrown anywhere in lib/ (`new ActionError("CODE"`, `detailedError("CODE"`,
 * including `cond ? "A" : "B"` codes) has an `actionErrors.CODE` message, so no failure reaches a
 * pt-BR or Italian user in English. INVALID is rendered by the form from its field details instead.
 * A site whose code is not a literal must be listed in DYNAMIC with where its messages come from.
 */
describe("catalogue coverage (issue #6: no action failure stays English)", () => {
  const ROOT = path.join(import.meta.dirname, "../..");
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) => {
      const p = path.join(dir, f);
      return statSync(p).isDirectory() ? (f === "generated" ? [] : files(p)) : /\.tsx?$/.test(f) ? [p] : [];
    });
  /** Sites passing a code through from the pure format engine: rendered from formats.errors.<code>. */
  const DYNAMIC: Record<string, RegExp> = {
    "lib/server/actions/live.ts": /new ActionError\(\s*o\.code,/, // end-of-match engine errors (lib/formats/eomp)
    // Impossible results; result-entry refusals (lib/formats/results RESULT_ENTRY_REFUSALS, actionErrors)
    "lib/server/actions/rounds.ts": /new ActionError\(\s*[ec]\.code,/,
    "lib/server/actions/reporting.ts": /new ActionError\(\s*e\.code,/, // same
    // result-entry refusal of a chosen batch outcome (NO_DRAWS)
    "lib/server/write/batchEnd.ts": /new ActionError\(\s*plan\.code,/,
    // Lifecycle refusals (lib/pairing/lifecycle finishRule / reopenRule): rendered from floor.refusals.<code>.
    "lib/server/actions/finish.ts": /new ActionError\(\s*r\.code,/,
    // detailedError itself (its callers are checked)
    "lib/server/action/index.ts": /new ActionError\(\s*code,|detailedError\(code: string,/,
  };
  const sites = files(path.join(ROOT, "lib")).flatMap((f) => {
    const rel = path.relative(ROOT, f).split(path.sep).join("/");
    const src = readFileSync(f, "utf8");
    return [...src.matchAll(/(?:new ActionError|detailedError)\(\s*([^,]+),/g)].map((m) => ({
      rel,
      call: m[0],
      arg: m[1].trim(),
      line: src.slice(0, m.index).split("\n").length,
    }));
  });
  const en = loadMessages("en") as unknown as { actionErrors: Record<string, string>; formats: { errors: Record<string, string> } };

  it("every literal code thrown in lib/ has an actionErrors entry (INVALID excepted)", () => {
    const missing: string[] = [];
    let literal = 0;
    for (const s of sites) {
      // Codes may hold digits after the first letter (FILE_NOT_UTF8).
      const codes = [...s.arg.matchAll(/"([A-Z][A-Z0-9_]*)"/g)].map((m) => m[1]);
      if (codes.length === 0) {
        if (!DYNAMIC[s.rel]?.test(s.call))
          missing.push(`${s.rel}:${s.line}: code ${s.arg} is not a literal — list the site in DYNAMIC with where its message comes from`);
        continue;
      }
      for (const c of codes) {
        literal++;
        if (c !== "INVALID" && !en.actionErrors[c])
          missing.push(`${s.rel}:${s.line}: ${c} has no actionErrors.${c} in messages/en/actionErrors.json`);
      }
    }
    expect(literal).toBeGreaterThan(120);
    expect(missing).toEqual([]);
  });

  it("the engine codes passed through (DYNAMIC sites) all have formats.errors messages", () => {
    const engine = ["lib/formats/eomp.ts", "lib/formats/results.ts"].flatMap((f) =>
      [
        ...readFileSync(path.join(ROOT, f), "utf8").matchAll(
          /(?:err|invalid)\((?:state|config|s), "([A-Z_]+)"|err\("([A-Z_]+)"|code: "([A-Z_]+)"/g,
        ),
      ].map((m) => m[1] ?? m[2] ?? m[3]),
    );
    expect(engine.length).toBeGreaterThan(20);
    expect(engine.filter((c) => !en.formats.errors[c])).toEqual([]);
  });
});

describe("throw-site situations render in each language", () => {
  it("FORBIDDEN picks the sentence of the site", () => {
    expect(
      localizeFailure({ code: "FORBIDDEN", message: "Only this event's organizer can do that.", params: { what: "organizer" } }, ...L("en"))
        .message,
    ).toBe("Only this event's organizer can do that.");
    expect(localizeFailure({ code: "FORBIDDEN", message: "x", params: { what: "judge" } }, ...L("pt-BR")).message).toBe(
      "Só os juízes deste evento podem fazer isso.",
    );
    expect(localizeFailure({ code: "FORBIDDEN", message: "x", params: { what: "ownDecklist" } }, ...L("it")).message).toBe(
      "Puoi inviare solo la tua decklist.",
    );
  });
  it("numbers, names and plurals are filled in", () => {
    expect(localizeFailure({ code: "RESULTS_MISSING", message: "x", params: { count: 2, tables: "3, 7" } }, ...L("en")).message).toBe(
      "Results are missing for tables 3, 7.",
    );
    expect(localizeFailure({ code: "RESULTS_MISSING", message: "x", params: { count: 1, tables: "3" } }, ...L("it")).message).toBe(
      "Mancano i risultati del tavolo 3.",
    );
    expect(
      localizeFailure({ code: "RESULT_FINAL", message: "x", params: { table: 4, outcome: "WIN", team: "Blue Eyes" } }, ...L("pt-BR"))
        .message,
    ).toBe("A mesa 4 já tem um resultado final (Blue Eyes venceu). Peça a um juiz para corrigi-lo; nada foi salvo.");
    expect(localizeFailure({ code: "ROUND_CLOSED", message: "x", params: { what: "organizer", number: 2 } }, ...L("it")).message).toBe(
      "Il round 2 è chiuso. Per correggerlo, spunta “Correggi un round chiuso”.",
    );
    expect(
      localizeFailure({ code: "BAD_CARD_FILE", message: "x", params: { what: "binary", file: "photo.png" } }, ...L("pt-BR")).message,
    ).toMatch(/^photo\.png não é um banco de dados de cards/);
    expect(localizeFailure({ code: "BAD_CARD_FILE", message: "x", params: { what: "empty", file: "none" } }, ...L("it")).message).toBe(
      "Il file non contiene carte.",
    );
  });
  it("PLAY_ON renders the engine's instruction (formats.eomp) inside the sentence", () => {
    const err = { code: "PLAY_ON", message: "x", params: { step: "eomp.NEW_GAME_SUDDEN_DEATH", game: "MTG" } };
    const pt = localizeFailure(err, ...L("pt-BR")).message;
    expect(pt).toContain("Registre o resultado final quando a partida terminar.");
    expect(pt).not.toContain("Start a new game");
    expect(localizeFailure(err, ...L("en")).message).toBe(
      "Start a new game; the first time the team life totals differ, the team with the lower life total loses. Record who plays " +
        "first. Report the final result when play ends.",
    );
  });
  it("engine codes without an actionErrors entry render from formats.errors", () => {
    const err = {
      code: "RESULT_GAMES_IMPOSSIBLE",
      message: "games1: 3–0 is impossible in a best-of-3 match.",
      field: "games1",
      params: { bestOf: 3, won: 3, lost: 0 },
    };
    expect(localizeFailure(err, ...L("en")).message).toBe("3–0 is impossible in a best-of-3 match.");
    expect(localizeFailure(err, ...L("it")).message).not.toBe(localizeFailure(err, ...L("en")).message);
  });
  it("BAD_LFLIST: the no-list case has its sentence; parse errors keep the line-level sentence", () => {
    expect(
      localizeFailure(
        { code: "BAD_LFLIST", message: "The file has no '!name' list.", field: "text", params: { what: "noList" } },
        ...L("pt-BR"),
      ).message,
    ).toBe("O arquivo não tem nenhuma lista “!name”.");
  });
});
