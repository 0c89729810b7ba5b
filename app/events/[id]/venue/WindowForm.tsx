"use client";
/**
 * The organizer's check-in window (issue #16): two local date-times (this browser's time zone, the
 * venue's) sent as ISO instants; empty = no bound. Saving opens check-in if it was not open.
 */
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { useTranslations } from "next-intl";
import { setCheckInWindow } from "@/lib/server/actions/browser/checkin";
import { failureText } from "@/components/actionErrorText";

const local = (d: string | null) => {
  if (!d) return "";
  const x = new Date(d);
  return new Date(x.getTime() - x.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

export function WindowForm({
  eventId,
  opensAt,
  closesAt,
  labels,
}: {
  eventId: string;
  opensAt: string | null;
  closesAt: string | null;
  labels: { opensAt: string; closesAt: string; save: string; saved: string };
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
        const iso = (k: string) => {
          const v = String(f.get(k) ?? "");
          return v ? new Date(v).toISOString() : "";
        };
        start(async () => {
          const res = await setCheckInWindow({ eventId, opensAt: iso("opensAt"), closesAt: iso("closesAt") });
          setMsg(res.ok ? { ok: true, text: labels.saved } : { ok: false, text: failureText(tc, res.error).message });
          if (res.ok) router.refresh();
        });
      }}
    >
      <label className="flex flex-col text-sm">
        {labels.opensAt}
        <input type="datetime-local" name="opensAt" defaultValue={local(opensAt)} className="input" />
      </label>
      <label className="flex flex-col text-sm">
        {labels.closesAt}
        <input type="datetime-local" name="closesAt" defaultValue={local(closesAt)} className="input" />
      </label>
      <button type="submit" className="btn" disabled={pending}>
        {labels.save}
      </button>
      {msg && (
        <p role={msg.ok ? "status" : "alert"} className={msg.ok ? "text-green-800" : "text-red-800"}>
          {msg.text}
        </p>
      )}
    </form>
  );
}
