"use client";
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { Field } from "@/components/ActionForm";
import { claimDuelist, signUpWithClaim } from "@/app/actions";

/** Sign up with a claim code, then sign in with the new account. */
export function ClaimSignUpForm({ code }: { code?: string }) {
  const t = useTranslations("auth");
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  return (
    <form className="space-y-3" noValidate onSubmit={async (e) => {
      e.preventDefault();
      const fd = new FormData(e.currentTarget);
      const input = { code: String(fd.get("code")), username: String(fd.get("username")), password: String(fd.get("password")), displayName: String(fd.get("displayName") || "") || undefined };
      setPending(true); setError(null);
      const res = await signUpWithClaim(input);
      if (!res.ok) { setPending(false); setError(res.error.message); return; }
      const data = res.data as { username: string; eventId: string };
      await signIn("credentials", { username: data.username, password: input.password, redirect: false });
      router.push(`/events/${data.eventId}/decklists`);
      router.refresh();
    }}>
      <Field label={t("claimCode")} name="code" defaultValue={code} required hint={t("claimCodeHint")} />
      <Field label={t("displayName")} name="displayName" hint={t("displayNameHint")} />
      <Field label={t("username")} name="username" autoComplete="username" required />
      <Field label={t("newPassword")} name="password" type="password" autoComplete="new-password" required hint={t("passwordHint")} />
      {error && <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">{error}</p>}
      <button className="btn" type="submit" disabled={pending}>{t("createAccount")}</button>
    </form>
  );
}

/** Signed in: link this account to the duelist holding the code. */
export function ClaimLinkForm({ code }: { code?: string }) {
  const t = useTranslations("auth");
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  return (
    <form className="space-y-3" noValidate onSubmit={async (e) => {
      e.preventDefault();
      const fd = new FormData(e.currentTarget);
      const res = await claimDuelist({ code: String(fd.get("code")) });
      if (!res.ok) { setError(res.error.message); return; }
      router.push(`/events/${(res.data as { eventId: string }).eventId}/decklists`);
      router.refresh();
    }}>
      <Field label={t("claimCode")} name="code" defaultValue={code} required hint={t("claimCodeHint")} />
      {error && <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">{error}</p>}
      <button className="btn" type="submit">{t("linkAccount")}</button>
    </form>
  );
}
