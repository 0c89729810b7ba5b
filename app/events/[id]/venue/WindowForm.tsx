"use client";
/**
 * The organizer's check-in window (issue #16): two date-times in the event's time zone (as the
 * other organizer date fields: the server reads them there, lib/dates/zoned), sent as typed;
 * empty = no bound. Saving opens check-in if it was not open.
 */
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { useTranslations } from "next-intl";
import { setCheckInWindow } from "@/lib/server/actions/browser/checkin";
import { failureText } from "@/components/actionErrorText";

export function WindowForm({
  eventId,
  opensAt,
  closesAt,
  labels,
}: {
  eventId: string;
  /** Wall times in the event's time zone ("YYYY-MM-DDTHH:mm"; "" = no bound). */
  opensAt: string;
  closesAt: string;
  labels: { opensAt: string; closesAt: string; save: string; saved: string; zoneHint: string };
}) {
  const tc = useTranslations("common");
  const router = useRouter();
  const [pending, start] = useTransition();
  const [msg, setMsg] = useState<{ ok: boolean; text: string } | null>(null);
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      data-testid="checkin-window"
      onSubmit={(e) => {
        e.preventDefault();
        const f = new FormData(e.currentTarget);
        const wall = (k: string) => String(f.get(k) ?? "");
        start(async () => {
          const res = await setCheckInWindow({ eventId, opensAt: wall("opensAt"), closesAt: wall("closesAt") });
          setMsg(res.ok ? { ok: true, text: labels.saved } : { ok: false, text: failureText(tc, res.error).message });
          if (res.ok) router.refresh();
        });
      }}
    >
      <label className="flex flex-col text-sm">
        {labels.opensAt}
        <input type="datetime-local" name="opensAt" defaultValue={opensAt} className="input" aria-describedby="checkin-zone" />
      </label>
      <label className="flex flex-col text-sm">
        {labels.closesAt}
        <input type="datetime-local" name="closesAt" defaultValue={closesAt} className="input" aria-describedby="checkin-zone" />
      </label>
      <button type="submit" className="btn" disabled={pending}>
        {labels.save}
      </button>
      <p id="checkin-zone" className="w-full text-xs text-slate-600">
        {labels.zoneHint}
      </p>
      {msg && (
        <p role={msg.ok ? "status" : "alert"} className={msg.ok ? "text-green-800" : "text-red-800"}>
          {msg.text}
        </p>
      )}
    </form>
  );
}
