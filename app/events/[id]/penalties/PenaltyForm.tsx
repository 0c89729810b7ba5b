"use client";
/**
 * Judge: record a penalty of a duelist (the preset decides what it does to the team).
 * Nothing is pre-selected: the duelist is found by typing a table number, a team number, a team
 * or a duelist name (works at 375 tables: only the first matches are listed), and the infraction is
 * picked from the game's catalogue or the event's own entries (lib/formats/infractions) — picking
 * one fills in its default penalty, which the judge may change. Free text is optional once an
 * infraction is picked.
 */
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { ActionForm, Field } from "@/components/ActionForm";
import { issuePenalty } from "@/lib/server/actions/browser/reporting";
import type { PickerInfraction } from "@/lib/formats/infractions";

/** One duelist the picker can find. `table`: the team's table in the current round (null = none). */
export interface PickerDuelist {
  id: string;
  label: string;
  team: string;
  teamNumber: number;
  name: string;
  playerId: string | null;
  table: number | null;
}

const MAX_SHOWN = 20;
const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** The duelists matching a query: digits → that table or team number; text → team, name or Player ID. */
export function matchDuelists(all: readonly PickerDuelist[], query: string): PickerDuelist[] {
  const q = fold(query.trim().replace(/^#/, ""));
  if (!q) return [];
  if (/^\d+$/.test(q)) {
    const n = Number(q);
    return all.filter((d) => d.table === n || d.teamNumber === n).sort((a, b) => Number(b.table === n) - Number(a.table === n));
  }
  return all.filter((d) => fold(d.team).includes(q) || fold(d.name).includes(q) || (d.playerId !== null && fold(d.playerId).includes(q)));
}

export function PenaltyForm({
  duelists,
  kinds,
  game,
  infractions,
}: {
  duelists: PickerDuelist[];
  kinds: string[];
  game: "YGO" | "MTG";
  infractions: PickerInfraction[];
}) {
  const t = useTranslations("reporting.penalties");
  const [query, setQuery] = useState("");
  const [picked, setPicked] = useState<PickerDuelist | null>(null);
  const [infraction, setInfraction] = useState("");
  const [penalty, setPenalty] = useState("");
  const found = useMemo(() => matchDuelists(duelists, query), [duelists, query]);
  const entry = infractions.find((x) => x.value === infraction) ?? null;
  const catalogue = infractions.filter((x) => !x.local),
    local = infractions.filter((x) => x.local);
  const pickInfraction = (v: string) => {
    setInfraction(v);
    const e = infractions.find((x) => x.value === v);
    if (e?.defaultPenalty) setPenalty(e.defaultPenalty);
  };
  const reset = () => {
    setQuery("");
    setPicked(null);
    setInfraction("");
    setPenalty("");
  };
  // What a person typed or chose before the page finished loading (a slow phone) is in the
  // fields but not in the state yet: take it over once, so the search shows its matches.
  const findRef = useRef<HTMLInputElement>(null),
    infractionRef = useRef<HTMLSelectElement>(null),
    penaltyRef = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    if (findRef.current?.value) setQuery(findRef.current.value);
    if (infractionRef.current?.value) pickInfraction(infractionRef.current.value);
    if (penaltyRef.current?.value) setPenalty(penaltyRef.current.value); // once, at hydration
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once at hydration; later renders must not re-read the fields
  }, []);
  return (
    <ActionForm
      action={issuePenalty}
      submitLabel={t("save")}
      resetOnSuccess
      testId="penalty-form"
      onSuccess={reset}
      successMessage={(d) => t("saved", { effect: t(`matchEffect.${d.matchEffect.replaceAll(" ", "_")}`, { game }) })}
    >
      <div className="space-y-1" data-testid="duelist-picker">
        <label htmlFor="pen-find" className="label">
          {t("duelist", { game })}
          <span aria-hidden="true" className="text-red-700">
            {" "}
            *
          </span>
        </label>
        <input type="hidden" name="duelistId" value={picked?.id ?? ""} aria-label={t("duelist", { game })} />
        {picked ? (
          <div
            className="flex min-w-0 flex-wrap items-center gap-2 rounded-lg border border-brand-600 bg-brand-50 p-2 text-sm"
            data-testid="picked-duelist"
          >
            <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">{picked.label}</span>
            <button
              type="button"
              className="btn-secondary"
              onClick={() => {
                setPicked(null);
                setQuery("");
              }}
            >
              {t("change")}
            </button>
          </div>
        ) : (
          <>
            <input
              ref={findRef}
              id="pen-find"
              type="search"
              className="input"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              autoComplete="off"
              placeholder={t("findPlaceholder")}
              aria-describedby="pen-find-hint"
              aria-controls={query.trim() !== "" && found.length > 0 ? "pen-find-list" : undefined}
            />
            <p id="pen-find-hint" className="text-xs text-slate-500">
              {t("findHint", { game })}
            </p>
            {query.trim() !== "" &&
              (found.length === 0 ? (
                <p className="text-sm text-slate-600" role="status">
                  {t("noMatch")}
                </p>
              ) : (
                <ul id="pen-find-list" className="max-h-72 space-y-1 overflow-y-auto" aria-label={t("matches", { count: found.length })}>
                  {found.slice(0, MAX_SHOWN).map((d) => (
                    <li key={d.id}>
                      <button
                        type="button"
                        onClick={() => setPicked(d)}
                        data-testid="duelist-option"
                        className={
                          "w-full rounded-lg border border-slate-200 px-3 py-2 text-left text-sm " +
                          "hover:border-brand-600 hover:bg-brand-50 [overflow-wrap:anywhere]"
                        }
                      >
                        {d.label}
                      </button>
                    </li>
                  ))}
                  {found.length > MAX_SHOWN && <li className="text-xs text-slate-500">{t("more", { count: found.length - MAX_SHOWN })}</li>}
                </ul>
              ))}
          </>
        )}
      </div>
      <div>
        <label htmlFor="pen-infraction" className="label">
          {t("infraction")}
        </label>
        <select
          ref={infractionRef}
          id="pen-infraction"
          name="infractionId"
          className="input mt-1"
          value={infraction}
          onChange={(e) => pickInfraction(e.target.value)}
          data-testid="infraction-select"
        >
          <option value="">{t("otherInfraction")}</option>
          <optgroup label={t("catalogue", { game })}>
            {catalogue.map((x) => (
              <option key={x.value} value={x.value}>
                {x.sourceName ? `${x.label} (${x.sourceName})` : x.label}
              </option>
            ))}
          </optgroup>
          {local.length > 0 && (
            <optgroup label={t("localEntries")}>
              {local.map((x) => (
                <option key={x.value} value={x.value}>
                  {x.label}
                </option>
              ))}
            </optgroup>
          )}
        </select>
        {entry?.source && (
          <p className="mt-1 text-xs text-slate-500">
            <a className="underline" href={entry.source} target="_blank" rel="noreferrer">
              {t("source")}
            </a>
            {entry.defaultPenalty ? "" : ` · ${t("noDefault")}`}
          </p>
        )}
      </div>
      <div>
        <label htmlFor="pen-kind" className="label">
          {t("penalty")}
          <span aria-hidden="true" className="text-red-700">
            {" "}
            *
          </span>
        </label>
        <select
          ref={penaltyRef}
          id="pen-kind"
          name="penalty"
          className="input mt-1"
          required
          value={penalty}
          onChange={(e) => setPenalty(e.target.value)}
          data-testid="penalty-kind"
        >
          <option value="" disabled>
            {t("choose")}
          </option>
          {kinds.map((k) => (
            <option key={k} value={k}>
              {t(`kind.${k}`, { game })}
            </option>
          ))}
        </select>
        {entry?.defaultPenalty && (
          <p className="mt-1 text-xs text-slate-500" data-testid="default-penalty">
            {t("defaultIs", { penalty: t(`kind.${entry.defaultPenalty}`, { game }) })}
          </p>
        )}
      </div>
      <Field label={infraction ? t("detailsOptional") : t("details")} name="infraction" required={!infraction} />
      <Field label={t("round")} name="roundNumber" type="number" inputMode="numeric" hint={t("roundHint", { game })} />
      <Field label={t("notes")} name="notes" />
    </ActionForm>
  );
}
