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

const L = (locale: (typeof LOCALES)[number]) => [loadMessages(locale), locale] as const;

describe("localizeFailure", () => {
  it("a code with params renders in each locale; English matches the server's own sentence", () => {
    const err = { code: "ROUND_OPEN", message: "Round 3 is not closed yet: enter every result and close it first.", params: { number: 3 } };
    expect(localizeFailure(err, ...L("en")).message).toBe(err.message);
    expect(localizeFailure(err, ...L("pt-BR")).message).toBe("A rodada 3 ainda não foi encerrada: registre todos os resultados e encerre-a primeiro.");
    expect(localizeFailure(err, ...L("it")).message).toBe("Il round 3 non è ancora chiuso: inserisci tutti i risultati e chiudilo prima.");
  });
  it("NOT_FOUND picks its sentence by `what`; field and code are kept", () => {
    const err = { code: "NOT_FOUND", message: "No such round.", field: "roundId", params: { what: "round" } };
    expect(localizeFailure(err, ...L("pt-BR"))).toEqual({ ...err, message: "Rodada não encontrada." });
    expect(localizeFailure({ code: "NOT_FOUND", message: "There is no round 9.", params: { what: "roundNumber", number: 9 } }, ...L("it")).message).toBe("Il round 9 non esiste.");
  });
  it("unknown codes, missing params and INVALID keep their message", () => {
    expect(localizeFailure({ code: "SOMETHING_NEW", message: "Plain English." }, ...L("it")).message).toBe("Plain English.");
    expect(localizeFailure({ code: "ROUND_OPEN", message: "Round ? is open." }, ...L("pt-BR")).message).toBe("Round ? is open.");
    const invalid = { code: "INVALID", message: "reason: is required", field: "reason", details: [{ field: "reason", code: "REQUIRED", message: "reason: is required" }] };
    expect(localizeFailure(invalid, ...L("it"))).toBe(invalid);
  });
  it("decklist parse errors: details rendered from decks.parse with their line, the top message follows the first", () => {
    const parsed = parseDecklist("#main\nnot-a-passcode\n", { filename: "x.ydk", game: "YGO" });
    if (parsed.ok) throw new Error("expected a parse error");
    const e = parsed.errors[0];
    const err = { code: "BAD_DECKLIST", message: e.message, field: "text", details: parsed.errors.map((x) => ({ line: x.line, code: x.code, params: x.params, message: x.message })) };
    const en = localizeFailure(err, ...L("en"));
    expect(en.message).toBe(e.message);
    const pt = localizeFailure(err, ...L("pt-BR"));
    expect(pt.details![0].message).not.toBe(e.message);
    expect(pt.details![0].message).toContain(String(e.line));
    expect(pt.message).toBe(pt.details![0].message);
  });
  it("successes pass through", () => {
    const ok = { ok: true as const, data: { x: 1 } };
    expect(localizeResult(ok, ...L("it"))).toBe(ok);
  });
});
