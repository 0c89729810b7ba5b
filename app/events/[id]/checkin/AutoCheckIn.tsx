"use client";
/**
 * Opening the big screen's QR URL checks the signed-in duelist in (issue #16): the page sends the
 * code once on load (no mutation in the GET itself) and shows the outcome; a button retries.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { checkInWithScreenCode } from "@/lib/server/actions/browser/checkin";
import { failureText } from "@/components/actionErrorText";

export function AutoCheckIn({
  duelistId,
  code,
  labels,
}: {
  duelistId: string;
  code: string;
  labels: { working: string; done: string; teamIn: string; teamWaiting: string; retry: string; card: string; cardHref: string };
}) {
  const [state, setState] = useState<{ kind: "working" } | { kind: "done"; teamIn: boolean } | { kind: "error"; message: string }>({
    kind: "working",
  });
  const tc = useTranslations("common");
  const sent = useRef(false);
  const send = useCallback(async () => {
    setState({ kind: "working" });
    const res = await checkInWithScreenCode({ duelistId, code });
    setState(res.ok ? { kind: "done", teamIn: res.data.teamCheckedIn } : { kind: "error", message: failureText(tc, res.error).message });
  }, [duelistId, code, tc]);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    void send();
  }, [send]);
  return (
    <div className="card space-y-3" aria-live="polite">
      {state.kind === "working" && <p>{labels.working}</p>}
      {state.kind === "done" && (
        <>
          <p className="rounded-lg bg-green-50 p-3 text-lg font-semibold text-green-900" data-testid="checkin-done">
            {labels.done}
          </p>
          <p data-testid="checkin-team">{state.teamIn ? labels.teamIn : labels.teamWaiting}</p>
        </>
      )}
      {state.kind === "error" && (
        <>
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-900" data-testid="checkin-error">
            {state.message}
          </p>
          <button type="button" className="btn-secondary" onClick={() => void send()}>
            {labels.retry}
          </button>
        </>
      )}
      <p>
        <a href={labels.cardHref}>{labels.card}</a>
      </p>
    </div>
  );
}
