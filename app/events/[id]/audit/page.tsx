import Link from "next/link";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { getLocale, getTranslations } from "next-intl/server";
import { pageActor } from "@/lib/auth/session";
import { eventView } from "@/lib/server/read/events";
import { auditLog } from "@/lib/server/read/audit";
import { openRounds } from "@/lib/server/read/reporting";
import { renderManualPairingWarnings } from "@/lib/pairing/warnings";
import { LiveRefresh } from "@/components/LiveRefresh";
import { DeskNav } from "@/components/DeskNav";
import { eventPageMetadata } from "@/lib/server/read/pageMeta";
import { auditEntityLabel, auditKeyLabel, renderAuditValue, type RootT } from "@/lib/i18n/auditFormat";
import type { AuditRef } from "@/lib/server/read/audit";
import { getPreset } from "@/lib/formats/presets";

export const generateMetadata = eventPageMetadata("audit");

/** Organizer: who did what and when, before → after, filterable by entity (type and/or id). */
export default async function AuditPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ entity?: string; entityId?: string }>;
}) {
  await connection();
  const { id } = await params;
  const sp = await searchParams;
  const t = await getTranslations("reporting");
  const { event, role } = await eventView(id, await pageActor());
  if (!role) notFound(); // the public: no such page
  if (role !== "ORGANIZER") {
    // a judge: say why instead of a bare 404
    const tx = await getTranslations("access");
    return (
      <div className="space-y-3">
        <h2 className="text-xl">{tx("auditTitle")}</h2>
        <p className="card text-slate-600" data-testid="audit-organizer-only">
          {tx("auditOrganizerOnly")}
        </p>
      </div>
    );
  }
  const entity = sp.entity?.trim() || undefined,
    entityId = sp.entityId?.trim() || undefined;
  const tOps = await getTranslations("operations");
  const ta = await getTranslations("audit");
  const tRoot = (await getTranslations()) as unknown as RootT;
  const game = getPreset(event.formatPreset).game;
  const fmt = new Intl.DateTimeFormat(await getLocale(), {
    timeZone: event.timeZone,
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });
  // Manual pairing edits store structured warnings: show them as sentences in the page's language;
  // every other value through lib/i18n/auditFormat (codes translated, nested objects readable).
  const format = (key: string, value: unknown) => {
    if (key === "warnings" && Array.isArray(value) && value.length) return renderManualPairingWarnings(tOps, value).join(" ");
    return renderAuditValue(tRoot, key, value, false, (d) => fmt.format(d), { game });
  };
  /** The audit action's label in the page's language (the code stays in data-action, never shown). */
  const actionLabel = (code: string) => (ta.has(`actions.${code}`) ? ta(`actions.${code}`, { game }) : code);
  const keyLabel = (key: string) => auditKeyLabel(tRoot, key, { game });
  /** "Round 2", "Round 2, table 5", a team's name… else the entity type and its short id. */
  const refLabel = (entity: string, entityId: string | null, ref: AuditRef) => {
    if (ref?.kind === "round") return ta("entityRef.round", { number: ref.number });
    if (ref?.kind === "match")
      return ref.table === null
        ? ta("entityRef.matchBye", { round: ref.round })
        : ta("entityRef.match", { round: ref.round, table: ref.table });
    if (ref?.kind === "name")
      return (
        <>
          {auditEntityLabel(tRoot, entity, { game })} <bdi>{ref.name}</bdi>
        </>
      );
    return `${auditEntityLabel(tRoot, entity, { game })}${entityId ? ` ${entityId.slice(-8)}` : ""}`;
  };
  const [{ rows, entities }, rounds] = await Promise.all([auditLog(id, { entity, entityId, format }), openRounds(id)]);
  const conflicts = rounds.reduce((n, r) => n + r.tables.filter((x) => x.state === "CONFLICT").length, 0);
  return (
    <div className="space-y-4">
      <LiveRefresh eventId={id} version={event.version} />
      <DeskNav eventId={id} current="audit" queueCount={conflicts} organizer />
      <h2 className="text-xl">{t("audit.title")}</h2>
      <form method="get" className="card flex flex-wrap items-end gap-3" aria-label={t("audit.filter")}>
        <div>
          <label htmlFor="f-entity" className="label">
            {t("audit.entity")}
          </label>
          <select id="f-entity" name="entity" defaultValue={entity ?? ""} className="input mt-1">
            <option value="">{t("audit.all")}</option>
            {entities.map((e) => (
              <option key={e} value={e}>
                {auditEntityLabel(tRoot, e, { game })}
              </option>
            ))}
          </select>
        </div>
        <div className="w-full min-w-0 sm:w-auto sm:flex-1">
          <label htmlFor="f-entityId" className="label">
            {t("audit.entityId")}
          </label>
          <input id="f-entityId" name="entityId" defaultValue={entityId ?? ""} className="input mt-1" />
        </div>
        <button type="submit" className="btn">
          {t("audit.apply")}
        </button>
        {(entity || entityId) && (
          <Link href={`/events/${id}/audit`} className="btn-secondary">
            {t("audit.clear")}
          </Link>
        )}
      </form>
      <p className="text-sm text-slate-600">{t("audit.showing", { count: rows.length })}</p>
      {rows.length === 0 ? (
        <p className="card text-slate-600">{t("audit.empty")}</p>
      ) : (
        <ol className="space-y-2" aria-label={t("audit.title")}>
          {rows.map((r) => (
            <li key={r.id} className="card space-y-1 p-3" data-testid="audit-row">
              <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
                <span className="badge bg-brand-50 text-brand-800" data-testid="audit-action-label" data-action={r.action}>
                  {actionLabel(r.action)}
                </span>
                <time className="tabular-nums text-slate-600" dateTime={new Date(r.at).toISOString()}>
                  {fmt.format(r.at)}
                </time>
                <span className="min-w-0 font-medium [overflow-wrap:anywhere]" data-testid="audit-who">
                  {r.whoName !== null ? (
                    <>
                      <bdi>{r.whoName}</bdi>
                      {r.whoUsername ? ` (@${r.whoUsername})` : null}
                    </>
                  ) : (
                    r.who
                  )}
                </span>
                <Link
                  href={
                    `/events/${id}/audit?entity=${encodeURIComponent(r.entity)}` +
                    (r.entityId ? `&entityId=${encodeURIComponent(r.entityId)}` : "")
                  }
                  className="min-w-0 text-xs text-slate-500 [overflow-wrap:anywhere]"
                  data-testid="audit-entity"
                >
                  {refLabel(r.entity, r.entityId, r.ref)}
                </Link>
              </div>
              {r.changes.length > 0 && (
                <dl className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-3 text-xs" data-testid="audit-changes">
                  {r.changes.map((c) => (
                    <div key={c.key} className="contents">
                      <dt className="font-semibold text-slate-600" title={c.key}>
                        {keyLabel(c.key)}
                      </dt>
                      <dd className="[overflow-wrap:anywhere]">
                        {c.before !== null && (
                          <>
                            <bdi className="text-slate-500 line-through decoration-slate-300">{c.before}</bdi> →{" "}
                          </>
                        )}
                        <bdi className="text-slate-900">{c.after}</bdi>
                      </dd>
                    </div>
                  ))}
                </dl>
              )}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
