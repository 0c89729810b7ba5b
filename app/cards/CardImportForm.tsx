"use client";
import { useTranslations } from "next-intl";
import { ActionForm } from "@/components/ActionForm";
import { importCards } from "@/app/actions";

export function CardImportForm() {
  const t = useTranslations("cards");
  return (
    <ActionForm action={importCards} submitLabel={t("import")} testId="cards-form"
      successMessage={(d) => { const r = d as { added: number; changed: number; total: number }; return t("imported", r); }}>
      <div>
        <label className="label" htmlFor="cdb">{t("file")}</label>
        <input id="cdb" name="bytes" type="file" data-as="bytes" data-filename="fileName" accept=".cdb" className="mt-1 block w-full text-sm" />
        <p className="mt-1 text-xs text-slate-500">{t("fileHint")}</p>
      </div>
    </ActionForm>
  );
}
