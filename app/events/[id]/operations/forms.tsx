"use client";
/** Client forms of the operations page (each calls one action from lib/server/actions/browser/operations.ts). */
import { useTranslations } from "next-intl";
import { ActionForm, Field } from "@/components/ActionForm";
import { addAvoidPair, setByeRounds, setFixedTable, setStructure } from "@/lib/server/actions/browser/operations";

export function FixedTableForm({ teamId, team, table }: { teamId: string; team: string; table: number | null }) {
  const t = useTranslations("operations.teams");
  return (
    <ActionForm
      action={setFixedTable}
      extra={{ teamId }}
      submitLabel={t("setTable")}
      className="flex items-end gap-2"
      testId={`fixed-${teamId}`}
    >
      <div className="w-24">
        <label className="label sr-only" htmlFor={`ft-${teamId}`}>
          {t("tableFor", { team })}
        </label>
        <input
          id={`ft-${teamId}`}
          name="table"
          type="number"
          min={1}
          inputMode="numeric"
          defaultValue={table ?? ""}
          placeholder={t("fixedTable")}
          className="input"
        />
      </div>
    </ActionForm>
  );
}

export function StructureForm({ eventId, swissRounds, topCut }: { eventId: string; swissRounds: number | null; topCut: number | null }) {
  const t = useTranslations("operations.structure");
  return (
    <ActionForm
      action={setStructure}
      extra={{ eventId }}
      submitLabel={t("save")}
      successMessage={() => t("saved")}
      className="grid gap-3 sm:grid-cols-2"
      testId="structure-form"
    >
      <Field
        label={t("swissRounds")}
        name="swissRounds"
        type="number"
        inputMode="numeric"
        defaultValue={swissRounds ?? ""}
        hint={t("blankHint")}
      />
      <Field label={t("topCut")} name="topCut" type="number" inputMode="numeric" defaultValue={topCut ?? ""} hint={t("blankHint")} />
    </ActionForm>
  );
}

export function AvoidForm({ eventId, teams }: { eventId: string; teams: { id: string; name: string }[] }) {
  const t = useTranslations("operations.apart");
  const te = useTranslations("operations.edits");
  const opts = [
    <option key="" value="">
      {te("pick")}
    </option>,
    ...teams.map((x) => (
      <option key={x.id} value={x.id}>
        {x.name}
      </option>
    )),
  ];
  return (
    <ActionForm action={addAvoidPair} extra={{ eventId }} submitLabel={t("add")} resetOnSuccess testId="avoid-form">
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={t("teamA")} name="teamAId" as="select" required>
          {opts}
        </Field>
        <Field label={t("teamB")} name="teamBId" as="select" required>
          {opts}
        </Field>
      </div>
      <Field label={t("reason")} name="reason" />
    </ActionForm>
  );
}

/** Organizer, before round 1: make a team a bye holder (byes for rounds 1…N, RULES §2.3 Tier 3–4). */
export function ByeHolderForm({ teams }: { teams: { id: string; name: string }[] }) {
  const t = useTranslations("operations.byeHolders");
  const te = useTranslations("operations.edits");
  return (
    <ActionForm
      action={setByeRounds}
      submitLabel={t("save")}
      successMessage={() => t("saved")}
      className="grid gap-3 sm:grid-cols-2"
      testId="bye-holder-form"
    >
      <Field label={t("team")} name="teamId" as="select" required>
        {[
          <option key="" value="">
            {te("pick")}
          </option>,
          ...teams.map((x) => (
            <option key={x.id} value={x.id}>
              {x.name}
            </option>
          )),
        ]}
      </Field>
      <Field label={t("rounds")} name="rounds" as="select" defaultValue="1">
        {[0, 1, 2, 3].map((n) => (
          <option key={n} value={n}>
            {t("roundsValue", { n })}
          </option>
        ))}
      </Field>
    </ActionForm>
  );
}
