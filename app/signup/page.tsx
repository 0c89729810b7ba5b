import Link from "next/link";
import { Suspense } from "react";
import { getTranslations } from "next-intl/server";
import { SignUpForm } from "./SignUpForm";

export async function generateMetadata() {
  const t = await getTranslations("players");
  return { title: `${t("signup.title")} · Tandem` };
}

/** Public: create a player account that lasts across events (issue #16). */
export default async function SignUpPage() {
  const t = await getTranslations("players");
  return (
    <div className="mx-auto max-w-sm space-y-4">
      <h1>{t("signup.title")}</h1>
      <p className="text-sm text-slate-600">{t("signup.intro")}</p>
      <div className="card">
        <Suspense>
          <SignUpForm />
        </Suspense>
      </div>
      <p className="text-sm text-slate-600">
        {t("signup.haveAccount")} <Link href="/signin">{t("signup.signIn")}</Link>
      </p>
    </div>
  );
}
