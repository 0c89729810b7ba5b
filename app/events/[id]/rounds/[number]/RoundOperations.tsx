/**
 * Staff panel of a round (issue #5): manual edits while PAIRED (organizer), the log of manual
 * changes with their reasons, and — for a round paired again after an undo — the diff against the
 * undone pairing (its BEGIN snapshot, kept in the undo's audit row).
 */
import { getFormatter, getTranslations } from "next-intl/server";
import { db } from "@/lib/db";
import { diffPairings, type DiffPairing } from "@/lib/pairing/diff";
import { beginSnapshot, type BeginSnapshot } from "@/lib/server/operations";
import { renderManualPairingWarnings } from "@/lib/pairing/warnings";
import { EditForms } from "./EditForms";
import { bdiText } from "@/components/Bdi";

type J = Record<string, unknown>;

export async function RoundOperations({ eventId, roundId, role, timeZone }: { eventId: string; roundId: string; role: "ORGANIZER" | "JUDGE"; timeZone: string }) {
  const t = await getTranslations("operations");
  const round = await db().round.findUniqueOrThrow({
    where: { id: roundId },
    include: { matches: { orderBy: { table: "asc" }, include: { teams: { orderBy: { slot: "asc" }, include: { team: true } } } } },
  });
  // All the event's teams: a diff can name a team no longer in this round (no "?").
  const names = new Map((await db().team.findMany({ where: { eventId }, select: { id: true, name: true } })).map((x) => [x.id, x.name] as const));
  const log = await db().auditLog.findMany({ where: { eventId, entityId: roundId, action: { in: ["round.swap", "round.move", "round.bye"] } }, orderBy: { createdAt: "asc" } });
  const users = new Map((await db().user.findMany({ where: { id: { in: log.map((l) => l.userId).filter((x): x is string => !!x) } } })).map((u) => [u.id, u.displayName]));
  // Edit times in the page's locale (next-intl formatter), on the event's clock.
  const format = await getFormatter();
  const fmt = { format: (d: Date) => format.dateTime(d, { timeZone, hour: "2-digit", minute: "2-digit" }) };

  // Diff against the most recent undo of this round number before this round was created.
  const undos = await db().auditLog.findMany({ where: { eventId, action: "round.undo", createdAt: { lte: round.createdAt } }, orderBy: { createdAt: "desc" }, take: 20 });
  const undone = undos.map((u) => (u.before as J | null)?.begin as BeginSnapshot | null).find((b) => b && b.number === round.number) ?? null;
  const now = undone ? await beginSnapshot(db(), round.id) : null;
  const diff = undone && now ? diffPairings(undone.pairings, now.pairings) : null;
  const teamsOf = (p: { team1: string; team2: string | null } | { teams: [string, string | null] }) => {
    const [a, b] = "teams" in p ? p.teams : [p.team1, p.team2];
    return b ? `${names.get(a) ?? "?"} – ${names.get(b) ?? "?"}` : `${names.get(a) ?? "?"} (${t("diff.byeTable")})`;
  };
  const tbl = (x: number | null) => (x ? String(x) : t("diff.byeTable"));

  const entry = (l: (typeof log)[number]) => {
    const b = (l.before ?? {}) as J, a = (l.after ?? {}) as J;
    if (l.action === "round.swap") {
      // team names in <bdi>: an Arabic name must not swallow the table numbers next to it
      return bdiText((n) => t("edits.swapEntry", { detail: Object.keys(b).map((k) => `${n(k)} ${tbl(b[k] as number)} → ${tbl(a[k] as number)}`).join("; ") }));
    }
    if (l.action === "round.move") return bdiText((n) => t("edits.moveEntry", { pairing: n(String(b.pairing)), from: String(b.table), to: String(a.table) }));
    return bdiText((n) => t("edits.byeEntry", { team: n(String(a.bye)) }));
  };

  const pairOpts = round.matches.filter((m) => m.outcome !== "BYE").map((m) => ({ id: m.id, label: `${t("edits.tableN", { table: m.table })}: ${m.teams.map((s) => s.team.name).join(" – ")}` }));
  const teamOpts = round.matches.flatMap((m) => m.teams.map((s) => ({ id: s.teamId, label: `${s.team.name} (${m.outcome === "BYE" ? t("edits.bye2") : t("edits.tableN", { table: m.table })})` })))
    .sort((x, y) => x.label.localeCompare(y.label));

  return (
    <div className="space-y-3">
      {diff && (
        <section className="card space-y-1" aria-labelledby="diff-h" data-testid="repair-diff">
          <h3 id="diff-h" className="font-semibold">{t("diff.title", { number: round.number })}</h3>
          {diff.identical ? <p className="text-sm text-green-800">{t("diff.identical")}</p> : (
            <ul className="list-disc pl-5 text-sm">
              {diff.moved.map((m, i) => <li key={`m${i}`}>{t("diff.moved", { teams: teamsOf(m), from: tbl(m.from), to: tbl(m.to) })}</li>)}
              {/* A bye is said once ("Gone: bye for X"), not "X (bye) (table bye)". */}
              {diff.removed.map((p, i) => <li key={`r${i}`}>{p.team2 === null ? t("diff.removedBye", { team: names.get(p.team1) ?? "?" }) : t("diff.removed", { teams: teamsOf(p), table: tbl(p.table) })}</li>)}
              {diff.added.map((p, i) => <li key={`a${i}`}>{p.team2 === null ? t("diff.addedBye", { team: names.get(p.team1) ?? "?" }) : t("diff.added", { teams: teamsOf(p as DiffPairing), table: tbl(p.table) })}</li>)}
            </ul>
          )}
        </section>
      )}
      {round.status === "PAIRED" && role === "ORGANIZER" && round.kind === "SWISS" && (
        <section className="card space-y-3" aria-labelledby="edits-h">
          <h3 id="edits-h" className="font-semibold">{t("edits.title")}</h3>
          <p className="text-sm text-slate-600">{t("edits.hint")}</p>
          <EditForms roundId={round.id} teams={teamOpts} matches={pairOpts} />
        </section>
      )}
      {(log.length > 0 || round.status === "PAIRED") && <section className="card space-y-1" aria-labelledby="log-h">
        <h3 id="log-h" className="font-semibold">{t("edits.log")}</h3>
        {log.length === 0 ? <p className="text-sm text-slate-500">{t("edits.noLog")}</p> : (
          <ul className="space-y-1 text-sm" data-testid="edit-log">
            {log.map((l) => {
              const a = (l.after ?? {}) as J;
              const warnings = renderManualPairingWarnings(t, a.warnings);
              return (
                <li key={l.id} className="rounded-lg bg-slate-50 p-2">
                  <div className="font-medium">{entry(l)}</div>
                  <div>“{String(a.reason ?? "")}” <span className="text-xs text-slate-500">{bdiText((n) => t("edits.by", { name: n(users.get(l.userId ?? "") ?? "?"), time: fmt.format(l.createdAt) }))}</span></div>
                  {warnings.length > 0 && <div className="text-amber-900" data-testid="edit-log-warnings">{warnings.join(" ")}</div>}
                </li>
              );
            })}
          </ul>
        )}
      </section>}
    </div>
  );
}
