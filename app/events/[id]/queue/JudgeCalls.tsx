import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { openJudgeCalls } from "@/lib/server/read/venue";
import { acknowledgeJudgeCall, resolveJudgeCall } from "@/lib/server/actions/browser/checkin";
import { ActionButton } from "@/components/ConfirmButton";

const OPEN_BG = "bg-red-50",
  SEEN_BG = "bg-sky-50";

/**
 * The judge-call part of the judge queue (issue #16): every call not resolved, with round and
 * table, newest or oldest first (`order`); a judge acknowledges, then resolves (both audited).
 * The queue page's LiveRefresh shows a new call within a poll.
 */
export async function JudgeCalls({ eventId, timeZone, order }: { eventId: string; timeZone: string; order: "newest" | "oldest" }) {
  const t = await getTranslations("venue.calls");
  const format = await getFormatter();
  const calls = await openJudgeCalls(eventId, order);
  const other = order === "newest" ? "oldest" : "newest";
  return (
    <section className="card space-y-2" aria-labelledby="calls-h" data-testid="judge-calls">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="calls-h" className="text-lg font-bold">
          {t("title", { count: calls.length })}
        </h3>
        <Link href={`/events/${eventId}/queue?calls=${other}`} className="text-sm">
          {t(other === "oldest" ? "oldestFirst" : "newestFirst")}
        </Link>
      </div>
      {calls.length === 0 && <p className="text-slate-600">{t("none")}</p>}
      <ul className="space-y-2">
        {calls.map((c) => (
          <li
            key={c.id}
            className={`flex flex-wrap items-center justify-between gap-2 rounded-lg p-2 ${c.status === "OPEN" ? OPEN_BG : SEEN_BG}`}
            data-testid="judge-call"
          >
            <span>
              <span className="font-bold">{t("table", { round: c.roundNumber, table: c.table })}</span> · <bdi>{c.teamName}</bdi> ·{" "}
              {format.dateTime(c.createdAt, { timeStyle: "short", timeZone })} ·{" "}
              <span className="font-semibold">{c.status === "OPEN" ? t("open") : t("acknowledged")}</span>
            </span>
            <span className="flex gap-2">
              {c.status === "OPEN" && <ActionButton action={acknowledgeJudgeCall} input={{ callId: c.id }} label={t("acknowledge")} />}
              <ActionButton action={resolveJudgeCall} input={{ callId: c.id }} label={t("resolve")} className="btn" />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
