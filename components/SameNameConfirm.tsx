"use client";
/**
 * The same-name confirmation of team registration and edit (issue #13 item 6): shown after the
 * server answers SAME_NAME_CONFIRM (its localized message says who and which team); ticking the
 * box sends `confirmSameName: true` with the next submit.
 */
import { useTranslations } from "next-intl";
import type { ActionFailure } from "@/lib/errors";

/** True when the failure asks for the same-name confirmation. */
export const needsSameNameConfirm = (e: ActionFailure) => e.code === "SAME_NAME_CONFIRM";

export function SameNameConfirm({ game }: { game: "YGO" | "MTG" }) {
  const t = useTranslations("eventday.teams");
  return (
    <label
      className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid="same-name-confirm"
    >
      <input type="checkbox" name="confirmSameName" className="mt-1 h-4 w-4" />
      <span>{t("confirmSameName", { game })}</span>
    </label>
  );
}
