/**
 * The root layout sends only CLIENT_MESSAGE_PATHS to the browser (lib/i18n/messages.ts). This
 * test reads every component file under app/ and components/ and fails when a
 * `useTranslations("ns…")` (the hook: client components, or server components without async)
 * names a path not covered by that list — the page would show raw keys in the browser. A call
 * with no namespace (`useTranslations()`) must be declared in ROOT_USERS with the key prefixes
 * it builds, and each prefix must appear in the file and be covered.
 */
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { CLIENT_MESSAGE_PATHS, loadMessages, pickMessages } from "../../lib/i18n/messages";

const ROOT = path.join(import.meta.dirname, "../..");
/** Files that call useTranslations() without a namespace → the message prefixes they use. */
const ROOT_USERS: Record<string, string[]> = {
  "app/events/[id]/matches/[matchId]/eomp/EompWizard.tsx": ["formats.eomp", "formats.reasons"],
};

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(f) ? [p] : [];
  });
}
const covered = (p: string) => CLIENT_MESSAGE_PATHS.some((c) => p === c || p.startsWith(`${c}.`));

describe("client messages (only what client components translate is sent to the browser)", () => {
  const sources = ["app", "components"]
    .flatMap((d) => files(path.join(ROOT, d)))
    .map((f) => ({ rel: path.relative(ROOT, f), src: readFileSync(f, "utf8") }));

  it("every useTranslations namespace is covered by CLIENT_MESSAGE_PATHS", () => {
    const missing: string[] = [];
    let calls = 0;
    for (const { rel, src } of sources) {
      for (const m of src.matchAll(/useTranslations\(\s*([^)]*?)\s*\)/g)) {
        calls++;
        const arg = m[1];
        if (arg === "") {
          const prefixes = ROOT_USERS[rel];
          if (!prefixes) {
            missing.push(`${rel}: useTranslations() without a namespace is not declared in ROOT_USERS`);
            continue;
          }
          for (const p of prefixes) {
            if (!src.includes(`${p}.`)) missing.push(`${rel}: declared prefix ${p} not used`);
            if (!covered(p)) missing.push(`${rel}: ${p} not in CLIENT_MESSAGE_PATHS`);
          }
          continue;
        }
        const lit = /^["'`]([\w.]+)["'`]$/.exec(arg);
        if (!lit) {
          missing.push(`${rel}: useTranslations(${arg}) is not a string literal`);
          continue;
        }
        if (!covered(lit[1])) missing.push(`${rel}: "${lit[1]}" not in CLIENT_MESSAGE_PATHS`);
      }
    }
    expect(calls).toBeGreaterThan(30);
    expect(missing).toEqual([]);
  });

  it("every listed path exists in the English catalogue, and the pick is much smaller than the whole", () => {
    const all = loadMessages("en", path.join(ROOT, "messages"));
    const picked = pickMessages(all, CLIENT_MESSAGE_PATHS);
    for (const p of CLIENT_MESSAGE_PATHS) {
      let node: unknown = picked;
      for (const k of p.split(".")) node = (node as Record<string, unknown>)?.[k];
      expect(node, p).toBeTypeOf("object");
    }
    expect((picked.formats as Record<string, unknown>).quickref).toBeUndefined();
    expect(picked.pairing).toBeUndefined();
    expect(JSON.stringify(picked).length).toBeLessThan(JSON.stringify(all).length * 0.7);
  });
});
