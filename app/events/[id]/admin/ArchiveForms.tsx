"use client";
/**
 * The organizer page's event archive section (issue #17): download the event's archive (JSON,
 * lib/archive/schema.ts) and import an archive as a new event owned by the organizer.
 */
import Link from "next/link";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { ActionForm } from "@/components/ActionForm";
import { exportEventArchive, importEventArchive } from "@/lib/server/actions/browser/archive";
import { UPLOAD_MAX_MB } from "@/lib/uploadLimit";
import { failureText } from "@/components/actionErrorText";

export function ExportArchiveButton({ eventId }: { eventId: string }) {
  const t = useTranslations("archive");
  const tc = useTranslations("common");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function download() {
    setBusy(true);
    setError(null);
    try {
      const r = await exportEventArchive({ eventId });
      if (!r.ok) {
        setError(failureText(tc, r.error).message);
        return;
      }
      const url = URL.createObjectURL(new Blob([r.data.body], { type: "application/json" }));
      const a = document.createElement("a");
      a.href = url;
      a.download = r.data.fileName;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      setError(t("exportFailed"));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="space-y-1">
      <button type="button" className="btn" onClick={download} disabled={busy} data-testid="export-archive">
        {busy ? t("exporting") : t("export")}
      </button>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export function ImportArchiveForm() {
  const t = useTranslations("archive");
  const tc = useTranslations("common");
  return (
    <ActionForm
      action={importEventArchive}
      submitLabel={t("import")}
      testId="import-archive-form"
      successMessage={(d: { eventId: string; name: string; teams: number; rounds: number; report: string[] }) => (
        <>
          {t("imported", { name: d.name, teams: d.teams, rounds: d.rounds })}{" "}
          <Link className="underline" href={`/events/${d.eventId}/admin`}>
            {t("openImported")}
          </Link>
          {d.report.length > 0 && (
            <pre className="mt-2 max-h-48 overflow-auto whitespace-pre-wrap text-xs" data-testid="import-report">
              {d.report.join("\n")}
            </pre>
          )}
        </>
      )}
    >
      <div>
        <label className="label" htmlFor="archive-file">
          {t("file")}
        </label>
        <input
          id="archive-file"
          name="text"
          type="file"
          data-as="text"
          data-filename="fileName"
          accept=".json,application/json,.Tournament,.tournament,text/xml,application/xml"
          className="mt-1 block w-full text-sm"
          aria-describedby="archive-file-hint"
        />
        <p id="archive-file-hint" className="mt-1 text-xs text-slate-600">
          {t("importHint")} {tc("uploadLimit", { max: UPLOAD_MAX_MB })}
        </p>
      </div>
    </ActionForm>
  );
}
