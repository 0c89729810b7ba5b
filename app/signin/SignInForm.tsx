"use client";
import { signIn } from "next-auth/react";
import { useRouter, useSearchParams } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { Field } from "@/components/ActionForm";
import { safeNext } from "@/lib/auth/safeRedirect";

export function SignInForm() {
  const t = useTranslations("auth");
  const ta = useTranslations("account");
  const router = useRouter();
  const next = useSearchParams().get("next");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  return (
    <form
      className="space-y-3"
      onSubmit={async (e) => {
        e.preventDefault();
        setPending(true);
        setError(null);
        const fd = new FormData(e.currentTarget);
        const res = await signIn("credentials", {
          username: String(fd.get("username")).trim().toLowerCase(),
          password: String(fd.get("password")),
          redirect: false,
        });
        setPending(false);
        if (!res || res.error) {
          // The route answers 429 with RATE_LIMITED:<seconds> (lib/server/http/limiter.ts).
          const limited = /^RATE_LIMITED:(\d+)$/.exec(res?.error ?? "");
          setError(
            limited ? ta("rateLimited", { minutes: Math.ceil(Number(limited[1]) / 60), seconds: Number(limited[1]) }) : t("badCredentials"),
          );
          return;
        }
        // Same-origin paths only (issue #10: no //host or /\host).
        router.push(safeNext(next, window.location.origin));
        router.refresh();
      }}
    >
      <Field label={t("username")} name="username" autoComplete="username" required />
      <Field label={t("password")} name="password" type="password" autoComplete="current-password" required />
      {error && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}
      <button className="btn" disabled={pending} type="submit">
        {t("signIn")}
      </button>
    </form>
  );
}
