"use client";
/** A one-click action button (with an optional confirm prompt) that shows the server's error. */
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { useTranslations } from "next-intl";
import type { ActionResult } from "@/lib/errors";
import { failureText } from "@/components/actionErrorText";

/** `action` is a typed "use server" wrapper; `input` is checked against its input type and `onDone` gets its result type. */
export function ActionButton<I, T>({
  action,
  input,
  label,
  confirm,
  className,
  onDone,
}: {
  action: (input: I) => Promise<ActionResult<T>>;
  input: I;
  label: string;
  confirm?: string;
  className?: string;
  onDone?: (data: T) => void;
}) {
  const router = useRouter();
  const tc = useTranslations("common");
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  return (
    <span className="inline-flex flex-col gap-1">
      <button
        type="button"
        className={className ?? "btn-secondary"}
        disabled={pending}
        onClick={() => {
          if (confirm && !window.confirm(confirm)) return;
          setError(null);
          start(async () => {
            const res = await action(input);
            if (!res.ok) {
              setError(failureText(tc, res.error).message);
              return;
            }
            onDone?.(res.data);
            router.refresh();
          });
        }}
      >
        {label}
      </button>
      {error && (
        <span role="alert" className="text-sm text-red-700">
          {error}
        </span>
      )}
    </span>
  );
}
