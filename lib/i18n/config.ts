/** Locales Tandem ships. English first; Portuguese (Brazil) and Italian follow (the rulesets' communities). */
export const LOCALES = ["en", "pt-BR", "it"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
export const LOCALE_COOKIE = "tandem-locale";

/** Picks a supported locale from a cookie value or an Accept-Language header; falls back to English. */
export function pickLocale(cookie: string | undefined, acceptLanguage: string | null | undefined): Locale {
  if (cookie && (LOCALES as readonly string[]).includes(cookie)) return cookie as Locale;
  for (const part of (acceptLanguage ?? "").split(",")) {
    const tag = part.split(";")[0].trim().toLowerCase();
    if (tag.startsWith("pt")) return "pt-BR";
    if (tag.startsWith("it")) return "it";
    if (tag.startsWith("en")) return "en";
  }
  return DEFAULT_LOCALE;
}
