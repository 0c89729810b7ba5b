"use client";
/**
 * One-tap accept of a one-sided team report on the round page (issue #14): names the report by
 * id + version (acceptTeamReport); a report changed in between is refused and the page reloads
 * to show the new one.
 */
import { useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { acceptTeamReport } from "@/lib/server/actions/browser/floor";
import { failureText } from "@/components/actionErrorText";

export function AcceptReport({
  matchId,
  table,
  report,
}: {
  matchId: string;
  table: number;
  report: { id: string; version: number; slot: 1 | 2; text: string };
}) {
  const t = useTranslations("resultsDesk");
  const tc = useTranslations("common");
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-lg bg-blue-50 p-2 text-sm text-blue-950" data-testid="accept-report">
      <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">{report.text}</span>
      <button
        type="button"
        className="btn min-h-11 min-w-11"
        disabled={busy}
        aria-label={t("acceptLabel", { table, report: report.text })}
        onClick={async () => {
          setBusy(true);
          const res = await acceptTeamReport({ matchId, reportId: report.id, reportVersion: report.version, slot: report.slot });
          setBusy(false);
          setError(res.ok ? null : failureText(tc, res.error).message);
          router.refresh();
        }}
      >
        {t("accept")}
      </button>
      {error && (
        <p role="alert" className="w-full text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
