"use client";
import { useTranslations } from "next-intl";
import { ActionForm } from "@/components/ActionForm";
import { submitDecklist } from "@/app/actions";

/** Submit or replace a decklist: upload a file (.ydk, .txt, .dek, .dck) or paste text / a ydke:// URL. */
export function DecklistForm({ duelistId, label }: { duelistId: string; label: string }) {
  const t = useTranslations("decklists");
  return (
    <ActionForm action={submitDecklist} extra={{ duelistId }} submitLabel={label} testId={`decklist-form-${duelistId}`}>
      <div>
        <label className="label" htmlFor={`file-${duelistId}`}>{t("file")}</label>
        <input id={`file-${duelistId}`} name="text" type="file" data-as="text" data-filename="fileName" accept=".ydk,.txt,.dek,.dck" className="mt-1 block w-full text-sm" />
      </div>
      <details>
        <summary className="cursor-pointer text-sm text-brand-700">{t("orPaste")}</summary>
        <textarea name="text" aria-label={t("pasteLabel")} rows={6} className="input mt-2 font-mono text-sm" placeholder={t("pastePlaceholder")} />
      </details>
    </ActionForm>
  );
}
