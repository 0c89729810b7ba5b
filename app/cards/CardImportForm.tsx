"use client";
import { useEffect, useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { ActionForm } from "@/components/ActionForm";
import { importCards } from "@/lib/server/actions/browser/core";
import type { CardJobView } from "@/lib/server/write/cardImport";
import { UPLOAD_MAX_MB } from "@/lib/uploadLimit";

const POLL_MS = 500;

/**
 * Organizer: import the card database from an EDOPro .cdb or YGOPRODeck card JSON. The action
 * starts a background job; this form polls GET /api/cards/jobs/:id and shows a progress bar fed
 * by the job's status (leaving the page does not stop it; `initial` resumes the latest job).
 */
export function CardImportForm({ initial }: { initial: CardJobView | null }) {
  const t = useTranslations("cards");
  const to = useTranslations("deckops");
  const tc = useTranslations("common");
  const router = useRouter();
  const [job, setJob] = useState<CardJobView | null>(initial);
  const active = job !== null && job.status !== "DONE" && job.status !== "FAILED";

  useEffect(() => {
    if (!job || !active) return;
    let stop = false;
    const timer = setTimeout(async () => {
      try {
        const res = await fetch(`/api/cards/jobs/${job.id}`, { cache: "no-store" });
        if (!res.ok || stop) return;
        const next = (await res.json()) as CardJobView;
        setJob(next);
        if (next.status === "DONE") router.refresh();
      } catch {
        /* network hiccup: the next render polls again */ if (!stop) setJob({ ...job });
      }
    }, POLL_MS);
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [job, active, router]);

  return (
    <div className="space-y-3">
      <ActionForm
        action={importCards}
        submitLabel={t("import")}
        testId="cards-form"
        onSuccess={(d) => {
          setJob({ id: d.jobId, status: "READING", done: 0, total: 0, fileName: null, summary: null, error: null });
        }}
      >
        <div>
          <label className="label" htmlFor="cdb">
            {to("cardsJsonFile")}
          </label>
          <input
            id="cdb"
            name="bytes"
            type="file"
            data-as="bytes"
            data-filename="fileName"
            accept=".cdb,.json,application/json"
            className="mt-1 block w-full text-sm"
            aria-describedby="cdb-hint"
            onChange={() => {
              if (!active) setJob(null);
            }}
          />
          <p id="cdb-hint" className="mt-1 text-xs text-slate-600">
            {t("addOnlyHint")} {tc("uploadLimit", { max: UPLOAD_MAX_MB })}
          </p>
        </div>
      </ActionForm>
      {job && <JobStatus job={job} />}
    </div>
  );
}

function JobStatus({ job }: { job: CardJobView }) {
  const t = useTranslations("cards");
  if (job.status === "DONE" && job.summary) {
    return (
      <div role="status" data-testid="cards-job" className="rounded-lg border border-green-300 bg-green-50 p-3 text-sm text-green-900">
        {t("imported", { added: job.summary.added, changed: job.summary.changed, total: job.summary.total })}
      </div>
    );
  }
  if (job.status === "FAILED") {
    return (
      <div role="alert" data-testid="cards-job" className="break-words rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
        <p className="font-semibold">{job.error?.message ?? t("failed")}</p>
        {job.error?.details && job.error.details.length > 0 && (
          <ul className="mt-1 list-disc pl-5">
            {job.error.details.map((d, i) => (
              <li key={i}>{d.message}</li>
            ))}
          </ul>
        )}
      </div>
    );
  }
  const pct = job.total > 0 ? Math.floor((job.done / job.total) * 100) : 0;
  const label =
    job.status === "READING"
      ? t("phaseReading")
      : job.status === "SWAPPING"
        ? t("phaseSwapping")
        : t("phaseWriting", { done: job.done, total: job.total });
  return (
    <div data-testid="cards-job" className="space-y-1 text-sm" aria-live="polite">
      <label htmlFor="cards-progress" className="block">
        {label}
      </label>
      <progress
        id="cards-progress"
        className="h-3 w-full"
        max={100}
        value={job.status === "READING" ? undefined : job.status === "SWAPPING" ? 100 : pct}
      >
        {pct}%
      </progress>
      <p className="text-xs text-slate-600">
        {t("keepsRunning")}{" "}
        <Link href="/cards/changes" className="underline">
          {t("changesLink")}
        </Link>
      </p>
    </div>
  );
}
