/**
 * Every form shows an action's INVALID failure the same way —
 * components/actionErrorText renders each detail from `common.errors.<code>` with the field's
 * visible label, in the page's language, and joins label and problem without "?:".
 */
import { describe, expect, it } from "vitest";
import { createTranslator } from "next-intl";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { loadMessages } from "@/lib/i18n/messages";
import { LOCALES } from "@/lib/i18n/config";
import { failureText, labelForMessage, type CommonT } from "@/components/actionErrorText";
import { submitTeamReport } from "@/lib/server/actions/reporting";
import { signUpWithClaim } from "@/lib/server/actions/accounts";

const common = (locale: string) =>
  createTranslator({
    locale,
    messages: loadMessages(locale as (typeof LOCALES)[number]) as never,
    namespace: "common" as never,
  }) as unknown as CommonT;

describe("the claim sign-up's short password is named by its label, translated", () => {
  it("pt-BR and it render 'Nova senha' / 'Nuova password' with the minimum, never the raw field or English", async () => {
    const res = await signUpWithClaim.handle(null, { code: "ABCDEF", username: "newuser", password: "12345" });
    expect(res.ok).toBe(false);
    if (res.ok) return;
    expect(res.error.message).toMatch(/^password: /); // the server's English fallback…
    const labels: Record<string, string> = { "pt-BR": "Nova senha", it: "Nuova password", en: "New password" };
    const out = Object.fromEntries(
      Object.keys(labels).map((loc) => [loc, failureText(common(loc), res.error, (f) => (f === "password" ? labels[loc] : null)).message]),
    );
    expect(out).toEqual({
      "pt-BR": "Nova senha: pelo menos 8 caracteres.",
      it: "Nuova password: almeno 8 caratteri.",
      en: "New password: at least 8 characters.",
    });
  });
  it("no client component shows an action failure's message without going through actionErrorText", () => {
    const files: string[] = [];
    const walk = (d: string) => {
      for (const f of readdirSync(d)) {
        const p = path.join(d, f);
        if (statSync(p).isDirectory()) walk(p);
        else if (p.endsWith(".tsx")) files.push(p);
      }
    };
    walk("app");
    walk("components");
    // EompWizard renders its INVALID details from common.errors with its own LP labels (same path, own labels).
    const offenders = files.filter(
      (f) => !f.endsWith("EompWizard.tsx") && /\b(res|r|result)\.error\.message\b/.test(readFileSync(f, "utf8")),
    );
    expect(offenders).toEqual([]);
  });
});

describe("label and problem join without '?:'", () => {
  it("labelForMessage strips a trailing ?, :, * (also full-width) and spaces", () => {
    expect(
      ["Which team went first?", "Qual equipe começou?", "Quale team ha iniziato? ", "Nome:", "Name *", "¿Quién?", "名前："].map(
        labelForMessage,
      ),
    ).toEqual(["Which team went first", "Qual equipe começou", "Quale team ha iniziato", "Nome", "Name", "¿Quién", "名前"]);
  });
  it("a report without 'who went first' reads '<question without ?>: choose one of the options' in every locale", async () => {
    const res = await submitTeamReport.handle(null, { matchId: "m1", result: "team1" });
    if (res.ok) throw new Error("expected INVALID");
    const legends: Record<string, string> = {
      en: "Which team went first?",
      "pt-BR": "Qual equipe começou?",
      it: "Quale team ha iniziato?",
    };
    for (const loc of LOCALES) {
      const text = failureText(common(loc), res.error, () => legends[loc]).message;
      expect(text, loc).toBe(`${legends[loc].slice(0, -1)}: ${common(loc)("errors.CHOOSE_ONE", { label: "" }).replace(/^: /, "")}`);
      expect(text).not.toMatch(/\?:/);
    }
    expect(failureText(common("en"), res.error, () => legends.en).message).toBe("Which team went first: choose one of the options.");
  });
});

describe("a missing nested object falls back to its field path only when no label is found", () => {
  it("details render in order with labels from the lookup (ActionForm's lookup resolves 'a' to the first 'a.' control)", () => {
    const error = {
      code: "INVALID",
      message: "name: is required",
      details: [
        { field: "name", code: "REQUIRED", message: "name: is required" },
        { field: "a", code: "REQUIRED", message: "a: is required" },
      ],
    };
    const t = common("pt-BR");
    expect(failureText(t, error, (f) => ({ name: "Nome da equipe", a: "Nome (A)" })[f] ?? null)).toEqual({
      message: "Nome da equipe: obrigatório.",
      details: ["Nome (A): obrigatório."],
    });
  });
});
