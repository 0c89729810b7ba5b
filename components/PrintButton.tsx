"use client";
import { useTranslations } from "next-intl";

export function PrintButton() {
  const t = useTranslations("common");
  return (
    <button type="button" className="btn-secondary no-print" onClick={() => window.print()}>
      {t("print")}
    </button>
  );
}
