import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { pageActor } from "@/lib/auth/session";
import { registrationView } from "@/lib/server/read/players";
import { RegisterPanel } from "./RegisterPanel";

/** Team self-registration for players (issue #16): the window, places left, and the player's own entry. */
export default async function RegisterPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const actor = await pageActor();
  const t = await getTranslations("players");
  const v = await registrationView(id, actor.userId);
  if (!v) notFound();
  const entered = Boolean(v.team || v.registration || v.poolEntry);
  return (
    <div className="mx-auto max-w-lg space-y-4">
      <h2>{t("register.title")}</h2>
      <p className="text-sm text-slate-600" data-testid="places">
        {v.event.teamCap === null
          ? t("register.placesNoCap", { placed: v.placed })
          : t("register.places", { placed: v.placed, cap: v.event.teamCap, waiting: v.waiting })}
      </p>
      {v.closedWhy && !entered && <p className="card text-sm">{t(`register.closed.${v.closedWhy}`)}</p>}
      {!actor.userId ? (
        <p className="card text-sm">
          <Link href={`/signup?next=/events/${id}/register`}>{t("register.signUp")}</Link> ·{" "}
          <Link href={`/signin?next=/events/${id}/register`}>{t("register.signIn")}</Link>
        </p>
      ) : (
        <RegisterPanel
          v={{
            eventId: id,
            open: v.closedWhy === null,
            canSwap: v.canSwap,
            started: v.started,
            team: v.team,
            registration: v.registration,
            poolEntry: v.poolEntry,
          }}
        />
      )}
    </div>
  );
}
