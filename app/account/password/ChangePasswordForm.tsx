"use client";
/**
 * Change password: the action ends every session of the account (session version +1), so this
 * browser signs in again with the new password right after.
 */
import { useState } from "react";
import { signIn } from "next-auth/react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { ActionForm, Field } from "@/components/ActionForm";
import { changePassword } from "@/lib/server/actions/browser/core";

export function ChangePasswordForm({ username }: { username: string }) {
  const t = useTranslations("account");
  const ta = useTranslations("auth");
  const [again, setAgain] = useState<"ok" | "signin" | null>(null);
  return (
    <ActionForm
      action={changePassword}
      submitLabel={t("changePassword")}
      resetOnSuccess
      testId="change-password"
      onSuccess={async (_d, input) => {
        const res = await signIn("credentials", { username, password: String(input.newPassword), redirect: false });
        setAgain(res && !res.error ? "ok" : "signin");
      }}
      successMessage={() => t("passwordChangedOthers")}
    >
      <input type="text" autoComplete="username" value={username} readOnly hidden />
      {again === "signin" && (
        <p className="text-sm">
          <Link href="/signin">{ta("signIn")}</Link>
        </p>
      )}
      <Field label={t("oldPassword")} name="oldPassword" type="password" autoComplete="current-password" required />
      <Field label={ta("newPassword")} name="newPassword" type="password" autoComplete="new-password" required hint={ta("passwordHint")} />
    </ActionForm>
  );
}
