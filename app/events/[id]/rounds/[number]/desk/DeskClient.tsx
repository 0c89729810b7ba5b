"use client";
/**
 * The keyboard results desk (issue #14): the table box drives lib/formats/desk's state machine
 * (table digits, Enter → both teams with A/B seats shown; outcome key; best of three: score key;
 * "t": both LP; Enter saves through the judge's reportResult action, which checks everything
 * again). The box also finds tables by team or duelist name (findTables). Every key also has a
 * button (phones). Below: one line per table (`#table-N`), finished tables with an edit control,
 * one-sided reports with a one-tap accept (acceptTeamReport, naming the report by id + version).
 * The list is one memoized component of plain rows, so a key press re-renders only the desk panel.
 */
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import {
  deskKey,
  deskKeys,
  deskStart,
  findTables,
  type DeskEntry,
  type DeskRefusal,
  type DeskState,
  type DeskTable,
} from "@/lib/formats/desk";
import { getPreset, type PresetSettings } from "@/lib/formats/presets";
import type { EntryStage } from "@/lib/formats/results";
import type { ReportState } from "@/lib/formats/reports";
import { reportResult } from "@/lib/server/actions/browser/core";
import { acceptTeamReport } from "@/lib/server/actions/browser/floor";
import { failureText } from "@/components/actionErrorText";

/** One table as the page sends it: the DeskTable plus ready-made texts (result, one-sided report). */
export interface DeskRowView extends DeskTable {
  result: string | null;
  state: ReportState;
  report: { id: string; version: number; slot: 1 | 2; text: string } | null;
}

type Notice = { kind: "ok" | "error"; text: string } | null;

const KEY_BTN = "min-h-11 min-w-11 rounded-lg border px-2 py-1 text-left text-sm font-semibold leading-tight sm:px-3";
const KEY_PRIMARY = "border-brand-700 bg-brand-700 text-white";
const KEY_OTHER = "border-slate-300 bg-white text-slate-800";

export function DeskClient({
  roundId,
  presetId,
  settings,
  stage,
  live,
  rows,
  refusals,
}: {
  roundId: string;
  presetId: string;
  settings: PresetSettings;
  stage: EntryStage;
  /** The round is published: results can be entered (a paired or closed round shows the list only). */
  live: boolean;
  rows: DeskRowView[];
  /** The core's refusal texts (NO_DRAWS, TOP_CUT_DOUBLE_LOSS, BYE_MATCH) for this stage, rendered by the page. */
  refusals: Record<string, string>;
}) {
  const t = useTranslations("resultsDesk");
  const tf = useTranslations("floor");
  const tc = useTranslations("common");
  const router = useRouter();
  const preset = getPreset(presetId);
  // Versions saved here win over the page's until it refreshes (a quick second edit must not be stale).
  const [saved, setSaved] = useState<Record<string, number>>({});
  const tables = useMemo(() => {
    const m = new Map<number, DeskTable>();
    for (const r of rows) if (r.table > 0) m.set(r.table, { ...r, version: Math.max(r.version, saved[r.matchId] ?? 0) });
    return m;
  }, [rows, saved]);
  const ctx = useMemo(() => ({ preset, settings, stage, tables }), [preset, settings, stage, tables]);
  const [desk, setDesk] = useState<DeskState>(deskStart);
  const [text, setText] = useState("");
  const [notice, setNotice] = useState<Notice>(null);
  const [found, setFound] = useState<DeskTable[] | null>(null);
  const [openOnly, setOpenOnly] = useState(false);
  const [busy, setBusy] = useState(false);
  const box = useRef<HTMLInputElement>(null);

  const refusalText = useCallback(
    (r: DeskRefusal): string => {
      if (r.code in refusals) return refusals[r.code];
      const params = { ...r.params };
      if (params.key === " ") params.key = "Space";
      return tf(`refusals.${r.code}`, params);
    },
    [refusals, tf],
  );

  const save = useCallback(
    async (entry: DeskEntry) => {
      setBusy(true);
      setNotice({ kind: "ok", text: t("saving") });
      const res = await reportResult({ roundId, ...entry });
      setBusy(false);
      setDesk(deskStart());
      if (!res.ok) {
        setNotice({ kind: "error", text: failureText(tc, res.error).message });
        router.refresh();
        return;
      }
      setSaved((s) => ({ ...s, [entry.matchId]: res.data.version }));
      const row = tables.get(entry.table)!;
      const name = (slot: 1 | 2) => (slot === 1 ? row.slot1.name : (row.slot2?.name ?? ""));
      const what =
        res.data.outcome === "WIN"
          ? tf("desk.keys.win", { team: name(res.data.winnerSlot === 2 ? 2 : 1) })
          : res.data.outcome === "DRAW"
            ? tf("desk.keys.draw")
            : tf("desk.keys.doubleLoss");
      setNotice({ kind: "ok", text: t("saved", { table: entry.table, result: what }) });
      router.refresh();
    },
    [roundId, router, t, tables, tc, tf],
  );

  const press = useCallback(
    (key: string, from: DeskState = desk) => {
      if (busy || !live) return;
      const step = deskKey(from, key, ctx);
      if (step.refusal) {
        setNotice({ kind: "error", text: refusalText(step.refusal) });
        return;
      }
      setNotice(null);
      setFound(null);
      if (step.state.phase === "table" || step.state.phase === "done") setText(step.state.buffer);
      if (step.state.phase === "done" && step.state.entry) void save(step.state.entry);
      setDesk(step.state);
    },
    [busy, ctx, desk, live, refusalText, save],
  );

  /** Enter in the table step: a number is looked up; a name lists the tables it finds (one found: shown at once). */
  const findOrShow = () => {
    const q = text.trim();
    if (/^[0-9]*$/.test(q)) return press("Enter", { ...deskStart(), buffer: q });
    const hits = findTables(tables.values(), q);
    if (hits.length === 1) return press("Enter", { ...deskStart(), buffer: String(hits[0].table) });
    setFound(hits);
    setNotice(hits.length ? null : { kind: "error", text: t("noneFound", { query: q }) });
  };

  // Stable for the memoized list: the latest `press` through a ref.
  const pressRef = useRef(press);
  const tablesRef = useRef(tables);
  useLayoutEffect(() => {
    pressRef.current = press;
    tablesRef.current = tables;
  });
  const select = useCallback((table: number) => {
    pressRef.current("Enter", { ...deskStart(), buffer: String(table) });
    box.current?.focus({ preventScroll: true });
  }, []);

  // A `#table-N` link (the outstanding board, the round page) opens that table in the desk: on arrival and on hash changes.
  useEffect(() => {
    const open = () => {
      const m = /^#table-(\d+)$/.exec(window.location.hash);
      if (m && live && tablesRef.current.has(Number(m[1]))) select(Number(m[1]));
    };
    open();
    window.addEventListener("hashchange", open);
    return () => window.removeEventListener("hashchange", open);
  }, [live, select]);

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Tab" || e.altKey || e.ctrlKey || e.metaKey) return;
    const phase = desk.phase;
    if (phase === "table" || phase === "done") {
      if (e.key === "Enter") {
        e.preventDefault();
        findOrShow();
      } else if (e.key === "Escape") {
        e.preventDefault();
        setText("");
        setFound(null);
        setNotice(null);
        setDesk(deskStart());
      }
      return; // typing goes to the box
    }
    if (e.key.length === 1 || e.key === "Enter" || e.key === "Backspace" || e.key === "Escape") {
      e.preventDefault();
      press(e.key);
    }
  };

  const onChange = (e: React.ChangeEvent<HTMLInputElement>) => {
    const v = e.target.value;
    if (desk.phase === "table" || desk.phase === "done") {
      setText(v.slice(0, 80));
      if (desk.phase === "done") setDesk(deskStart());
    } else if (desk.phase === "lp1" || desk.phase === "lp2") {
      // Phones type LP through the box's change events (no usable key events): digits only, as deskKey.
      setDesk({ ...desk, buffer: v.replace(/[^0-9]/g, "").slice(0, 7) });
    }
  };

  const sel = desk.table;
  const keys = live ? deskKeys(desk, ctx) : [];
  const lpPhase = desk.phase === "lp1" || desk.phase === "lp2";
  const boxValue = desk.phase === "table" || desk.phase === "done" ? text : lpPhase ? desk.buffer : String(sel?.table ?? "");
  const open = rows.filter((r) => !r.final && r.slot2).length;

  return (
    <div className="space-y-3">
      <section
        className="sticky top-0 z-10 space-y-2 rounded-xl border border-slate-200 bg-white p-3 shadow-sm"
        aria-label={t("nav")}
        data-testid="desk-panel"
      >
        <p className="hidden text-sm text-slate-600 sm:block">{t("intro")}</p>
        <label className="label" htmlFor="desk-box">
          {tf("desk.keys.table")}
        </label>
        <input
          id="desk-box"
          ref={box}
          className="input min-h-11 text-lg tabular-nums"
          value={boxValue}
          onChange={onChange}
          onKeyDown={onKeyDown}
          disabled={!live}
          autoComplete="off"
          enterKeyHint={lpPhase ? "next" : "go"}
          inputMode={lpPhase ? "numeric" : "text"}
          aria-describedby="desk-status"
          data-testid="desk-box"
          autoFocus
        />
        {sel && (
          <div className="rounded-lg bg-slate-50 px-2 py-1 text-sm" data-testid="desk-selected">
            <p className="font-bold">{t("selected", { table: sel.table })}</p>
            <ol className="grid grid-cols-1 sm:grid-cols-2 sm:gap-1">
              {[sel.slot1, sel.slot2].map(
                (team, i) =>
                  team && (
                    <li key={team.teamId} className="min-w-0 [overflow-wrap:anywhere]" data-testid={`desk-slot${i + 1}`}>
                      <span className="font-semibold">
                        {i + 1} · <bdi>{team.name}</bdi>
                      </span>{" "}
                      <span className="text-xs text-slate-600">
                        {team.seats.map((s) => (
                          <span key={s.designation} className="mr-2">
                            {s.designation}: <bdi>{s.name}</bdi>
                          </span>
                        ))}
                      </span>
                    </li>
                  ),
              )}
            </ol>
            {desk.games && <p>{t("games", { game: preset.game, score: `${desk.games.games1}–${desk.games.games2}` })}</p>}
            {desk.lp1 !== null && <p>{t("lpValue", { game: preset.game, team: sel.slot1.name, value: desk.lp1 })}</p>}
            {desk.lp2 !== null && <p>{t("lpValue", { game: preset.game, team: sel.slot2?.name ?? "", value: desk.lp2 })}</p>}
          </div>
        )}
        <p
          id="desk-status"
          role="status"
          className={`min-h-5 text-sm ${notice?.kind === "error" ? "text-red-700" : "text-green-800"}`}
          data-testid="desk-status"
        >
          {notice?.text}
        </p>
        {found && found.length > 0 && (
          <div className="space-y-1" data-testid="desk-found">
            <p className="text-sm">{t("found", { count: found.length })}</p>
            <div className="flex flex-wrap gap-2">
              {found.slice(0, 12).map((f) => (
                <button key={f.table} type="button" className={`${KEY_BTN} border-slate-300 bg-white`} onClick={() => select(f.table)}>
                  {f.table} · <bdi>{f.slot1.name}</bdi>
                  {f.slot2 && (
                    <>
                      {" "}
                      {t("versus")} <bdi>{f.slot2.name}</bdi>
                    </>
                  )}
                </button>
              ))}
            </div>
          </div>
        )}
        {keys.length > 0 && (
          <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap" aria-label={t("keysHint")} role="group" data-testid="desk-keys">
            {keys.map((k) => {
              const label = tf(`desk.keys.${k.label}`, k.params);
              const name = k.key === "digits" || k.key.length > 1 ? tf(`desk.keys.keyNames.${k.key}`) : k.key.toUpperCase();
              if (k.key === "digits") return null; // typed in the box
              const primary = k.key !== "Backspace" && k.key !== "Escape";
              return (
                <button
                  key={k.key}
                  type="button"
                  className={`${KEY_BTN} ${primary ? KEY_PRIMARY : KEY_OTHER}`}
                  disabled={busy}
                  data-key={k.key}
                  onClick={() => (k.key === "Enter" && (desk.phase === "table" || desk.phase === "done") ? findOrShow() : press(k.key))}
                >
                  <kbd className="mr-1 font-mono">{name}</kbd> <span className="[overflow-wrap:anywhere]">{label}</span>
                </button>
              );
            })}
          </div>
        )}
      </section>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600" data-testid="desk-counts">
          {t("counts", { open, total: rows.filter((r) => r.slot2).length })}
        </p>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="checkbox" className="h-5 w-5" checked={openOnly} onChange={(e) => setOpenOnly(e.target.checked)} />
          {t("openOnly")}
        </label>
      </div>
      <DeskList rows={rows} openOnly={openOnly} live={live} onSelect={select} onNotice={setNotice} />
    </div>
  );
}

/** The compact table list: one line per table, memoized so desk key presses do not re-render 375 rows. */
const DeskList = memo(function DeskList({
  rows,
  openOnly,
  live,
  onSelect,
  onNotice,
}: {
  rows: DeskRowView[];
  openOnly: boolean;
  live: boolean;
  onSelect: (table: number) => void;
  onNotice: (n: Notice) => void;
}) {
  const t = useTranslations("resultsDesk");
  const tc = useTranslations("common");
  const router = useRouter();
  const [accepting, setAccepting] = useState<string | null>(null);
  const accept = async (r: DeskRowView) => {
    if (!r.report) return;
    setAccepting(r.matchId);
    const res = await acceptTeamReport({ matchId: r.matchId, reportId: r.report.id, reportVersion: r.report.version, slot: r.report.slot });
    setAccepting(null);
    onNotice(
      res.ok ? { kind: "ok", text: t("accepted", { table: r.table }) } : { kind: "error", text: failureText(tc, res.error).message },
    );
    router.refresh(); // a changed report is shown as it is now
  };
  return (
    <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" data-testid="desk-list">
      {rows.map((r) =>
        openOnly && (r.final || !r.slot2) ? null : (
          <li
            key={r.matchId}
            id={r.table > 0 ? `table-${r.table}` : undefined}
            className="flex scroll-mt-72 flex-wrap items-center gap-x-3 gap-y-1 px-3 py-1 target:bg-amber-50"
            data-testid={r.final ? "desk-row-final" : "desk-row-open"}
            data-table={r.table}
          >
            <span className="w-10 shrink-0 font-bold tabular-nums">{r.table > 0 ? r.table : "–"}</span>
            <span
              // Phones: a finished line shows the result (it names the winner) instead of both names.
              className={`min-w-0 flex-1 truncate ${r.result ? "hidden sm:block" : ""}`}
              title={`${r.slot1.name}${r.slot2 ? ` – ${r.slot2.name}` : ""}`}
            >
              <bdi>{r.slot1.name}</bdi>
              {r.slot2 && (
                <>
                  {" "}
                  <span className="text-slate-500">{t("versus")}</span> <bdi>{r.slot2.name}</bdi>
                </>
              )}
            </span>
            {r.result ? (
              <span
                className="badge mr-auto max-w-[70%] truncate bg-green-100 text-green-800 sm:mr-0 sm:max-w-[45%]"
                title={r.result}
                data-testid="desk-result"
              >
                {r.result}
              </span>
            ) : (
              <span className="badge bg-slate-100 text-slate-700">{t("open")}</span>
            )}
            {live && r.slot2 && (
              <button
                type="button"
                className="btn-secondary min-h-11 w-20 shrink-0"
                aria-label={t("editLabel", { table: r.table })}
                onClick={() => onSelect(r.table)}
              >
                {r.final ? t("edit") : t("enter")}
              </button>
            )}
            {live && r.report && !r.final && (
              <span className="flex w-full min-w-0 items-center gap-2 text-xs text-slate-700">
                <span className="min-w-0 flex-1 [overflow-wrap:anywhere]" data-testid="desk-report">
                  {r.report.text}
                </span>
                <button
                  type="button"
                  className="btn min-h-11 min-w-11"
                  disabled={accepting === r.matchId}
                  aria-label={t("acceptLabel", { table: r.table, report: r.report.text })}
                  onClick={() => void accept(r)}
                  data-testid="desk-accept"
                >
                  {t("accept")}
                </button>
              </span>
            )}
          </li>
        ),
      )}
    </ul>
  );
});
