"use client";
/** Client forms of the flight series page (each calls one action of lib/server/actions/browser/flights.ts). */
import { useTranslations } from "next-intl";
import { ActionForm, Field } from "@/components/ActionForm";
import { checkInToSeries, holdSeriesQueue, leaveSeriesQueue, setFlightSeries } from "@/lib/server/actions/browser/flights";
import { DEFAULT_FLIGHT_SIZE, FLIGHT_SIZES } from "@/lib/flights";

/** Organizer: make the event a flight series (teams per flight). */
export function SeriesForm({ eventId, flightSize }: { eventId: string; flightSize: number | null }) {
  const t = useTranslations("flights");
  return (
    <ActionForm
      action={setFlightSeries}
      extra={{ eventId }}
      submitLabel={flightSize ? t("setup.change") : t("setup.make")}
      className="flex flex-wrap items-end gap-3"
      testId="series-form"
    >
      <Field label={t("setup.size")} name="flightSize" as="select" defaultValue={flightSize ?? DEFAULT_FLIGHT_SIZE}>
        {FLIGHT_SIZES.map((n) => (
          <option key={n} value={n}>
            {t("setup.teams", { count: n })}
          </option>
        ))}
      </Field>
    </ActionForm>
  );
}

/** A team member or a judge: check the team into the queue. */
export function CheckInButton({ eventId, teamId, team }: { eventId: string; teamId: string; team: string }) {
  const t = useTranslations("flights");
  return (
    <ActionForm action={checkInToSeries} extra={{ eventId, teamId }} submitLabel={t("queue.checkIn")} testId={`series-checkin-${teamId}`}>
      <span className="sr-only">{team}</span>
    </ActionForm>
  );
}

/** A team member or a judge: leave the queue before the flight fires. */
export function LeaveButton({ eventId, teamId, team }: { eventId: string; teamId: string; team: string }) {
  const t = useTranslations("flights");
  return (
    <ActionForm action={leaveSeriesQueue} extra={{ eventId, teamId }} submitLabel={t("queue.leave")} testId={`series-leave-${teamId}`}>
      <span className="sr-only">{team}</span>
    </ActionForm>
  );
}

/** Organizer: hold or release the queue. */
export function HoldButton({ eventId, held }: { eventId: string; held: boolean }) {
  const t = useTranslations("flights");
  return (
    <ActionForm
      action={holdSeriesQueue}
      extra={{ eventId, held: !held }}
      submitLabel={held ? t("hold.release") : t("hold.hold")}
      testId="series-hold"
    />
  );
}
