import { connection } from "next/server";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { cardChanges } from "@/lib/server/read/cards";

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
  const { count, rows, jobs } = await cardChanges(SHOWN);
  const when = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  // One section per import (newest first), one line per changed card.
  const groups: { jobId: string; at: Date; rows: typeof rows }[] = [];
  for (const r of rows) {
    const g = groups.at(-1);
    if (g && g.jobId === r.jobId) g.rows.push(r);
    else groups.push({ jobId: r.jobId, at: r.createdAt, rows: [r] });
  }
  const what = (b: Snap, a: Snap) =>
    [
      b.name !== a.name ? t("changeName", { before: b.name, after: a.name }) : null,
      b.alias !== a.alias ? t("changeAlias", { before: b.alias, after: a.alias }) : null,
      b.type !== a.type ? t("changeType") : null,
      b.ot !== a.ot ? t("changeOt") : null,
    ]
      .filter(Boolean)
      .join("; ");
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <h1>{t("changesTitle")}</h1>
      <p className="text-sm">
        {t("changesIntro")}{" "}
        <Link href="/cards" className="underline">
          {t("title")}
        </Link>
      </p>
      {rows.length === 0 ? (
        <p className="card" data-testid="card-changes-empty">
          {t("changesNone")}
        </p>
      ) : (
        <div className="space-y-4" data-testid="card-changes">
          <p className="text-sm">{t("changesCount", { count, shown: rows.length })}</p>
          {groups.map((g) => (
            <section key={g.jobId} className="card">
              <h2 className="text-base font-semibold break-words">
                {jobs.get(g.jobId) ?? "—"} <span className="font-normal text-slate-600">· {when.format(g.at)} UTC</span>
              </h2>
              <ul className="mt-2 divide-y divide-slate-200 text-sm">
                {g.rows.map((r) => (
                  <li key={r.id} className="py-1.5">
                    <span className="font-medium tabular-nums">{r.passcode}</span>{" "}
                    <bdi className="break-words">{what(r.before as Snap, r.after as Snap)}</bdi>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
