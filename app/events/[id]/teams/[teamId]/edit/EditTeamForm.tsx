"use client";
import { useTranslations } from "next-intl";
import { ActionForm, Field } from "@/components/ActionForm";
import { updateTeam } from "@/app/actions";

type D = { name: string; playerId: string | null };

/** Edit a team before round 1: names, player IDs, and A/B order (A = first name on the form). */
export function EditTeamForm({ eventId, teamId, name, a, b, game }: { eventId: string; teamId: string; name: string; a: D; b: D; game: "YGO" | "MTG" }) {
  const t = useTranslations("teams");
  const swap = (e: React.MouseEvent<HTMLButtonElement>) => {
    const form = e.currentTarget.form!;
    for (const f of ["name", "playerId"]) {
      const x = form.elements.namedItem(`a.${f}`) as HTMLInputElement, y = form.elements.namedItem(`b.${f}`) as HTMLInputElement;
      [x.value, y.value] = [y.value, x.value];
    }
  };
  return (
    <ActionForm action={updateTeam} extra={{ teamId }} submitLabel={t("save")} redirectTo={() => `/events/${eventId}/teams`} testId="edit-team">
      <Field label={t("teamName")} name="name" defaultValue={name} required />
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="label mb-1">{t("duelistA", { game })}</legend>
        <Field label={t("nameA")} name="a.name" defaultValue={a.name} required />
        <Field label={t("playerIdA")} name="a.playerId" defaultValue={a.playerId ?? ""} />
      </fieldset>
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="label mb-1">{t("duelistB", { game })}</legend>
        <Field label={t("nameB")} name="b.name" defaultValue={b.name} required />
        <Field label={t("playerIdB")} name="b.playerId" defaultValue={b.playerId ?? ""} />
      </fieldset>
      <button type="button" className="btn-secondary" onClick={swap}>{t("swap")}</button>
    </ActionForm>
  );
}
