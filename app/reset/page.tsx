import { getTranslations } from "next-intl/server";
import { ResetForm } from "./ResetForm";

export default async function ResetPage() {
  const t = await getTranslations("auth");
  return (
    <div className="mx-auto max-w-sm space-y-4">
      <h1>{t("resetTitle")}</h1>
      <p className="text-sm text-slate-600">{t("resetIntro")}</p>
      <div className="card">
        <ResetForm />
      </div>
    </div>
  );
}
