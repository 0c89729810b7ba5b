"use client";
/**
 * The claim page's two forms. Both are ActionForms, so a refused field is named by its visible
 * label in the page's language like every other form (this page used to
 * show the English fallback "password: needs at least 8 characters").
 */
import { signIn } from "next-auth/react";
import { useTranslations } from "next-intl";
import { ActionForm, Field } from "@/components/ActionForm";
import { claimDuelist, signUpWithClaim } from "@/lib/server/actions/browser/core";

/** Sign up with a claim code, then sign in with the new account and open the event's decklists. */
export function ClaimSignUpForm({ code }: { code?: string }) {
  const t = useTranslations("auth");
  return (
    <ActionForm
      action={signUpWithClaim}
      submitLabel={t("createAccount")}
      testId="claim-signup"
      onSuccess={async (d, input) => {
        await signIn("credentials", { username: d.username, password: String(input.password), redirect: false });
      }}
      redirectTo={(d) => `/events/${d.eventId}/decklists`}
    >
      <Field label={t("claimCode")} name="code" defaultValue={code} required hint={t("claimCodeHint")} />
      <Field label={t("displayName")} name="displayName" hint={t("displayNameHint")} />
      <Field label={t("username")} name="username" autoComplete="username" required />
      <Field label={t("newPassword")} name="password" type="password" autoComplete="new-password" required hint={t("passwordHint")} />
    </ActionForm>
  );
}

/** Signed in: link this account to the duelist holding the code. */
export function ClaimLinkForm({ code }: { code?: string }) {
  const t = useTranslations("auth");
  return (
    <ActionForm
      action={claimDuelist}
      submitLabel={t("linkAccount")}
      testId="claim-link"
      redirectTo={(d) => `/events/${d.eventId}/decklists`}
    >
      <Field label={t("claimCode")} name="code" defaultValue={code} required hint={t("claimCodeHint")} />
    </ActionForm>
  );
}
