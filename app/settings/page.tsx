import { notFound } from "next/navigation";
import { connection } from "next/server";
import { getTranslations } from "next-intl/server";
import { pageActor } from "@/lib/auth/session";
import { publicAddress, storedPublicUrl } from "@/lib/server/http/publicAddress";
import { PublicUrlForm } from "./PublicUrlForm";

export async function generateMetadata() {
  const t = await getTranslations("eventday.settings");
  return { title: `${t("title")} · Tandem` };
}

/**
 * Instance settings for organizer accounts (issue #13 item 5): the public address that printed
 * links and QR codes use, with where the current one comes from.
 */
export default async function SettingsPage() {
  await connection();
  const actor = await pageActor();
  if (!actor.isOrganizer) notFound();
  const t = await getTranslations("eventday.settings");
  const [address, stored] = await Promise.all([publicAddress(), storedPublicUrl()]);
  return (
    <div className="mx-auto max-w-xl space-y-4">
      <h1>{t("title")}</h1>
      <section className="card space-y-3" aria-labelledby="public-h">
        <h2 id="public-h">{t("publicTitle")}</h2>
        <p className="text-sm text-slate-600">{t("publicIntro")}</p>
        <p
          className={`text-sm ${address.url ? "" : "rounded-lg border border-amber-300 bg-amber-50 p-2 text-amber-950"}`}
          data-testid="public-now"
        >
          {address.url ? t("now", { url: address.url, source: address.source }) : t("loopback")}
        </p>
        <PublicUrlForm current={stored ?? ""} />
      </section>
    </div>
  );
}
