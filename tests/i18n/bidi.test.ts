/** Tester issue 8: right-to-left names are direction-isolated next to IDs and numbers. */
import { describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { FSI, PDI, isolate } from "../../lib/i18n/bidi";
import { withBdi } from "../../components/Bdi";

describe("isolate (FSI … PDI for names inside plain strings)", () => {
  it("wraps an Arabic name so the following designation/ID keeps its place", () => {
    expect(isolate("فريق النجوم")).toBe(`${FSI}فريق النجوم${PDI}`);
    expect(`A: ${isolate("سارة")} · 1000011`).toBe("A: \u2068سارة\u2069 · 1000011");
  });
  it("leaves empty names empty", () => {
    expect(isolate("")).toBe("");
    expect(isolate(null)).toBe("");
  });
});

describe("withBdi (<bdi> inside a translated sentence)", () => {
  const t = (name: string) => `Submit a list for ${name}`;
  it("puts the name in a <bdi> and keeps the sentence text unchanged", () => {
    expect(renderToStaticMarkup(createElement("p", null, withBdi(t, "سارة")))).toBe("<p>Submit a list for <bdi>سارة</bdi></p>");
    expect(
      renderToStaticMarkup(
        createElement(
          "p",
          null,
          withBdi((n) => `${n}: decklists`, "Carla"),
        ),
      ),
    ).toBe("<p><bdi>Carla</bdi>: decklists</p>");
  });
  it("a sentence without the name (translation dropped it) is returned as is", () => {
    expect(withBdi(() => "Submit a list", "x")).toBe("Submit a list");
  });
});

describe("two names joined in one line are isolated each", () => {
  it("no page joins names into one string without isolate() (a Hebrew A and B would swap for a left-to-right reader)", async () => {
    const { readdirSync, readFileSync, statSync } = await import("node:fs");
    const path = await import("node:path");
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
    const offenders = files
      .flatMap((f) =>
        readFileSync(f, "utf8")
          .split("\n")
          .map((l, i) => [f, i + 1, l] as const),
      )
      .filter(([, , l]) => /\.join\(/.test(l) && /\$\{[^}]*\.name\}/.test(l) && !/isolate\(/.test(l))
      .map(([f, n]) => `${f}:${n}`);
    expect(offenders).toEqual([]);
  });
});
