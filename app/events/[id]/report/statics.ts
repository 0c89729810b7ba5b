/**
 * The report page's per-event props (issue #15): what depends only on the event's preset and
 * settings, computed once by the server page and handed to the client component with the card.
 * A plain module (not "use client"), so the server page gets the real values.
 */

/** What the report form offers in a round of one kind (lib/formats resultEntryRule, timeCalledMode, timeLpPrompt). */
export interface KindRules {
  timeMode: "compare" | "draw" | "double_loss";
  allowDraw: boolean;
  allowTime: boolean;
  /** Which LP to enter when time is called, in words. */
  lpHint: string;
}

/** Per-event props of the report page, from the preset and settings (the same for every card version). */
export interface ReportStatics {
  game: "YGO" | "MTG";
  bestOf: 1 | 3;
  /** lib/formats lpEntryMax: the largest LP total the server accepts. */
  lpMax: number;
  /** Swiss rounds and top-cut rounds. */
  kinds: { SWISS: KindRules; TOP_CUT: KindRules };
  labels: {
    /** "vs" between the two team names (pairings.versus). */
    versus: string;
    /** The confirm box heading with TEAM_TOKEN where the other team's name goes. */
    confirmHeading: string;
    confirmAsk: string;
    confirmButton: string;
    confirmOther: string;
    confirmDone: string;
    confirmReplacesOwn: string;
  };
}

/** Stands for the team name in {@link ReportStatics} `labels.confirmHeading` (a private-use character, never in a translation). */
export const TEAM_TOKEN = "\uE0FF";
