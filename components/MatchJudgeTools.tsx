"use client";
/**
 * Judge tools on a results row (issue #6 part B): open the end-of-match wizard, and give the match
 * extra time (a TimerActivation row with matchId via extendMatch) — +3 min for a deck check,
 * +1 min for a long ruling.
 */
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { useTranslations } from "next-intl";
import { extendMatch } from "@/lib/server/actions/browser/live";
import { failureText } from "@/components/actionErrorText";

export function MatchJudgeTools({ eventId, matchId, table }: { eventId: string; matchId: string; table: number }) {
  const t = useTranslations("live");
  const tc = useTranslations("common");
  const router = useRouter();
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const add = (seconds: number, reason: Parameters<typeof extendMatch>[0]["reason"]) =>
    start(async () => {
      setError(null);
      const r = await extendMatch({ matchId, seconds, reason }).catch(() => ({
        ok: false as const,
        error: { code: "NETWORK", message: tc("networkError") },
      }));
      if (!r.ok) setError(failureText(tc, r.error).message);
      else router.refresh();
    });
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t("extend.label", { table })}>
      <Link href={`/events/${eventId}/matches/${matchId}/eomp`} className="btn-secondary text-sm" data-testid="open-eomp">
        {t("eomp.open")}
      </Link>
      <button
        type="button"
        className="btn-secondary text-sm"
        disabled={pending}
        onClick={() => add(180, "DECK_CHECK")}
        data-testid="extend-3"
      >
        {t("extend.add", { minutes: 3 })} · {t("extend.reasons.DECK_CHECK")}
      </button>
      <button type="button" className="btn-secondary text-sm" disabled={pending} onClick={() => add(60, "RULING")} data-testid="extend-1">
        {t("extend.add", { minutes: 1 })} · {t("extend.reasons.RULING")}
      </button>
      {error && (
        <p role="alert" className="w-full text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
