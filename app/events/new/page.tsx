import { redirect } from "next/navigation";
import { connection } from "next/server";
import { getTranslations } from "next-intl/server";
import { pageActor } from "@/lib/auth/session";
import { NewEventForm } from "./NewEventForm";

export default async function NewEventPage() {
  await connection();
  const actor = await pageActor();
  if (!actor.userId) redirect("/signin?next=/events/new");
  const t = await getTranslations("newEvent");
  return (
    <div className="mx-auto max-w-lg space-y-4">
      <h1>{t("title")}</h1>
      {actor.isOrganizer ? (
        <div className="card">
          <NewEventForm />
        </div>
      ) : (
        <p className="card">{t("notOrganizer")}</p>
      )}
    </div>
  );
}
