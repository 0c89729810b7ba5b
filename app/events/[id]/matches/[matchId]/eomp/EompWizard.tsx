"use client";
/**
 * The phone wizard: a start form (the game in progress when time was called), then the engine's
 * instruction for the table with only the allowed steps as big buttons, then the recorded result.
 * Every step goes to the server (eompBegin / eompStep) with the match version this page shows;
 * the stored state is re-read after each step (router.refresh), so a reload resumes.
 * Best-of-one presets (preset.bestOf, lib/formats/presets) get no between-games / games-won /
 * Side Deck controls; the phase choice leaves out the Battle Phase on turns
 * that cannot conduct one (lib/formats/turns phaseAllowed: no Battle Phase nor Main Phase 2, RULES §1.5 / §3 / §4.1). Team and
 * duelist names are <bdi> inside sentences ("فريق الصقر: 7000 LP").
 * Magic events (preset.game "MTG") keep the engine's phase codes but show Magic's
 * phases (CR 500.1): DRAW = beginning phase (untap, upkeep, draw), MAIN1 = precombat main, BATTLE =
 * combat, MAIN2 = postcombat main, END = ending phase; STANDBY is not offered (Magic's upkeep is a
 * step of the beginning phase, and the 2HG procedure counts whole turns, so the phase never
 * matters). A team-turn seat ("1", "2": 2HG, 1v1) is shown as its team's name, not "1 (name)".
 * 2HG games get a team-life step (TeamLifeStep: CR 810.9, C57) beside the plain life form.
 */
import { useRouter } from "next/navigation";
import { useState, useTransition, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import { eompBegin, eompCancel, eompStep } from "@/lib/server/actions/browser/live";
import type { ActionResult } from "@/lib/errors";
import type { WizardView } from "@/lib/server/read/wizard";
import { phaseAllowed } from "@/lib/formats/turns";
import { bdiText } from "@/components/Bdi";
import { isolate } from "@/lib/i18n/bidi";
import { failureText } from "@/components/actionErrorText";
import { TeamLifeStep } from "./TeamLifeStep";

const PHASES = ["DRAW", "STANDBY", "MAIN1", "BATTLE", "MAIN2", "END"] as const;
type Params = Record<string, string | number>;

function useRun(view: WizardView) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const tc = useTranslations("common");
  const t = useTranslations("live.eomp");
  /** Runs one wizard action (typed "use server" wrapper) on this match at the version shown. */
  const run = <I extends { matchId: string; expectedVersion: unknown }, T>(
    fn: (input: I) => Promise<ActionResult<T>>,
    input: Omit<I, "matchId" | "expectedVersion">,
  ) => {
    setError(null);
    start(async () => {
      let res: ActionResult<T>;
      try {
        res = await fn({ matchId: view.matchId, expectedVersion: view.version, ...input } as I);
      } catch {
        res = { ok: false, error: { code: "NETWORK", message: tc("networkError") } };
      }
      if (!res.ok) {
        const f = failureText(tc, res.error, lpLabel);
        setError([f.message, ...f.details].join(" "));
        return;
      }
      router.refresh();
    });
  };
  /** The visible label of an LP field from its input path ("<prefix>.lp.slot1", "<prefix>.duelistLp.1A"); null for other fields. */
  const lpLabel = (field: string): string | null => {
    const m = /\.lp\.(slot[12])$|\.duelistLp\.(.+)$/.exec(field);
    if (!m) return null;
    if (m[1]) return t("lpOf", { game: view.preset.game, team: isolate(view.teams.find((x) => `slot${x.slot}` === m[1])?.name ?? m[1]) });
    return t("lpOfSeat", { game: view.preset.game, seat: isolate(view.seatNames[m[2]] ?? m[2]) });
  };
  return { run, pending, error };
}

/** Why a game ended, as the wizard's step accepts it (the select offers exactly these). */
type GameEndReason = Extract<Parameters<typeof eompStep>[0]["event"], { type: "GAME_ENDED" }>["reason"];

function Big({
  children,
  onClick,
  disabled,
  testId,
  secondary,
}: {
  children: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  testId?: string;
  secondary?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      data-testid={testId}
      className={`${secondary ? "btn-secondary" : "btn"} w-full justify-center py-4 text-lg`}
    >
      {children}
    </button>
  );
}

export function EompWizard({ view }: { view: WizardView }) {
  if (!view.state) return view.outcome ? <Recorded view={view} /> : <StartForm view={view} />;
  if (view.state.mode.m === "DONE" || view.outcome) return <Recorded view={view} />;
  return <Steps key={view.version} view={view} />;
}

function Alert({ error }: { error: string | null }) {
  return error ? (
    <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
      {error}
    </div>
  ) : null;
}

function StartForm({ view }: { view: WizardView }) {
  const t = useTranslations("live.eomp");
  const { run, pending, error } = useRun(view);
  const [inGame, setInGame] = useState(true);
  const [firstSlot, setFirstSlot] = useState<1 | 2 | null>(null); // never assumed: it decides whose turn it is
  const [turn, setTurn] = useState("1");
  const [phase, setPhase] = useState<(typeof PHASES)[number]>("MAIN1");
  const life = String(view.preset.lifeStart);
  const [lp, setLp] = useState<Record<string, string>>({
    slot1: life,
    slot2: life,
    ...Object.fromEntries(view.preset.seats.map((s) => [s, life])),
  });
  const [games, setGames] = useState({ slot1: "0", slot2: "0", drawn: "0" });
  const [passingTurn, setPassingTurn] = useState(false);
  const [sided, setSided] = useState(false);
  const [t1, t2] = view.teams;
  const multi = view.preset.bestOf > 1; // best of one: always "a game is in progress", no game counts, no Side Deck
  const num = (s: string) => (s.trim() === "" ? s : Number(s));
  const mtg = view.preset.game === "MTG";
  const phases = PHASES.filter((p) => phaseAllowed(view.preset, Number(turn), p) && !(mtg && p === "STANDBY"));
  const changeTurn = (v: string) => {
    setTurn(v);
    if (!phaseAllowed(view.preset, Number(v), phase)) setPhase("MAIN1");
  };
  const [missing, setMissing] = useState(false);
  const submit = () => {
    if (inGame && firstSlot === null) {
      setMissing(true);
      return;
    }
    setMissing(false);
    const game = inGame
      ? {
          firstSlot,
          turn: num(turn),
          ...(view.phaseAsked ? { phase } : {}),
          sided,
          ...(view.preset.independent
            ? { duelistLp: Object.fromEntries(view.preset.seats.map((s) => [s, num(lp[s])])) }
            : { lp: { slot1: num(lp.slot1), slot2: num(lp.slot2) } }),
          ...(view.preset.game === "MTG" ? { passingTurn } : {}),
        }
      : null;
    run(eompBegin, { game, games: { slot1: num(games.slot1), slot2: num(games.slot2), drawn: num(games.drawn) } });
  };
  return (
    <form
      className="card space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      data-testid="eomp-start"
    >
      <div>
        <h3 className="font-semibold">{t("startTitle")}</h3>
        <p className="text-sm text-slate-600">{t("startHint", { game: view.preset.game })}</p>
      </div>
      {multi && (
        <>
          <fieldset className="grid grid-cols-2 gap-2">
            <legend className="label mb-1">{t("startTitle")}</legend>
            <label className="flex items-center gap-2 rounded border p-3">
              <input type="radio" name="inGame" checked={inGame} onChange={() => setInGame(true)} />{" "}
              {t("inGame", { game: view.preset.game })}
            </label>
            <label className="flex items-center gap-2 rounded border p-3">
              <input type="radio" name="inGame" checked={!inGame} onChange={() => setInGame(false)} />{" "}
              {t("betweenGames", { game: view.preset.game })}
            </label>
          </fieldset>
          <div className="grid grid-cols-3 gap-2" data-testid="eomp-games">
            {(["slot1", "slot2", "drawn"] as const).map((k) => (
              <label key={k} className="min-w-0 text-sm">
                {k === "drawn"
                  ? t("gamesDrawn", { game: view.preset.game })
                  : bdiText((n) => t("gamesWon", { game: view.preset.game, team: n((k === "slot1" ? t1 : t2).name) }))}
                <input
                  className="input mt-1"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={9}
                  value={games[k]}
                  onChange={(e) => setGames({ ...games, [k]: e.target.value })}
                />
              </label>
            ))}
          </div>
        </>
      )}
      {inGame && (
        <>
          <fieldset className="space-y-2">
            <legend className="label mb-1">{t("firstSlot", { game: view.preset.game })}</legend>
            {view.teams.map((tm) => (
              <label key={tm.slot} className="flex min-w-0 items-center gap-2 rounded border p-3">
                <input
                  type="radio"
                  name="firstSlot"
                  checked={firstSlot === tm.slot}
                  onChange={() => setFirstSlot(tm.slot)}
                  className="shrink-0"
                />{" "}
                <span className="min-w-0">{bdiText((n) => t("wentFirst", { team: n(tm.name) }))}</span>
              </label>
            ))}
          </fieldset>
          {/* the turn is a short number: the phase gets the room (Magic's phase names are long). A
              turn-based procedure (UDE, 2HG, Tag 2013, …) finishes the whole turn: no phase is asked. */}
          {view.phaseAsked ? (
            <div className="grid grid-cols-[minmax(0,6rem)_minmax(0,1fr)] gap-2">
              <label className="text-sm">
                {t("turn")}
                <input
                  className="input mt-1"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  value={turn}
                  onChange={(e) => changeTurn(e.target.value)}
                  name="turn"
                />
              </label>
              <label className="text-sm">
                {t("phase")}
                <select
                  className="input mt-1"
                  value={phase}
                  onChange={(e) => setPhase(e.target.value as (typeof PHASES)[number])}
                  name="phase"
                >
                  {phases.map((p) => (
                    <option key={p} value={p}>
                      {t(`phases.${p}`, { game: view.preset.game })}
                    </option>
                  ))}
                </select>
              </label>
            </div>
          ) : (
            <div className="space-y-1">
              <label className="block w-32 text-sm">
                {t("turn")}
                <input
                  className="input mt-1"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  value={turn}
                  onChange={(e) => changeTurn(e.target.value)}
                  name="turn"
                />
              </label>
              <p className="text-xs text-slate-600" data-testid="eomp-no-phase">
                {t("noPhase", { game: view.preset.game })}
              </p>
            </div>
          )}
          {view.preset.independent ? (
            <div className="grid grid-cols-2 gap-2">
              {view.preset.seats.map((s) => (
                <label key={s} className="text-sm">
                  {t("lpOfSeat", { game: view.preset.game, seat: s })}
                  <input
                    className="input mt-1"
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={view.preset.lpMax}
                    value={lp[s]}
                    onChange={(e) => setLp({ ...lp, [s]: e.target.value })}
                  />
                </label>
              ))}
            </div>
          ) : (
            <div className="grid grid-cols-2 gap-2">
              {view.teams.map((tm) => (
                <label key={tm.slot} className="min-w-0 text-sm">
                  {bdiText((n) => t("lpOf", { game: view.preset.game, team: n(tm.name) }))}
                  <input
                    className="input mt-1"
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={view.preset.lpMax}
                    value={lp[`slot${tm.slot}`]}
                    onChange={(e) => setLp({ ...lp, [`slot${tm.slot}`]: e.target.value })}
                  />
                </label>
              ))}
            </div>
          )}
          {view.preset.game === "MTG" && (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={passingTurn} onChange={(e) => setPassingTurn(e.target.checked)} /> {t("passingTurn")}
            </label>
          )}
          {multi && (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={sided} onChange={(e) => setSided(e.target.checked)} /> {t("sided")}
            </label>
          )}
        </>
      )}
      <Alert error={missing ? t("chooseFirst") : error} />
      <button type="submit" className="btn w-full justify-center py-4 text-lg" disabled={pending}>
        {pending ? t("working") : t("begin")}
      </button>
    </form>
  );
}

function Steps({ view }: { view: WizardView }) {
  const t = useTranslations("live.eomp");
  const tr = useTranslations();
  const { run, pending, error } = useRun(view);
  const state = view.state!;
  const g = state.game;
  const out = view.output!;
  const [lp, setLp] = useState<Record<string, string>>(() => ({
    slot1: String(g?.lp.slot1 ?? ""),
    slot2: String(g?.lp.slot2 ?? ""),
    ...Object.fromEntries(Object.entries(g?.duelistLp ?? {}).map(([k, v]) => [k, String(v)])),
  }));
  const [reason, setReason] = useState<GameEndReason>("LP_ZERO");
  const [sided, setSided] = useState(false);
  const step = (event: Parameters<typeof eompStep>[0]["event"]) => run(eompStep, { event });
  const params: Params = {};
  if (out.kind === "instruction") {
    for (const [k, v] of Object.entries(out.params)) if (v !== null && v !== undefined) params[k] = typeof v === "boolean" ? String(v) : v;
  }
  const key = out.kind === "instruction" ? `formats.eomp.${out.code}` : "";
  const text = bdiText((n) => {
    const p = { ...params };
    if (typeof p.seat === "string" && view.seatNames[p.seat]) p.seat = n(view.seatNames[p.seat]);
    if (key && tr.has(key)) {
      try {
        return tr(key, p);
      } catch {
        return out.text;
      }
    }
    return out.text;
  });
  const m = state.mode;
  const betweenGames = m.m === "TIEBREAK_SETUP" || (m.m === "PLAYING" && !m.inGame);
  const seatLabel = out.kind === "instruction" && typeof out.params.seat === "string" ? out.params.seat : null;
  // a team-turn seat ("1"/"2") is a whole team: show its name alone ("Turn 5: 1 (…)")
  const seatTeam = seatLabel && /^\d+$/.test(seatLabel) ? view.teams.find((x) => x.slot === view.seatSlots[seatLabel])?.name : undefined;
  const seatNow = seatLabel ? (seatTeam ?? view.seatNames[seatLabel] ?? seatLabel) : null;
  const multi = view.preset.bestOf > 1;
  const allowed = new Set(view.allowed);
  const seatsAlive = g?.duelistLp ? view.preset.seats.filter((s) => !g.eliminations.some((e) => e.seat === s)) : [];
  return (
    <div className="space-y-3">
      <section className="card space-y-2" aria-labelledby="eomp-now">
        <h3 id="eomp-now" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
          {t("now")}
        </h3>
        {g && seatNow && (
          <p className="text-lg font-bold" data-testid="eomp-turn">
            {bdiText((n) => t("turnOf", { turn: g.turn, seat: n(seatNow) }))}
          </p>
        )}
        {g && m.m === "FINISH_PHASE" && (
          <p data-testid="eomp-phase">{t("phaseNow", { phase: t(`phases.${g.phase}`, { game: view.preset.game }) })}</p>
        )}
        {m.m === "EXTRA_TURN" && (
          <p className="badge bg-amber-100 text-amber-900" data-testid="eomp-counter">
            {t("extraTurn", { index: m.index, total: m.total })}
          </p>
        )}
        {m.m === "TIEBREAK_TURN" && (
          <p className="badge bg-amber-100 text-amber-900" data-testid="eomp-counter">
            {t("tiebreakTurn", { game: view.preset.game, index: m.index, total: m.total })}
          </p>
        )}
        {m.m === "FIRST_LP_CHANGE" && (
          <p className="badge bg-red-100 text-red-900" data-testid="eomp-sudden">
            {t("suddenDeath", { game: view.preset.game })}
          </p>
        )}
        {m.m === "TURN_BY_TURN" && <p className="badge bg-red-100 text-red-900">{t("turnByTurn", { game: view.preset.game })}</p>}
        <p className="rounded-lg bg-brand-50 p-3 text-brand-900" data-testid="eomp-instruction">
          {text}
        </p>
        {/* Between games (incl. before the tie-break game) the previous game's LP mean nothing: the
            next game starts from the preset's life (engine GAME_STARTED, RULES §3.1 step 5). */}
        {g && betweenGames && (
          <p className="rounded bg-slate-100 p-2 text-sm font-semibold" data-testid="eomp-lp-next">
            {t("nextGameLp", { game: view.preset.game, lp: view.preset.lifeStart })}
          </p>
        )}
        {g && !betweenGames && (
          <ul className="grid grid-cols-2 gap-2 text-sm" data-testid="eomp-lp">
            {view.teams.map((tm) => (
              <li key={tm.slot} className="min-w-0 rounded bg-slate-100 p-2 font-semibold tabular-nums">
                {bdiText((n) => t("lpNow", { game: view.preset.game, team: n(tm.name), lp: g.lp[tm.slot === 1 ? "slot1" : "slot2"] }))}
              </li>
            ))}
          </ul>
        )}
        {multi && (
          <p className="text-sm text-slate-600">
            {t("games", { game: view.preset.game, g1: state.games.slot1, g2: state.games.slot2, drawn: state.games.drawn })}
          </p>
        )}
      </section>
      <section className="space-y-2" aria-label={t("steps")}>
        <Alert error={error} />
        {allowed.has("PHASE_FINISHED") && (
          <Big onClick={() => step({ type: "PHASE_FINISHED" })} disabled={pending} testId="step-phase">
            {t("PHASE_FINISHED")}
          </Big>
        )}
        {allowed.has("TURN_ENDED") && (
          <Big onClick={() => step({ type: "TURN_ENDED" })} disabled={pending} testId="step-turn">
            {t("TURN_ENDED")}
          </Big>
        )}
        {allowed.has("LP_CHANGED") && g && (
          <form
            className="card space-y-2"
            onSubmit={(e) => {
              e.preventDefault();
              const n = (s: string) => Number(s);
              step(
                g.duelistLp
                  ? { type: "LP_CHANGED", duelistLp: Object.fromEntries(seatsAlive.map((s) => [s, n(lp[s])])) }
                  : { type: "LP_CHANGED", lp: { slot1: n(lp.slot1), slot2: n(lp.slot2) } },
              );
            }}
          >
            <div className="grid grid-cols-2 gap-2">
              {g.duelistLp
                ? seatsAlive.map((s) => (
                    <label key={s} className="min-w-0 text-sm">
                      {bdiText((n) => t("lpOfSeat", { game: view.preset.game, seat: n(view.seatNames[s] ?? s) }))}
                      <input
                        className="input mt-1"
                        type="number"
                        inputMode="numeric"
                        min={0}
                        max={view.preset.lpMax}
                        value={lp[s] ?? ""}
                        onChange={(e) => setLp({ ...lp, [s]: e.target.value })}
                      />
                    </label>
                  ))
                : view.teams.map((tm) => (
                    <label key={tm.slot} className="min-w-0 text-sm">
                      {bdiText((n) => t("lpOf", { game: view.preset.game, team: n(tm.name) }))}
                      <input
                        className="input mt-1"
                        type="number"
                        inputMode="numeric"
                        min={0}
                        max={view.preset.lpMax}
                        value={lp[`slot${tm.slot}`]}
                        onChange={(e) => setLp({ ...lp, [`slot${tm.slot}`]: e.target.value })}
                      />
                    </label>
                  ))}
            </div>
            <button type="submit" className="btn-secondary w-full justify-center py-3" disabled={pending} data-testid="step-lp">
              {t("recordLp", { game: view.preset.game })}
            </button>
          </form>
        )}
        {/* 2HG shared life (CR 810.9, C57): effects on one player or on each player, as team totals */}
        {allowed.has("LP_CHANGED") && g && !g.duelistLp && view.preset.game === "MTG" && view.preset.teamSize === 2 && (
          <TeamLifeStep
            teams={view.teams}
            life={g.lp}
            lpMax={view.preset.lpMax}
            disabled={pending}
            onApply={(next) => step({ type: "LP_CHANGED", lp: next })}
          />
        )}
        {allowed.has("DUELIST_ELIMINATED") &&
          seatsAlive.map((s) => (
            <Big key={s} secondary onClick={() => step({ type: "DUELIST_ELIMINATED", seat: s })} disabled={pending}>
              {bdiText((n) => t("eliminated", { seat: n(view.seatNames[s] ?? s) }))}
            </Big>
          ))}
        {allowed.has("GAME_STARTED") && (
          <div className="card space-y-2">
            {/* the tie-break game's Side Deck rule is in the instruction (UDE: no Side Deck, §3.1 step 5) */}
            {multi && m.m !== "TIEBREAK_SETUP" && (
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={sided} onChange={(e) => setSided(e.target.checked)} /> {t("sided")}
              </label>
            )}
            {view.teams.map((tm) => (
              <Big
                key={tm.slot}
                onClick={() => step({ type: "GAME_STARTED", firstSlot: tm.slot, sided })}
                disabled={pending}
                testId={`step-first-${tm.slot}`}
              >
                {bdiText((n) => t("goesFirst", { team: n(tm.name) }))}
              </Big>
            ))}
          </div>
        )}
        {allowed.has("GAME_ENDED") && (
          <details className="card">
            <summary className="cursor-pointer font-semibold">{t("gameEnded", { game: view.preset.game })}</summary>
            <div className="mt-2 space-y-2">
              <label className="text-sm">
                {t("reason")}
                <select className="input mt-1" value={reason} onChange={(e) => setReason(e.target.value as GameEndReason)}>
                  {["LP_ZERO", "DECK_OUT", "SPECIAL_WIN", "CONCESSION", "GAME_LOSS_PENALTY"].map((r) => (
                    <option key={r} value={r}>
                      {t(`reasons.${r}`, { game: view.preset.game })}
                    </option>
                  ))}
                </select>
              </label>
              {view.teams.map((tm) => (
                <Big key={tm.slot} secondary onClick={() => step({ type: "GAME_ENDED", winner: tm.slot, reason })} disabled={pending}>
                  {bdiText((n) => t("winsGame", { game: view.preset.game, team: n(tm.name) }))}
                </Big>
              ))}
              <Big secondary onClick={() => step({ type: "GAME_ENDED", winner: null, reason: "DRAW" })} disabled={pending}>
                {t("drawnGame", { game: view.preset.game })}
              </Big>
            </div>
          </details>
        )}
        <button
          type="button"
          className="text-sm text-red-700 underline"
          disabled={pending}
          onClick={() => {
            if (confirm(t("cancelConfirm"))) run(eompCancel, {});
          }}
        >
          {t("cancel")}
        </button>
      </section>
      <p className="sr-only" aria-live="polite">
        {pending ? t("working") : ""}
      </p>
    </div>
  );
}

function Recorded({ view }: { view: WizardView }) {
  const t = useTranslations("live.eomp");
  const tr = useTranslations();
  const o = view.outcome;
  const r = view.state?.result;
  const outcome = o?.outcome ?? r?.outcome;
  const winner = o?.winnerSlot ?? r?.winner ?? null;
  const reason = o?.reason ?? r?.reason ?? null;
  const team = view.teams.find((x) => x.slot === winner)?.name ?? "";
  const multi = view.preset.bestOf > 1;
  const reasonKey = reason ? `formats.reasons.${reason}` : null;
  return (
    <section className="card space-y-2 border-green-300 bg-green-50" aria-labelledby="eomp-result" data-testid="eomp-result">
      <h3 id="eomp-result" className="font-semibold text-green-900">
        {t("resultTitle")}
      </h3>
      <p className="text-xl font-bold" data-testid="eomp-outcome">
        {outcome === "WIN" ? bdiText((n) => t("winner", { team: n(team) })) : outcome === "DRAW" ? t("draw") : t("doubleLoss")}
      </p>
      {reasonKey && (
        <p data-testid="eomp-reason">
          {tr.has(reasonKey) ? tr(reasonKey, { outcome: outcome ?? "", winner: winner ?? 0, game: view.preset.game }) : reason}
        </p>
      )}
      {r && multi && (
        <p className="text-sm text-slate-600">
          {t("games", { game: view.preset.game, g1: r.games.slot1, g2: r.games.slot2, drawn: r.games.drawn })}
        </p>
      )}
    </section>
  );
}
