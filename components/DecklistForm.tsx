import { getTranslations } from "next-intl/server";
import { ActionForm } from "@/components/ActionForm";
import { submitDecklist } from "@/lib/server/actions/browser/core";
import { UPLOAD_MAX_MB } from "@/lib/uploadLimit";
import { DECKLIST_FORMATS, decklistAccept, decklistFormatsFor } from "@/lib/decks/formats";

/**
 * Submit or replace a decklist: upload a file or paste text. `game` (the event preset's game)
 * picks the words; the file types (`accept`) and the format names listed come from the decklist
 * format registry (lib/decks/formats): YGO .ydk/.txt or a ydke:// URL; MTG .txt/.dek/.dck/.json.
 * An async server component (the registry holds the parsers; only ActionForm runs in the browser).
 */
export async function DecklistForm({ duelistId, label, game }: { duelistId: string; label: string; game: "YGO" | "MTG" }) {
  const t = await getTranslations("terms");
  const td = await getTranslations("decklists");
  const tc = await getTranslations("common");
  const tf = await getTranslations("decklistFormats");
  const accept = decklistAccept(game);
  const names = decklistFormatsFor(game).map((id) => tf(DECKLIST_FORMATS[id].label));
  return (
    <ActionForm action={submitDecklist} extra={{ duelistId }} submitLabel={label} testId={`decklist-form-${duelistId}`}>
      <div>
        <label className="label" htmlFor={`file-${duelistId}`}>
          {t("decklistFile", { game, types: accept.split(",").join(", ") })}
        </label>
        <input
          id={`file-${duelistId}`}
          name="text"
          type="file"
          data-as="text"
          data-filename="fileName"
          accept={accept}
          className="mt-1 block w-full text-sm"
          aria-describedby={`file-${duelistId}-limit file-${duelistId}-formats`}
        />
        <p id={`file-${duelistId}-limit`} className="mt-1 text-xs text-slate-600">
          {tc("uploadLimit", { max: UPLOAD_MAX_MB })}
        </p>
        <p id={`file-${duelistId}-formats`} className="mt-1 text-xs text-slate-600" data-testid="decklist-formats">
          {tf("accepted", { list: names.join(", ") })}
        </p>
      </div>
      <details>
        <summary className="cursor-pointer text-sm text-brand-700">{t("orPaste", { game })}</summary>
        <textarea
          name="text"
          aria-label={td("pasteLabel")}
          rows={6}
          className="input mt-2 font-mono text-sm"
          placeholder={t("pastePlaceholder", { game })}
        />
      </details>
    </ActionForm>
  );
}
