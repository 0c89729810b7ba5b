"use client";
/**
 * Organizer: the event's day and venue (shown on the overview, receipts, print pages and the
 * standings CSV) and the "hide from the public list" switch (issue #13 item 7).
 */
import { useTranslations } from "next-intl";
import { ActionForm } from "@/components/ActionForm";
import { ActionButton } from "@/components/ConfirmButton";
import { setEventHidden, updateEvent } from "@/lib/server/actions/browser/core";

export function EventDetailsForm({ eventId, startsOn, location }: { eventId: string; startsOn: string; location: string }) {
  const t = useTranslations("eventday.details");
  return (
    <ActionForm
      action={updateEvent}
      extra={{ eventId }}
      submitLabel={t("save")}
      testId="event-details-form"
      successMessage={() => t("saved")}
    >
      <div className="grid gap-3">
        <div>
          <label htmlFor="f-startsOn" className="label">
            {t("date")}
          </label>
          {/* data-keep-empty: clearing the field sends "" (= no date) instead of leaving it unchanged */}
          <input id="f-startsOn" name="startsOn" type="date" defaultValue={startsOn} className="input mt-1 max-w-48" data-keep-empty="" />
        </div>
        <div>
          <label htmlFor="f-location" className="label">
            {t("location")}
          </label>
          <input
            id="f-location"
            name="location"
            defaultValue={location}
            className="input mt-1"
            placeholder={t("locationPlaceholder")}
            data-keep-empty=""
            maxLength={160}
          />
        </div>
      </div>
    </ActionForm>
  );
}

export function HideEventButton({ eventId, hidden }: { eventId: string; hidden: boolean }) {
  const t = useTranslations("eventday.details");
  return (
    <ActionButton
      action={setEventHidden}
      input={{ eventId, hidden: !hidden }}
      label={hidden ? t("show") : t("hide")}
      confirm={hidden ? undefined : t("hideConfirm")}
    />
  );
}
