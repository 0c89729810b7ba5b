"use client";
/**
 * A form that calls one server action with a plain object built from its fields:
 * names with dots nest (`a.name` → {a: {name}}); checkboxes give booleans; `<input type="file"
 * data-as="text">` gives the file's text (UTF-16, UTF-8 or Windows-1252: lib/textFile.ts) and
 * `data-as="bytes"` the file (the action gets a Uint8Array, see lib/server/action/run.ts runAction);
 * empty optional fields are omitted. Shows the server's error (naming the field or line) in an
 * alert, marks the field, and on success refreshes the page, navigates, or shows a message built
 * from the result.
 */
import { useRouter } from "next/navigation";
import { useRef, useState, useTransition, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import type { ActionFailure, ActionResult } from "@/lib/errors";
import { failureText, labelOf, markInvalid } from "@/components/actionErrorText";
import { readTextFile } from "@/lib/textFile";
import { UPLOAD_MAX_BYTES } from "@/lib/uploadLimit";

type Obj = Record<string, unknown>;

function setPath(obj: Obj, path: string, value: unknown) {
  const keys = path.split(".");
  let cur = obj;
  for (const k of keys.slice(0, -1)) cur = (cur[k] ??= {}) as Obj;
  cur[keys[keys.length - 1]] = value;
}

class TooLarge extends Error {
  constructor(readonly field: string) {
    super("FILE_TOO_LARGE");
  }
}

async function collect(form: HTMLFormElement, extra: Obj | undefined): Promise<Obj> {
  const out: Obj = { ...(extra ?? {}) };
  for (const el of Array.from(form.elements)) {
    if (!(el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement)) continue;
    if (!el.name || el.disabled) continue;
    if (el instanceof HTMLInputElement && el.type === "checkbox") {
      setPath(out, el.name, el.checked);
      continue;
    }
    if (el instanceof HTMLInputElement && el.type === "radio") {
      if (el.checked) setPath(out, el.name, el.value);
      continue;
    }
    if (el instanceof HTMLInputElement && el.type === "file") {
      const f = el.files?.[0];
      if (!f) continue;
      // The one upload limit (lib/server/write/uploads.ts): refused here, before a too-large body is sent.
      if (f.size > UPLOAD_MAX_BYTES) throw new TooLarge(el.name);
      // The File itself: React sends it as a binary part of the request (a Uint8Array argument
      // is serialized element by element, which took minutes for a 20 MB file); lib/server/action/run
      // turns it back into bytes for the action.
      if (el.dataset.as === "bytes") setPath(out, el.name, f);
      // Not f.text(): that reads every file as UTF-8, and a Windows-1252 CSV would arrive as "Jos� Mu�oz".
      else setPath(out, el.name, await readTextFile(f));
      if (el.dataset.filename) setPath(out, el.dataset.filename, f.name);
      continue;
    }
    if (el.value === "" && el.dataset.keepEmpty === undefined) continue;
    setPath(out, el.name, el.value);
  }
  return out;
}

/**
 * `action` is a typed "use server" wrapper (lib/server/actions/browser/*.ts); its result type `T` types
 * redirectTo / successMessage / onSuccess. The input is built from the form's fields at run time
 * (the action's schema validates it on the server), so it is passed as the action's input type.
 */
export function ActionForm<I, T>({
  action,
  extra,
  children,
  submitLabel,
  redirectTo,
  successMessage,
  className,
  resetOnSuccess,
  testId,
  onSuccess,
  onFailure,
  refreshAfter,
}: {
  action: (input: I) => Promise<ActionResult<T>>;
  /** Fixed fields sent with the form's own (e.g. the event id). */
  extra?: Partial<I> & Obj;
  children?: ReactNode;
  submitLabel: string;
  redirectTo?: (data: T) => string;
  successMessage?: (data: T) => ReactNode;
  className?: string;
  resetOnSuccess?: boolean;
  testId?: string;
  /** Called with the action's data and the input sent after a successful save (awaited before refresh/redirect). */
  onSuccess?: (data: T, input: Obj) => void | Promise<void>;
  /** Called with the server's failure after it is shown (e.g. to reveal a confirmation box). */
  onFailure?: (error: ActionFailure) => void;
  /** False for a result that changed nothing on the server (a report queued offline): no refresh. */
  refreshAfter?: (data: T) => boolean;
}) {
  const t = useTranslations("common");
  const router = useRouter();
  const ref = useRef<HTMLFormElement>(null);
  const [pending, start] = useTransition();
  const [error, setError] = useState<{ message: string; details?: { message: string }[] } | null>(null);
  const [ok, setOk] = useState<ReactNode>(null);

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    setError(null);
    setOk(null);
    markInvalid(form, null);
    let input: Obj;
    try {
      input = await collect(form, extra);
    } catch (err) {
      if (!(err instanceof TooLarge)) throw err;
      const failure = {
        code: "INVALID",
        message: "file too large (max 20 MB)",
        field: err.field,
        details: [{ field: err.field, code: "FILE_TOO_LARGE", message: "file too large (max 20 MB)" }],
      };
      const text = failureText(t, failure, (field) => labelOf(form, field));
      setError({ message: text.message, details: text.details.map((message) => ({ message })) });
      markInvalid(form, failure);
      return;
    }
    start(async () => {
      let res: ActionResult<T>;
      try {
        res = await action(input as I);
      } catch {
        res = { ok: false, error: { code: "NETWORK", message: t("networkError") } };
      }
      if (!res.ok) {
        // Validation problems are shown with the field's own label, in the page's language
        // (components/actionErrorText: the one rendering every form uses).
        const text = failureText(t, res.error, (field) => labelOf(form, field));
        setError({ message: text.message, details: text.details.map((message) => ({ message })) });
        markInvalid(form, res.error);
        onFailure?.(res.error);
        return;
      }
      await onSuccess?.(res.data, input);
      if (resetOnSuccess) form.reset();
      if (successMessage) setOk(successMessage(res.data));
      if (redirectTo) router.push(redirectTo(res.data));
      else if (refreshAfter?.(res.data) ?? true) router.refresh();
    });
  }

  return (
    <form ref={ref} onSubmit={onSubmit} className={className ?? "space-y-3"} data-testid={testId} noValidate>
      {children}
      {error && (
        <div role="alert" className="break-words rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          <p className="font-semibold">{error.message}</p>
          {error.details && error.details.length > 0 && (
            <ul className="mt-1 list-disc pl-5">
              {error.details.map((d, i) => (
                <li key={i}>{d.message}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {ok && (
        <div role="status" className="rounded-lg border border-green-300 bg-green-50 p-3 text-sm text-green-900">
          {ok}
        </div>
      )}
      <button type="submit" className="btn" disabled={pending}>
        {pending ? t("working") : submitLabel}
      </button>
    </form>
  );
}

/** A labelled input row. */
export function Field({
  label,
  name,
  type = "text",
  required,
  defaultValue,
  placeholder,
  hint,
  autoComplete,
  as,
  children,
  accept,
  dataAs,
  inputMode,
}: {
  label: string;
  name: string;
  type?: string;
  required?: boolean;
  defaultValue?: string | number;
  placeholder?: string;
  hint?: string;
  autoComplete?: string;
  as?: "select" | "textarea";
  children?: ReactNode;
  accept?: string;
  dataAs?: "text" | "bytes";
  inputMode?: "numeric" | "text";
}) {
  const id = `f-${name.replace(/\W/g, "-")}`;
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
        {required && (
          <span aria-hidden="true" className="text-red-700">
            {" "}
            *
          </span>
        )}
      </label>
      {as === "select" ? (
        <select id={id} name={name} defaultValue={defaultValue} className="input mt-1" required={required}>
          {children}
        </select>
      ) : as === "textarea" ? (
        <textarea
          id={id}
          name={name}
          defaultValue={defaultValue}
          placeholder={placeholder}
          className="input mt-1 font-mono text-sm"
          rows={8}
          required={required}
        />
      ) : (
        <input
          id={id}
          name={name}
          type={type}
          defaultValue={defaultValue}
          placeholder={placeholder}
          className="input mt-1"
          required={required}
          autoComplete={autoComplete}
          accept={accept}
          data-as={dataAs}
          inputMode={inputMode}
        />
      )}
      {hint && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
    </div>
  );
}
