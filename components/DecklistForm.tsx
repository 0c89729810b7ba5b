"use client";
import { useTranslations } from "next-intl";
import { ActionForm } from "@/components/ActionForm";
import { submitDecklist } from "@/lib/server/actions/browser/core";
import { UPLOAD_MAX_MB } from "@/lib/uploadLimit";

/**
 * Submit or replace a decklist: upload a file or paste text. `game` (the event preset's game)
 * picks the words and file types: YGO .ydk/.txt or a ydke:// URL; MTG .txt/.dek/.dck/.json.
 */
export function DecklistForm({ duelistId, label, game }: { duelistId: string; label: string; game: "YGO" | "MTG" }) {
  const t = useTranslations("terms");
  const td = useTranslations("decklists");
  const tc = useTranslations("common");
  return (
    <ActionForm action={submitDecklist} extra={{ duelistId }} submitLabel={label} testId={`decklist-form-${duelistId}`}>
      <div>
        <label className="label" htmlFor={`file-${duelistId}`}>{t("decklistFile", { game })}</label>
        <input id={`file-${duelistId}`} name="text" type="file" data-as="text" data-filename="fileName" accept={game === "MTG" ? ".txt,.dek,.dck,.json" : ".ydk,.txt"} className="mt-1 block w-full text-sm" aria-describedby={`file-${duelistId}-limit`} />
        <p id={`file-${duelistId}-limit`} className="mt-1 text-xs text-slate-600">{tc("uploadLimit", { max: UPLOAD_MAX_MB })}</p>
      </div>
      <details>
        <summary className="cursor-pointer text-sm text-brand-700">{t("orPaste", { game })}</summary>
        <textarea name="text" aria-label={td("pasteLabel")} rows={6} className="input mt-2 font-mono text-sm" placeholder={t("pastePlaceholder", { game })} />
      </details>
    </ActionForm>
  );
}
