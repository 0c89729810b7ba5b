/**
 * Read model of the end-of-match wizard page (server only): the match, its teams and duelists,
 * the stored engine state (Match.eompState) and what the engine says now — the instruction
 * (lib/formats/eomp prompt), the allowed steps, and a name for every seat of the game in progress
 * ("1B" → "1B (Ana Souza)": team 1 is the team that went first in this game, RULES §1.5).
 */
import { lpEntryMax } from "@/lib/formats/lpEntry";
import { notFound } from "next/navigation";
import { db } from "@/lib/db";
import { getPreset, type Preset, type PresetSettings, resolveSettings } from "@/lib/formats/presets";
import { allowedSteps, procedureFor, prompt, type EompState, type EompEventType, type EompOutput } from "@/lib/formats/eomp";
import { allSeats, isIndependent, seatsOfTeam, teamOfSeat } from "@/lib/formats/turns";

export interface WizardTeam {
  slot: 1 | 2;
  name: string;
  duelists: { designation: string; name: string }[];
}

export interface WizardView {
  eventId: string;
  matchId: string;
  table: number;
  version: number;
  roundNumber: number;
  roundLive: boolean;
  /**
   * bestOf: games per match (presets.ts; 1 → no between-games / game-count / Side Deck controls); noBattleTurns: for battlePhaseAllowed.
   */
  preset: {
    id: string;
    game: Preset["game"];
    lifeStart: number;
    /** lib/formats lpEntryMax: the LP inputs' max (server bound). */ lpMax: number;
    independent: boolean;
    seats: string[];
    teamSize: number;
    bestOf: 1 | 3;
    noBattleTurns: number;
  };
  settings: PresetSettings;
  teams: WizardTeam[];
  state: EompState | null;
  output: EompOutput | null;
  allowed: EompEventType[];
  /** Seat label → "1B (Ana Souza)" for the game in progress (empty without a game). */
  seatNames: Record<string, string>;
  /** Seat label → pairing slot of its team, for the game in progress. */
  seatSlots: Record<string, 1 | 2>;
  outcome: { outcome: string; winnerSlot: number | null; reason: string | null } | null;
  /** Whether the start form asks for the phase: phase-based procedures (lib/formats/eomp procedureFor family "phase"), and Magic. */
  phaseAsked: boolean;
}

/**
 * Names each seat of a game: team 1 (seats "1A","1B" or independent "1A","3A") is the team in
 * slot `firstSlot`; the i-th seat of a team is its i-th duelist by designation (A, B). Team-turn
 * presets (1v1, 2HG: seats "1","2") name the team.
 */
export function seatLabels(
  presetId: string,
  firstSlot: 1 | 2,
  teams: WizardTeam[],
): { names: Record<string, string>; slots: Record<string, 1 | 2> } {
  const preset = getPreset(presetId);
  const names: Record<string, string> = {},
    slots: Record<string, 1 | 2> = {};
  for (const seat of allSeats(preset)) {
    const team = teamOfSeat(preset, seat);
    const slot: 1 | 2 = team === 1 ? firstSlot : firstSlot === 1 ? 2 : 1;
    const t = teams.find((x) => x.slot === slot);
    const idx = seatsOfTeam(preset, team).indexOf(seat);
    const who = preset.teamSize === 2 && preset.game !== "MTG" ? t?.duelists[idx]?.name : t?.name;
    names[seat] = who ? `${seat} (${who})` : seat;
    slots[seat] = slot;
  }
  return { names, slots };
}

/** Loads the wizard's view of a match of an event; 404 when the match is not in that event. */
export async function wizardView(eventId: string, matchId: string): Promise<WizardView> {
  const match = await db().match.findUnique({
    where: { id: matchId },
    include: {
      round: { include: { event: true } },
      teams: { orderBy: { slot: "asc" }, include: { team: { include: { duelists: { orderBy: { designation: "asc" } } } } } },
    },
  });
  if (!match || match.round.eventId !== eventId) notFound();
  const event = match.round.event;
  const preset = getPreset(event.formatPreset);
  const settings = resolveSettings(preset, event.settings as Partial<PresetSettings>);
  const teams: WizardTeam[] = match.teams.map((s) => ({
    slot: s.slot as 1 | 2,
    name: s.team.name,
    duelists: s.team.duelists.map((d) => ({ designation: d.designation, name: d.name })),
  }));
  const state = (match.eompState as unknown as EompState | null) ?? null;
  const labels = state?.game ? seatLabels(preset.id, state.game.firstSlot, teams) : { names: {}, slots: {} };
  let output: EompOutput | null = null;
  if (state) {
    output =
      state.mode.m === "DONE" && state.result
        ? { kind: "result", result: state.result, reason: state.result.reason, text: "" }
        : prompt(state);
  }
  return {
    eventId,
    matchId,
    table: match.table,
    version: match.version,
    roundNumber: match.round.number,
    roundLive: match.round.status === "PUBLISHED",
    preset: {
      id: preset.id,
      game: preset.game,
      lifeStart: preset.life.start,
      lpMax: lpEntryMax(preset),
      independent: isIndependent(preset),
      seats: [...allSeats(preset)],
      teamSize: preset.teamSize,
      bestOf: preset.bestOf,
      noBattleTurns: preset.noBattleTurns,
    },
    settings,
    teams,
    state,
    output,
    allowed: state ? allowedSteps(state) : [],
    seatNames: labels.names,
    seatSlots: labels.slots,
    outcome: match.outcome ? { outcome: match.outcome, winnerSlot: match.winnerSlot, reason: match.endReason } : null,
    // Yu-Gi-Oh! turn-based procedures (UDE, Tag 2013, older 1v1) finish the turn: no phase asked.
    // Magic keeps its phase list for now (the 2HG procedure counts whole turns too; its wizard
    // steps are being reworked separately), the server accepts it either way.
    phaseAsked:
      preset.game === "MTG" ||
      procedureFor({ preset: preset.id, settings, stage: match.round.kind === "TOP_CUT" ? "single_elimination" : "swiss" }).family ===
        "phase",
  };
}

/** Per-match extension rows of a round (TimerActivation with matchId), as lib/timer activations by match id. */
export async function matchExtensions(roundId: string): Promise<Record<string, { action: "ADD"; at: number; seconds: number }[]>> {
  const rows = await db().timerActivation.findMany({ where: { roundId, matchId: { not: null }, action: "ADD" }, orderBy: { at: "asc" } });
  const out: Record<string, { action: "ADD"; at: number; seconds: number }[]> = {};
  for (const r of rows) (out[r.matchId!] ??= []).push({ action: "ADD", at: r.at.getTime(), seconds: r.seconds });
  return out;
}
