import { connection } from "next/server";
import { redirect } from "next/navigation";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { cardCounts } from "@/lib/server/read/cards";
import { pageActor } from "@/lib/auth/session";
import { latestCardJob } from "@/lib/server/write/cardImport";
import { CardImportForm } from "./CardImportForm";

/** Organizer accounts: the Yu-Gi-Oh! card database (import new passcodes from a .cdb / JSON, with progress). */
export default async function CardsPage() {
  await connection();
  const actor = await pageActor();
  if (!actor.userId) redirect("/signin?next=/cards");
  const t = await getTranslations("cards");
  const { total, extra, tokens } = await cardCounts();
  const latest = actor.isOrganizer ? await latestCardJob() : null;
  return (
    <div className="mx-auto max-w-lg space-y-4">
      <h1>{t("title")}</h1>
      <p className="card text-sm" data-testid="card-count">
        {t("count", { total, extra, tokens })}{" "}
        <Link href="/cards/changes" className="underline">
          {t("changesLink")}
        </Link>
      </p>
      {actor.isOrganizer ? (
        <div className="card">
          <CardImportForm initial={latest} />
        </div>
      ) : (
        <p className="card">{t("organizerOnly")}</p>
      )}
    </div>
  );
}
