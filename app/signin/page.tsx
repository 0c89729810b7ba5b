import Link from "next/link";
import { Suspense } from "react";
import { getTranslations } from "next-intl/server";
import { SignInForm } from "./SignInForm";

export default async function SignInPage() {
  const t = await getTranslations("auth");
  return (
    <div className="mx-auto max-w-sm space-y-4">
      <h1>{t("signInTitle")}</h1>
      <div className="card">
        <Suspense>
          <SignInForm />
        </Suspense>
      </div>
      <p className="text-sm text-slate-600">
        {t("noAccount")} <Link href="/claim">{t("claimLink")}</Link>
      </p>
      <p className="text-sm text-slate-600">
        <Link href="/reset">{t("resetLink")}</Link>
      </p>
    </div>
  );
}
