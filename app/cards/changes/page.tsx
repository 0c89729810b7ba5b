import { connection } from "next/server";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { db } from "@/lib/db";

const SHOWN = 500;

type Snap = { alias: number; name: string; type: number; ot: number };

/**
 * Instance-wide list of card changes (issue #12): every stored card an import replaced (only
 * `npm run cards:import -- FILE --allow-changes` can), newest first, with the file it came from.
 * Readable by everyone: the card database is shared by every event on this instance.
 */
export default async function CardChangesPage() {
  await connection();
  const t = await getTranslations("cards");
  const locale = await getLocale();
  const [count, rows] = await Promise.all([db().cardChange.count(), db().cardChange.findMany({ orderBy: [{ createdAt: "desc" }, { passcode: "asc" }], take: SHOWN })]);
  const jobs = new Map((await db().cardImportJob.findMany({ where: { id: { in: [...new Set(rows.map((r) => r.jobId))] } }, select: { id: true, fileName: true } })).map((j) => [j.id, j.fileName]));
  const when = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  const what = (b: Snap, a: Snap) => [
    b.name !== a.name ? t("changeName", { before: b.name, after: a.name }) : null,
    b.alias !== a.alias ? t("changeAlias", { before: b.alias, after: a.alias }) : null,
    b.type !== a.type ? t("changeType") : null,
    b.ot !== a.ot ? t("changeOt") : null,
  ].filter(Boolean).join("; ");
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <h1>{t("changesTitle")}</h1>
      <p className="text-sm">{t("changesIntro")} <Link href="/cards" className="underline">{t("title")}</Link></p>
      {rows.length === 0 ? <p className="card" data-testid="card-changes-empty">{t("changesNone")}</p> : (
        <div className="card overflow-x-auto">
          <p className="mb-2 text-sm">{t("changesCount", { count, shown: rows.length })}</p>
          <table className="w-full text-sm" data-testid="card-changes">
            <thead><tr className="text-left"><th className="pr-2">{t("changeWhen")}</th><th className="pr-2">{t("changePasscode")}</th><th className="pr-2">{t("changeWhat")}</th><th>{t("changeFile")}</th></tr></thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-t border-slate-200 align-top">
                  <td className="pr-2 whitespace-nowrap">{when.format(r.createdAt)} UTC</td>
                  <td className="pr-2 tabular-nums">{r.passcode}</td>
                  <td className="pr-2 break-words"><bdi>{what(r.before as Snap, r.after as Snap)}</bdi></td>
                  <td className="break-all">{jobs.get(r.jobId) ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
