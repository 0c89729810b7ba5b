"use client";
/**
 * One-tap confirm of the other team's report (issue #14): the report text (rendered by the page),
 * a Confirm button that names the report by id + version (lib/formats/reports confirmRule), and a
 * link down to the report form ("report something else"). When the report changed in between, the
 * server refuses (CONFIRM_REPORT_CHANGED); the message stays and the page shows the new report with
 * its own Confirm button (this component is not re-keyed, so the message survives). `onSettled`:
 * what shows the new state after a send (the report page refetches its card, components/useLiveCard);
 * without it the page is refreshed.
 */
import { useRouter } from "next/navigation";
import { useState, useTransition, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import { confirmTeamReport } from "@/lib/server/actions/browser/reporting";
import { failureText } from "@/components/actionErrorText";
import { isOffline, queueOffline, type QueueContext } from "@/components/OfflineQueue";

export function ConfirmReport({
  matchId,
  reportId,
  reportVersion,
  heading,
  children,
  labels,
  queue,
  onSettled,
}: {
  matchId: string;
  reportId: string;
  reportVersion: number;
  heading: ReactNode;
  /** The other team's report in words (describeReport), plus any note. */
  children: ReactNode;
  labels: { ask: string; button: string; other: string; done: string };
  /** Where a confirm made without a connection is queued (issue #15, components/OfflineQueue). */
  queue?: QueueContext;
  onSettled?: () => void;
}) {
  const tq = useTranslations("offline.queue");
  const router = useRouter();
  const tc = useTranslations("common");
  const [pending, start] = useTransition();
  const [message, setMessage] = useState<{ kind: "error" | "done"; text: string } | null>(null);
  return (
    <section className="card space-y-3 border-2 border-sky-300" aria-labelledby="confirm-h" data-testid="confirm-offer">
      <h3 id="confirm-h" className="text-lg font-bold">
        {heading}
      </h3>
      <div data-testid="confirm-report" data-report-id={reportId} data-report-version={reportVersion}>
        {children}
      </div>
      <p className="text-sm text-slate-700">{labels.ask}</p>
      {message && (
        <p
          role={message.kind === "error" ? "alert" : "status"}
          data-testid={message.kind === "error" ? "confirm-error" : "confirm-done"}
          className={
            "rounded-lg p-3 text-sm " +
            (message.kind === "error" ? "bg-amber-50 text-amber-950" : "bg-green-50 font-semibold text-green-900")
          }
        >
          {message.text}
        </p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row">
        <button
          type="button"
          className="btn min-h-11 w-full sm:w-auto"
          disabled={pending}
          data-testid="confirm-button"
          onClick={() => {
            setMessage(null);
            start(async () => {
              const input = { matchId, reportId, reportVersion };
              // Offline (or the send never reached the server): queue it on the phone with the report shown.
              const queued = () => {
                queueOffline("confirm", queue!, input);
                setMessage({ kind: "done", text: tq("queued") });
              };
              if (queue && isOffline()) return queued();
              let res;
              try {
                res = await confirmTeamReport(input);
              } catch (e) {
                if (queue) return queued();
                throw e;
              }
              if (res.ok) setMessage({ kind: "done", text: labels.done });
              else setMessage({ kind: "error", text: failureText(tc, res.error).message });
              // A changed report: show the new one; a final one: show the result.
              if (onSettled) onSettled();
              else router.refresh();
            });
          }}
        >
          {labels.button}
        </button>
        <a href="#team-report" className="btn-secondary inline-flex min-h-11 w-full items-center justify-center sm:w-auto">
          {labels.other}
        </a>
      </div>
    </section>
  );
}
