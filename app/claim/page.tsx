import { getTranslations } from "next-intl/server";
import { currentUserId } from "@/lib/auth/session";
import { ClaimLinkForm, ClaimSignUpForm } from "./ClaimForms";

export default async function ClaimPage({ searchParams }: { searchParams: Promise<{ code?: string }> }) {
  const t = await getTranslations("auth");
  const { code } = await searchParams;
  const signedIn = Boolean(await currentUserId());
  return (
    <div className="mx-auto max-w-sm space-y-4">
      <h1>{t("claimTitle")}</h1>
      <p className="text-sm text-slate-600">{t("claimIntro")}</p>
      <div className="card">{signedIn ? <ClaimLinkForm code={code} /> : <ClaimSignUpForm code={code} />}</div>
    </div>
  );
}
