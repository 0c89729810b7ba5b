"use client";
import { useTranslations } from "next-intl";
import { ActionForm, Field } from "@/components/ActionForm";
import { resetPassword } from "@/lib/server/actions/browser/core";
import Link from "next/link";

export function ResetForm() {
  const t = useTranslations("auth");
  return (
    <ActionForm
      action={resetPassword}
      submitLabel={t("setPassword")}
      resetOnSuccess
      successMessage={() => (
        <span>
          {t("passwordSet")} <Link href="/signin">{t("signIn")}</Link>
        </span>
      )}
    >
      <Field label={t("username")} name="username" autoComplete="username" required />
      <Field label={t("resetCode")} name="code" required />
      <Field label={t("newPassword")} name="password" type="password" autoComplete="new-password" required hint={t("passwordHint")} />
    </ActionForm>
  );
}
