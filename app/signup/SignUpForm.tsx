"use client";
/** Sign up (issue #16): username + password, display name, optional email (contact only), then sign in and go on. */
import { signIn } from "next-auth/react";
import { useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { ActionForm, Field } from "@/components/ActionForm";
import { signUp } from "@/lib/server/actions/browser/players";
import { safeNext } from "@/lib/auth/safeRedirect";

export function SignUpForm() {
  const t = useTranslations("players");
  const ta = useTranslations("auth");
  const next = useSearchParams().get("next");
  return (
    <ActionForm
      action={signUp}
      submitLabel={ta("createAccount")}
      testId="signup"
      onSuccess={async (d, input) => {
        await signIn("credentials", { username: d.username, password: String(input.password), redirect: false });
        // A full load, so the header shows the new account at once.
        window.location.assign(safeNext(next ?? "/me", window.location.origin));
      }}
    >
      <Field label={t("profile.displayName")} name="displayName" required autoComplete="name" hint={t("profile.displayNameHint")} />
      <Field label={ta("username")} name="username" autoComplete="username" required />
      <Field label={ta("newPassword")} name="password" type="password" autoComplete="new-password" required hint={ta("passwordHint")} />
      <Field label={t("profile.email")} name="email" type="email" autoComplete="email" hint={t("profile.emailHint")} />
    </ActionForm>
  );
}
