"use client";
import { signIn } from "next-auth/react";
import { useRouter, useSearchParams } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { Field } from "@/components/ActionForm";

export function SignInForm() {
  const t = useTranslations("auth");
  const router = useRouter();
  const next = useSearchParams().get("next") ?? "/";
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  return (
    <form
      className="space-y-3"
      onSubmit={async (e) => {
        e.preventDefault();
        setPending(true); setError(null);
        const fd = new FormData(e.currentTarget);
        const res = await signIn("credentials", { username: String(fd.get("username")).trim().toLowerCase(), password: String(fd.get("password")), redirect: false });
        setPending(false);
        if (!res || res.error) { setError(t("badCredentials")); return; }
        router.push(next.startsWith("/") ? next : "/");
        router.refresh();
      }}
    >
      <Field label={t("username")} name="username" autoComplete="username" required />
      <Field label={t("password")} name="password" type="password" autoComplete="current-password" required />
      {error && <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">{error}</p>}
      <button className="btn" disabled={pending} type="submit">{t("signIn")}</button>
    </form>
  );
}
