"use client";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { LOCALE_COOKIE, LOCALES } from "@/lib/i18n/config";

const NAMES: Record<string, string> = { en: "English", "pt-BR": "Português (Brasil)", it: "Italiano" };

/** Stores the chosen locale in a cookie (read by lib/i18n/request.ts) and re-renders. */
export function LocaleSwitcher() {
  const locale = useLocale();
  const router = useRouter();
  const t = useTranslations("nav");
  return (
    <label className="flex items-center gap-1 text-sm">
      <span className="sr-only">{t("language")}</span>
      <select
        aria-label={t("language")}
        className="rounded border border-slate-300 bg-white px-1 py-1 text-sm"
        value={locale}
        onChange={(e) => {
          document.cookie = `${LOCALE_COOKIE}=${e.target.value}; path=/; max-age=31536000; samesite=lax`;
          router.refresh();
        }}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l}>
            {NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
