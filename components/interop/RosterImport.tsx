"use client";
/**
 * Roster import on the organizer page (issue #17): a CSV file or pasted text; "Check the roster"
 * runs previewRoster (nothing saved) and lists every bad line with its number and reason, and the
 * single players ("goes to the partner pool"); "Register N teams" (importRoster, one transaction)
 * is offered only when no line is bad. Editing the text hides an old preview.
 */
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { useTranslations } from "next-intl";
import { importRoster, previewRoster } from "@/lib/server/actions/browser/interop";
import { failureText } from "@/components/actionErrorText";
import type { RosterPreview } from "@/lib/interop/roster";
import { readTextFile } from "@/lib/textFile";
import { UPLOAD_MAX_BYTES } from "@/lib/uploadLimit";

export function RosterImport({ eventId }: { eventId: string }) {
  const t = useTranslations("interop.roster");
  const tc = useTranslations("common");
  const router = useRouter();
  const [text, setText] = useState("");
  const [preview, setPreview] = useState<RosterPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [pending, start] = useTransition();

  const edit = (v: string) => {
    setText(v);
    setPreview(null);
    setSaved(null);
  };
  const check = () =>
    start(async () => {
      setError(null);
      const res = await previewRoster({ eventId, text });
      if (!res.ok) return setError(failureText(tc, res.error).message);
      setPreview(res.data);
    });
  const confirm = () =>
    start(async () => {
      setError(null);
      const res = await importRoster({ eventId, text });
      if (!res.ok) return setError(failureText(tc, res.error).message);
      setSaved(
        t("saved", { count: res.data.teams }) + (res.data.waitlisted ? ` ${t("savedWaitlisted", { count: res.data.waitlisted })}` : ""),
      );
      setPreview(null);
      setText("");
      router.refresh();
    });
  const reason = (p: RosterPreview["problems"][number]) => (t.has(`reasons.${p.reason}`) ? t(`reasons.${p.reason}`, p.params) : p.message);
  return (
    <section className="card space-y-3" aria-labelledby="roster-h">
      <h2 id="roster-h">{t("title")}</h2>
      <p className="text-sm text-slate-600">{t("intro")}</p>
      <label className="block text-sm">
        {t("file")}
        <input
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          className="mt-1 block w-full text-sm"
          onChange={async (e) => {
            const f = e.currentTarget.files?.[0];
            if (!f) return;
            if (f.size > UPLOAD_MAX_BYTES) return setError(tc("errors.FILE_TOO_LARGE", { label: t("file") }));
            // UTF-8, UTF-16 or Excel's Windows-1252 "CSV" (lib/textFile.ts), not f.text()'s UTF-8 only.
            edit(await readTextFile(f));
          }}
        />
      </label>
      <label className="block text-sm">
        {t("text")}
        <textarea
          name="text"
          rows={6}
          className="input mt-1 block w-full font-mono text-xs"
          value={text}
          onChange={(e) => edit(e.currentTarget.value)}
          spellCheck={false}
        />
      </label>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-secondary" disabled={pending || text.trim() === ""} onClick={check}>
          {t("preview")}
        </button>
        {preview && preview.problems.length === 0 && preview.teams.length + preview.singles.length > 0 && (
          <button type="button" className="btn" disabled={pending} onClick={confirm}>
            {t("confirm", { count: preview.teams.length })}
          </button>
        )}
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {saved && (
        <p role="status" className="text-sm text-green-800">
          {saved}
        </p>
      )}
      {preview && (
        <div className="space-y-2" data-testid="roster-preview">
          <p role="status" className="text-sm font-medium">
            {t("summary", { teams: preview.teams.length, singles: preview.singles.length, bad: preview.problems.length })}
          </p>
          {preview.problems.length > 0 && <p className="text-sm text-red-700">{t("fixFirst")}</p>}
          <ul className="max-h-80 space-y-1 overflow-y-auto text-sm">
            {preview.problems.map((p) => (
              <li key={`p${p.line}`} data-testid="roster-problem" className="break-words text-red-700">
                <span className="font-medium">{t("line", { line: p.line })}</span>: {reason(p)}
              </li>
            ))}
            {preview.singles.map((s) => (
              <li key={`s${s.line}`} data-testid="roster-single" className="break-words text-slate-700">
                <span className="font-medium">{t("line", { line: s.line })}</span>: <bdi>{s.name}</bdi> — {t("single")}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
