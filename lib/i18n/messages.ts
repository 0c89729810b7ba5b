/**
 * Message catalogues: every JSON file in messages/<locale>/ is one namespace file
 * (e.g. messages/en/decks.json = {"decks": {...}}); they are deep-merged, and a locale falls
 * back to English key by key, so a missing translation shows English, never a raw key.
 */
import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import type { Locale } from "./config";

type Tree = { [k: string]: string | Tree };

function merge(into: Tree, from: Tree): Tree {
  for (const [k, v] of Object.entries(from)) {
    const cur = into[k];
    if (typeof v === "object" && v && typeof cur === "object" && cur) merge(cur, v);
    else if (typeof v === "object" && v) into[k] = merge({}, v);
    else into[k] = v;
  }
  return into;
}

function fillMissing(target: Tree, fallback: Tree): Tree {
  for (const [k, v] of Object.entries(fallback)) {
    const cur = target[k];
    if (cur === undefined) target[k] = typeof v === "object" ? merge({}, v) : v;
    else if (typeof v === "object" && typeof cur === "object") fillMissing(cur, v);
  }
  return target;
}

const cache = new Map<string, Tree>();

function readLocale(root: string, locale: string): Tree {
  const dir = path.join(root, locale);
  const out: Tree = {};
  if (!existsSync(dir)) return out;
  for (const f of readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()) {
    merge(out, JSON.parse(readFileSync(path.join(dir, f), "utf8")) as Tree);
  }
  return out;
}

/** Loads the merged catalogue for a locale (cached per process), English filling the gaps. */
export function loadMessages(locale: Locale, root = path.join(process.cwd(), "messages")): Tree {
  const key = `${root}|${locale}`;
  const hit = cache.get(key);
  if (hit && process.env.NODE_ENV === "production") return hit;
  const en = readLocale(root, "en");
  const msgs = locale === "en" ? en : fillMissing(readLocale(root, locale), en);
  cache.set(key, msgs);
  return msgs;
}

/**
 * The message paths client components use (a top-level namespace like "teams", or a deeper path
 * like "formats.eomp"). The root layout sends only these to the browser instead of the whole
 * catalogue (~46 KB of English, half of it server-only: quick reference, legality errors,
 * pairing texts), which every page — the public pairings page of a 750-team event included —
 * would otherwise carry in its RSC payload. tests/i18n/client-messages.test.ts fails when a
 * client `useTranslations("…")` names a namespace not covered here.
 */
export const CLIENT_MESSAGE_PATHS = [
  "account",
  "admin",
  "archive",
  "auth",
  "cards",
  "clock",
  "common",
  "decklists",
  "deckops",
  "eventday",
  "flights",
  "floor",
  "interop.roster",
  "live",
  "nav",
  "newEvent",
  "offline",
  "operations",
  "pages",
  "pairings",
  "players",
  "presets",
  "receipt",
  "report",
  "reporting",
  "resultsDesk",
  "settings",
  "standings",
  "teams",
  "terms",
  "tiebreakers",
  "finish.standings",
  "formats.eomp",
  "formats.reasons",
] as const;

/**
 * The sub-tree of `messages` made of the given dotted paths (missing paths are skipped).
 * Shape: same nesting as the catalogue, e.g. pickMessages(m, ["formats.eomp"]) = { formats: { eomp: … } }.
 */
export function pickMessages(messages: Tree, paths: readonly string[]): Tree {
  // The root layout asks on every request with the same (per-locale cached) catalogue: reuse the pick.
  const memo = picked.get(messages);
  if (memo && memo.paths === paths) return memo.tree;
  const out: Tree = {};
  for (const p of paths) {
    const parts = p.split(".");
    let src: string | Tree | undefined = messages;
    for (const k of parts) src = typeof src === "object" ? src[k] : undefined;
    if (src === undefined) continue;
    let dst = out;
    for (const k of parts.slice(0, -1)) dst = (typeof dst[k] === "object" ? dst[k] : (dst[k] = {})) as Tree;
    dst[parts[parts.length - 1]] = src;
  }
  picked.set(messages, { paths, tree: out });
  return out;
}
const picked = new WeakMap<Tree, { paths: readonly string[]; tree: Tree }>();
