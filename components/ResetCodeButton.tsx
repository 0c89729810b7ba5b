"use client";
/** Staff: issue a one-time password-reset code for a duelist's account and show it once. */
import { useState, useTransition } from "react";
import { useTranslations } from "next-intl";
import { issueResetCode } from "@/lib/server/actions/browser/core";
import { failureText } from "@/components/actionErrorText";

export function ResetCodeButton({ eventId, userId, name }: { eventId: string; userId: string; name: string }) {
  const t = useTranslations("teams");
  const tc = useTranslations("common");
  const [pending, start] = useTransition();
  const [code, setCode] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (code)
    return (
      <span role="status" className="text-xs">
        {t("resetCodeShown", { name })}{" "}
        <code className="font-bold tracking-widest" data-testid="reset-code">
          {code}
        </code>
      </span>
    );
  return (
    <span className="inline-flex flex-col">
      <button
        type="button"
        className="text-xs text-brand-700 underline-offset-2 hover:underline"
        disabled={pending}
        onClick={() =>
          start(async () => {
            const r = await issueResetCode({ eventId, userId });
            if (r.ok) setCode(r.data.code);
            else setError(failureText(tc, r.error).message);
          })
        }
      >
        {t("resetCode")}
      </button>
      {error && (
        <span role="alert" className="text-xs text-red-700">
          {error}
        </span>
      )}
    </span>
  );
}
