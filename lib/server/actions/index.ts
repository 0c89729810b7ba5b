/** Registry of every server action by name (see lib/server/action.ts and app/actions.ts). */
import type { ActionResult } from "@/lib/server/errors";

/** What the registry needs of an action (input types differ per action). */
type AnyAction = { name: string; handle(userId: string | null, raw: unknown): Promise<ActionResult<unknown>> };
import { claimDuelist, issueResetCode, resetPassword, signUpWithClaim } from "./accounts";
import { addJudge, createEvent, removeJudge, updateEvent } from "./events";
import { dropTeam, registerTeam, updateTeam } from "./teams";

export const ACTIONS = {
  signUpWithClaim, claimDuelist, resetPassword, issueResetCode,
  createEvent, updateEvent, addJudge, removeJudge,
  registerTeam, updateTeam, dropTeam,
} satisfies Record<string, AnyAction>;

export type ActionName = keyof typeof ACTIONS;
