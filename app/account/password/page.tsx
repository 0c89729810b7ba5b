import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { accountUsername } from "@/lib/server/read/accounts";
import { pageActor } from "@/lib/auth/session";
import { ChangePasswordForm } from "./ChangePasswordForm";

export async function generateMetadata() {
  const t = await getTranslations("account");
  return { title: `${t("changePassword")} · Tandem` };
}

/** Change password (old password required); signs out every other session. */
export default async function ChangePasswordPage() {
  const actor = await pageActor();
  if (!actor.userId) redirect("/signin?next=/account/password");
  const t = await getTranslations("account");
  const user = { username: await accountUsername(actor.userId) };
  return (
    <div className="mx-auto max-w-sm space-y-4">
      <h1>{t("changePassword")}</h1>
      <p className="text-sm text-slate-600">{t("changeIntro")}</p>
      <div className="card">
        <ChangePasswordForm username={user.username} />
      </div>
    </div>
  );
}
