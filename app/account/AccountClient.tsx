"use client";
/** Client pieces of the account page: accept/decline an invitation, dismiss the reset notice. */
import { useTranslations } from "next-intl";
import { acceptInvitation, declineInvitation, dismissResetNotice } from "@/lib/server/actions/browser/core";
import { ActionButton } from "@/components/ConfirmButton";

export function InvitationButtons({ eventId }: { eventId: string }) {
  const t = useTranslations("account");
  return (
    <span className="flex flex-wrap gap-2">
      <ActionButton action={acceptInvitation} input={{ eventId }} label={t("accept")} className="btn" />
      <ActionButton action={declineInvitation} input={{ eventId }} label={t("decline")} />
    </span>
  );
}

/** "Your password was reset by <staff>": shown at the next sign-in until dismissed. */
export function ResetNotice({ by }: { by: string }) {
  const t = useTranslations("account");
  return (
    <div
      role="status"
      className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
      data-testid="reset-notice"
    >
      <p>{t.rich("resetBy", { name: by, b: (c) => <bdi className="font-semibold">{c}</bdi> })}</p>
      <p>{t("resetByHint")}</p>
      <ActionButton action={dismissResetNotice} input={{}} label={t("dismiss")} />
    </div>
  );
}
