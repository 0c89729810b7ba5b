/**
 * zod fields for names (issue #12 "Names"), applying lib/teams' rules to every name field:
 * team, duelist, event, display name, F&L list name. A refused name is a field error:
 * NAME_CHARS (NUL, lone surrogate, bidi override/isolate) or NAME_INVISIBLE (nothing left once
 * invisible characters are removed); the accepted value is stored normalized (NFC, spaces
 * collapsed, trimmed; ZWJ/ZWNJ inside the name kept).
 */
import { z } from "zod";
import type { Tx } from "@/lib/db";
import { ActionError } from "@/lib/errors";
import { nameProblem, normalizeTeamName, sameTeamName } from "@/lib/teams";

/** A required name of `min`…`max` characters (after normalizing). `message` names the empty case. */
export function nameText(opts: { min?: number; max: number; required?: string }) {
  const min = opts.min ?? 1;
  return z
    .string()
    .superRefine((s, ctx) => {
      const p = nameProblem(s);
      // Blank input is "required" (below); typed-but-invisible is NAME_INVISIBLE.
      if (p === "NAME_CHARS" || (p === "NAME_INVISIBLE" && s.trim() !== "")) ctx.addIssue({ code: "custom", message: p });
    })
    .transform(normalizeTeamName)
    .pipe(
      min > 1
        ? z
            .string()
            .min(1, opts.required ?? "is required")
            .min(min, `at least ${min} characters`)
            .max(opts.max)
        : z
            .string()
            .min(1, opts.required ?? "is required")
            .max(opts.max),
    );
}

/**
 * A free-text field (notes, reasons, a venue, an infraction's wording): trimmed, at most `max`
 * characters; NUL is refused with the field error TEXT_NUL (Postgres text cannot hold it — it
 * would end as an internal error). Other characters are kept as typed.
 */
export function plainText(max: number, tooLong?: string) {
  return z
    .string()
    .trim()
    .max(max, tooLong)
    .refine((s) => !s.includes("\u0000"), "TEXT_NUL");
}

/**
 * Refuses a team name another team of the event already has (issue #12 "Names": case-insensitive
 * after Unicode normalization, lib/teams sameTeamName), read in the caller's transaction;
 * `exceptTeamId` is the team being renamed. @throws ActionError TEAM_NAME_TAKEN (field `name`)
 */
export async function assertTeamNameFree(tx: Tx, eventId: string, name: string, exceptTeamId?: string): Promise<void> {
  const others = await tx.team.findMany({
    where: { eventId, ...(exceptTeamId ? { id: { not: exceptTeamId } } : {}) },
    select: { name: true },
  });
  const clash = sameTeamName(name, others);
  if (clash)
    throw new ActionError("TEAM_NAME_TAKEN", `A team named "${clash.name}" is already registered.`, "name", {
      what: "named",
      name: clash.name,
    });
}
