/**
 * Staff panel of a round (issue #5): manual edits while PAIRED (organizer), the log of manual
 * changes with their reasons, and — for a round paired again after an undo — the diff against the
 * undone pairing (its UNDONE snapshot). History and diff come from lib/server/read/roundHistory.
 */
import { getFormatter, getTranslations } from "next-intl/server";
import { roundEdits } from "@/lib/server/read/desk";
import type { DiffPairing } from "@/lib/pairing/diff";
import type { PairingEditEntry } from "@/lib/server/read/roundHistory";
import { renderManualPairingWarnings } from "@/lib/pairing/warnings";
import { EditForms } from "./EditForms";
import { bdiText } from "@/components/Bdi";

export async function RoundOperations({
  eventId,
  roundId,
  role,
  timeZone,
}: {
  eventId: string;
  roundId: string;
  role: "ORGANIZER" | "JUDGE";
  timeZone: string;
}) {
  const t = await getTranslations("operations");
  const { round, names, log, diff } = await roundEdits(eventId, roundId);
  // Edit times in the page's locale (next-intl formatter), on the event's clock.
  const format = await getFormatter();
  const fmt = { format: (d: Date) => format.dateTime(d, { timeZone, hour: "2-digit", minute: "2-digit" }) };

  // Diff against the most recent undo of this round number before this round was created.
  const teamsOf = (p: { team1: string; team2: string | null } | { teams: [string, string | null] }) => {
    const [a, b] = "teams" in p ? p.teams : [p.team1, p.team2];
    return b ? `${names.get(a) ?? "?"} – ${names.get(b) ?? "?"}` : `${names.get(a) ?? "?"} (${t("diff.byeTable")})`;
  };
  const tbl = (x: number | null) => (x ? String(x) : t("diff.byeTable"));

  const entry = (l: PairingEditEntry) => {
    if (l.kind === "SWAP") {
      // team names in <bdi>: an Arabic name must not swallow the table numbers next to it
      const moves = [
        [l.team, l.fromTable, l.toTable],
        [l.otherTeam, l.otherFromTable, l.otherToTable],
      ] as const;
      return bdiText((n) =>
        t("edits.swapEntry", { detail: moves.map(([k, from, to]) => `${n(k ?? "?")} ${tbl(from)} → ${tbl(to)}`).join("; ") }),
      );
    }
    if (l.kind === "MOVE")
      return bdiText((n) => t("edits.moveEntry", { pairing: n(l.team), from: String(l.fromTable), to: String(l.toTable) }));
    return bdiText((n) => t("edits.byeEntry", { team: n(l.team) }));
  };

  const pairOpts = round.matches
    .filter((m) => m.outcome !== "BYE")
    .map((m) => ({ id: m.id, label: `${t("edits.tableN", { table: m.table })}: ${m.teams.map((s) => s.team.name).join(" – ")}` }));
  const teamOpts = round.matches
    .flatMap((m) =>
      m.teams.map((s) => ({
        id: s.teamId,
        label: `${s.team.name} (${m.outcome === "BYE" ? t("edits.bye2") : t("edits.tableN", { table: m.table })})`,
      })),
    )
    .sort((x, y) => x.label.localeCompare(y.label));

  return (
    <div className="space-y-3">
      {diff && (
        <section className="card space-y-1" aria-labelledby="diff-h" data-testid="repair-diff">
          <h3 id="diff-h" className="font-semibold">
            {t("diff.title", { number: round.number })}
          </h3>
          {diff.identical ? (
            <p className="text-sm text-green-800">{t("diff.identical")}</p>
          ) : (
            <ul className="list-disc pl-5 text-sm">
              {diff.moved.map((m, i) => (
                <li key={`m${i}`}>{t("diff.moved", { teams: teamsOf(m), from: tbl(m.from), to: tbl(m.to) })}</li>
              ))}
              {/* A bye is said once ("Gone: bye for X"), not "X (bye) (table bye)". */}
              {diff.removed.map((p, i) => (
                <li key={`r${i}`}>
                  {p.team2 === null
                    ? t("diff.removedBye", { team: names.get(p.team1) ?? "?" })
                    : t("diff.removed", { teams: teamsOf(p), table: tbl(p.table) })}
                </li>
              ))}
              {diff.added.map((p, i) => (
                <li key={`a${i}`}>
                  {p.team2 === null
                    ? t("diff.addedBye", { team: names.get(p.team1) ?? "?" })
                    : t("diff.added", { teams: teamsOf(p as DiffPairing), table: tbl(p.table) })}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {round.status === "PAIRED" && role === "ORGANIZER" && round.kind === "SWISS" && (
        <section className="card space-y-3" aria-labelledby="edits-h">
          <h3 id="edits-h" className="font-semibold">
            {t("edits.title")}
          </h3>
          <p className="text-sm text-slate-600">{t("edits.hint")}</p>
          <EditForms roundId={round.id} teams={teamOpts} matches={pairOpts} />
        </section>
      )}
      {(log.length > 0 || round.status === "PAIRED") && (
        <section className="card space-y-1" aria-labelledby="log-h">
          <h3 id="log-h" className="font-semibold">
            {t("edits.log")}
          </h3>
          {log.length === 0 ? (
            <p className="text-sm text-slate-500">{t("edits.noLog")}</p>
          ) : (
            <ul className="space-y-1 text-sm" data-testid="edit-log">
              {log.map((l) => {
                const warnings = renderManualPairingWarnings(t, l.warnings);
                return (
                  <li key={l.id} className="rounded-lg bg-slate-50 p-2">
                    <div className="font-medium">{entry(l)}</div>
                    <div>
                      “{l.reason}”{" "}
                      <span className="text-xs text-slate-500">
                        {bdiText((n) => t("edits.by", { name: n(l.byName ?? "?"), time: fmt.format(l.at) }))}
                      </span>
                    </div>
                    {warnings.length > 0 && (
                      <div className="text-amber-900" data-testid="edit-log-warnings">
                        {warnings.join(" ")}
                      </div>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
