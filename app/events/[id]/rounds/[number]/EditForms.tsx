"use client";
/** Manual edits of a PAIRED round (organizer): swap two teams, move a pairing, give a bye — each with a reason. */
import type { ActionOutputOf } from "@/lib/errors";
import { useTranslations } from "next-intl";
import { ActionForm, Field } from "@/components/ActionForm";
import { manualBye, moveMatch, swapTeams } from "@/lib/server/actions/browser/operations";
import { renderManualPairingWarnings } from "@/lib/pairing/warnings";

type Opt = { id: string; label: string };

/** "Saved." plus the edit's warnings (structured, lib/pairing/warnings), in the page's language. */
function Warnings({
  data,
}: {
  data: ActionOutputOf<typeof swapTeams> | ActionOutputOf<typeof moveMatch> | ActionOutputOf<typeof manualBye>;
}) {
  const t = useTranslations("operations.edits");
  const tw = useTranslations("operations");
  const w = renderManualPairingWarnings(tw, "warnings" in data ? data.warnings : undefined);
  return (
    <span>
      {t("done")} {w.length > 0 && <strong data-testid="edit-warnings">{t("warnings", { list: w.join(" ") })}</strong>}
    </span>
  );
}

export function EditForms({ roundId, teams, matches }: { roundId: string; teams: Opt[]; matches: Opt[] }) {
  const t = useTranslations("operations.edits");
  const pick = <option value="">{t("pick")}</option>;
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <section className="space-y-2" aria-labelledby="swap-h">
        <h4 id="swap-h" className="font-semibold">
          {t("swap")}
        </h4>
        <ActionForm
          action={swapTeams}
          extra={{ roundId }}
          submitLabel={t("swapSubmit")}
          resetOnSuccess
          testId="swap-form"
          successMessage={(d) => <Warnings data={d} />}
        >
          <Field label={t("swapA")} name="teamAId" as="select" required>
            {pick}
            {teams.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </Field>
          <Field label={t("swapB")} name="teamBId" as="select" required>
            {pick}
            {teams.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </Field>
          <Field label={t("reason")} name="reason" required />
        </ActionForm>
      </section>
      <section className="space-y-2" aria-labelledby="move-h">
        <h4 id="move-h" className="font-semibold">
          {t("move")}
        </h4>
        <ActionForm
          action={moveMatch}
          extra={{ roundId }}
          submitLabel={t("moveSubmit")}
          resetOnSuccess
          testId="move-form"
          successMessage={() => t("done")}
        >
          <Field label={t("match")} name="matchId" as="select" required>
            {pick}
            {matches.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </Field>
          <Field label={t("table")} name="table" type="number" inputMode="numeric" required />
          <Field label={t("reason")} name="reason" required />
        </ActionForm>
      </section>
      <section className="space-y-2" aria-labelledby="bye-h">
        <h4 id="bye-h" className="font-semibold">
          {t("bye")}
        </h4>
        <ActionForm
          action={manualBye}
          extra={{ roundId }}
          submitLabel={t("byeSubmit")}
          resetOnSuccess
          testId="bye-form"
          successMessage={(d) => <Warnings data={d} />}
        >
          <Field label={t("byeTeam")} name="teamId" as="select" required hint={t("byeHint")}>
            {pick}
            {teams.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </Field>
          <Field label={t("reason")} name="reason" required />
        </ActionForm>
      </section>
    </div>
  );
}
