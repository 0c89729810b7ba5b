"use client";
/**
 * Two-Headed Giant team-life step of the end-of-match wizard (CR 810.9, CASES C57): the judge
 * picks what the card did — "team loses N", "each player loses N" (team −2N), "a player's life
 * becomes N" (team = N), "double a player's life" (team × 2) — and the team(s) it hit; the new
 * totals come from the pure lib/formats applyTeamLifeChange and are previewed before they are
 * recorded as one LP_CHANGED step. A total below 0 is recorded as 0 (the team loses, CR 810.8a).
 */
import { useState } from "react";
import { useTranslations } from "next-intl";
import { applyTeamLifeChange, TEAM_LIFE_CHANGES, type TeamLifeChange } from "@/lib/formats/teamLife";
import { bdiText } from "@/components/Bdi";

type Kind = (typeof TEAM_LIFE_CHANGES)[number];
type Team = { slot: 1 | 2; name: string };

/** "+17" / "−8" / "±0" (a real minus sign, so it reads as a change, not a hyphen). */
function signed(d: number): string {
  return d > 0 ? `+${d}` : d < 0 ? `−${-d}` : "±0";
}

export function TeamLifeStep({
  teams,
  life,
  lpMax,
  disabled,
  onApply,
}: {
  teams: Team[];
  life: { slot1: number; slot2: number };
  lpMax: number;
  disabled: boolean;
  onApply: (lp: { slot1?: number; slot2?: number }) => void;
}) {
  const t = useTranslations("live.teamLife");
  const [kind, setKind] = useState<Kind>("teamLoses");
  const [amount, setAmount] = useState("");
  const [target, setTarget] = useState<"1" | "2" | "both">("1");
  const needsN = kind !== "doublePlayer";
  const n = Number(amount);
  const valid = !needsN || (amount.trim() !== "" && Number.isSafeInteger(n) && n >= 0 && n <= lpMax);
  const change: TeamLifeChange = kind === "doublePlayer" ? { kind } : { kind, n: valid ? n : 0 };
  const hit = teams.filter((tm) => target === "both" || String(tm.slot) === target);
  const rows = hit.map((tm) => {
    const from = life[tm.slot === 1 ? "slot1" : "slot2"];
    const to = applyTeamLifeChange(from, change);
    return { tm, from, to };
  });
  const apply = () => {
    if (!valid) return;
    const lp: { slot1?: number; slot2?: number } = {};
    for (const r of rows) lp[r.tm.slot === 1 ? "slot1" : "slot2"] = Math.max(0, r.to);
    onApply(lp);
  };
  return (
    <form
      className="card space-y-2"
      data-testid="team-life"
      onSubmit={(e) => {
        e.preventDefault();
        apply();
      }}
    >
      <h4 className="font-semibold">{t("title")}</h4>
      <p className="text-sm text-slate-600">{t("hint")}</p>
      <label className="block text-sm">
        {t("effect")}
        <select className="input mt-1" value={kind} onChange={(e) => setKind(e.target.value as Kind)} data-testid="team-life-kind">
          {TEAM_LIFE_CHANGES.map((k) => (
            <option key={k} value={k}>
              {t(`kinds.${k}`)}
            </option>
          ))}
        </select>
      </label>
      {needsN && (
        <label className="block text-sm">
          {t("amount")}
          <input
            className="input mt-1"
            type="number"
            inputMode="numeric"
            min={0}
            max={lpMax}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            data-testid="team-life-n"
          />
        </label>
      )}
      <fieldset className="space-y-1">
        <legend className="label mb-1">{t("target")}</legend>
        {teams.map((tm) => (
          <label key={tm.slot} className="flex min-w-0 items-center gap-2 rounded border p-2 text-sm">
            <input
              type="radio"
              name="team-life-target"
              className="shrink-0"
              checked={target === String(tm.slot)}
              onChange={() => setTarget(String(tm.slot) as "1" | "2")}
            />
            <span className="min-w-0 [overflow-wrap:anywhere]">{bdiText((x) => t("targetTeam", { team: x(tm.name) }))}</span>
          </label>
        ))}
        <label className="flex items-center gap-2 rounded border p-2 text-sm">
          <input type="radio" name="team-life-target" checked={target === "both"} onChange={() => setTarget("both")} /> {t("targetBoth")}
        </label>
      </fieldset>
      {valid && (
        <ul className="space-y-1 text-sm" aria-live="polite">
          {rows.map((r) => (
            <li key={r.tm.slot} className="rounded bg-slate-100 p-2 tabular-nums" data-testid={`team-life-preview-${r.tm.slot}`}>
              {bdiText((x) => t("preview", { team: x(r.tm.name), from: r.from, to: r.to, delta: signed(r.to - r.from) }))}
              {r.to <= 0 && <span className="ml-1 font-semibold text-red-800">{t("loses")}</span>}
            </li>
          ))}
        </ul>
      )}
      <button
        type="submit"
        className="btn-secondary w-full justify-center py-3"
        disabled={disabled || !valid}
        data-testid="team-life-apply"
      >
        {t("apply")}
      </button>
    </form>
  );
}
