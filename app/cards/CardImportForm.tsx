"use client";
import { useTranslations } from "next-intl";
import { ActionForm } from "@/components/ActionForm";
import { importCards } from "@/app/actions";

/** Organizer: import or update the card database from an EDOPro .cdb or YGOPRODeck card JSON. */
export function CardImportForm() {
  const t = useTranslations("cards");
  const to = useTranslations("deckops");
  return (
    <ActionForm action={importCards} submitLabel={t("import")} testId="cards-form"
      successMessage={(d) => { const r = d as { added: number; changed: number; total: number }; return t("imported", r); }}>
      <div>
        <label className="label" htmlFor="cdb">{to("cardsJsonFile")}</label>
        <input id="cdb" name="bytes" type="file" data-as="bytes" data-filename="fileName" accept=".cdb,.json,application/json" className="mt-1 block w-full text-sm" />
        <p className="mt-1 text-xs text-slate-500">{to("cardsJsonHint")}</p>
      </div>
    </ActionForm>
  );
}
