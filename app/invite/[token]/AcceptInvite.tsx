"use client";
import { useTranslations } from "next-intl";
import { ActionForm } from "@/components/ActionForm";
import { acceptInvite } from "@/lib/server/actions/browser/players";

/** One button: accept the partner invitation of this link (issue #16). */
export function AcceptInvite({ token }: { token: string }) {
  const t = useTranslations("players");
  return (
    <ActionForm
      action={acceptInvite}
      extra={{ token }}
      submitLabel={t("invite.accept")}
      testId="accept-invite"
      redirectTo={(d) => `/events/${d.eventId}/register`}
    />
  );
}
