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
  for (const f of readdirSync(dir).filter((f) => f.endsWith(".json")).sort()) {
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
