/** Registry of every server action by name (see lib/server/action.ts and app/actions.ts). */
import type { ActionResult } from "@/lib/server/errors";

/** What the registry needs of an action (input types differ per action). */
type AnyAction = { name: string; handle(userId: string | null, raw: unknown): Promise<ActionResult<unknown>> };
import { claimDuelist, issueResetCode, resetPassword, signUpWithClaim } from "./accounts";
import { addJudge, createEvent, removeJudge, updateEvent } from "./events";
import { dropTeam, registerTeam, updateTeam } from "./teams";
import { closeRound, pairNextRound, publishRound, reportResult, roundClock } from "./rounds";
import { importBanlist, importCards, publishDecklists, submitDecklist, unlockDecklist } from "./decklists";

export const ACTIONS = {
  signUpWithClaim, claimDuelist, resetPassword, issueResetCode,
  createEvent, updateEvent, addJudge, removeJudge,
  registerTeam, updateTeam, dropTeam,
  importCards, importBanlist, submitDecklist, unlockDecklist, publishDecklists,
  pairNextRound, publishRound, roundClock, reportResult, closeRound,
} satisfies Record<string, AnyAction>;

export type ActionName = keyof typeof ACTIONS;
