/**
 * Card database and F&L list imports, decklist submission and locking (issues #2, #4).
 * Parsing and legality are lib/decks; this layer validates, authorizes, stores, audits.
 */
import { z } from "zod";
import { ActionError } from "@/lib/errors";
import { audit, defineAction, detailedError } from "@/lib/server/action";
import { requireSignedIn, requireStaff, staffRole } from "@/lib/auth/actor";
import { decklistWindow, parseDecklist, parseForgeFormat, parseLflist } from "@/lib/decks";
import { eventRules } from "@/lib/server/write/eventRules";
import { cardIndex } from "@/lib/server/write/cards";
import { createCardJob, precheckCardFile, runCardJob } from "@/lib/server/write/cardImport";
import { capErrors, requireReadableText, uploadBytes, uploadText } from "@/lib/server/write/uploads";
import { nameProblem } from "@/lib/teams";
import { recheckEvent, recheckTeam, toSections } from "@/lib/server/write/decklists";
import type { Prisma } from "@/lib/generated/prisma/client";

/** Entries of one F&L list at most (the card database's row cap; real lists hold a few thousand). */
export const MAX_LIST_ENTRIES = 50_000;

/**
 * Parse errors as action details, one per line, capped: the first 20, then "… and N more"
 * (code MORE, params {count}); a file of 100,000 bad lines answers in a few KB (issue #12).
 */
function lineErrors(errors: readonly { line: number; code: string; params: Record<string, string | number>; message: string }[]) {
  return capErrors(
    errors.map((e) => ({ line: e.line, code: e.code, params: e.params, message: e.message })),
    (count) => ({ line: 0, code: "MORE", params: { count }, message: `… and ${count.toLocaleString("en-US")} more` }),
  );
}

/**
 * Organizer account: start an import of the Yu-Gi-Oh! card database from an EDOPro/YGOPro `.cdb`
 * or YGOPRODeck card JSON (at most UPLOAD_MAX_BYTES). The action only creates the job (one audit
 * row "cards.importStarted"); the import runs in the background after the commit
 * (lib/server/write/cardImport.ts) and the page polls GET /api/cards/jobs/:id. A page upload may only
 * add passcodes; changing stored cards needs `npm run cards:import -- FILE --allow-changes`.
 * Output: {jobId}.
 */
export const importCards = defineAction({
  name: "importCards",
  input: z.object({ bytes: uploadBytes(), fileName: z.string().max(200).optional() }),
  async run({ tx, actor, input }) {
    requireSignedIn(actor);
    if (!actor.isOrganizer)
      throw new ActionError("FORBIDDEN", "Only organizer accounts can import the card database.", undefined, { what: "importCards" });
    precheckCardFile(input.bytes, input.fileName);
    const job = await createCardJob(tx, { userId: actor.userId, fileName: input.fileName ?? null, allowChanges: false });
    await audit(tx, {
      eventId: null,
      actor,
      action: "cards.importStarted",
      entity: "CardImportJob",
      entityId: job.id,
      after: { file: input.fileName ?? null, bytes: input.bytes.byteLength },
    });
    return { jobId: job.id };
  },
  afterCommit(out, input) {
    void runCardJob(out.jobId, input.bytes, { fileName: input.fileName ?? null, allowChanges: false });
  },
});

/**
 * Organizer: import a Forbidden/Limited list (EDOPro `lflist.conf` for Yu-Gi-Oh!, a Forge format
 * file for Magic), pin it to the event, and re-check every decklist. A file with several lists
 * needs `listName`. Lists are stored once per (game, name).
 */
export const importBanlist = defineAction({
  name: "importBanlist",
  input: z.object({
    eventId: z.string().min(1),
    text: uploadText().pipe(z.string().min(1, "the file is empty")),
    fileName: z.string().max(200).optional(),
    listName: z
      .string()
      .trim()
      .max(120)
      .refine((s) => nameProblem(s) !== "NAME_CHARS", "NAME_CHARS")
      .optional(),
  }),
  async run({ tx, actor, input }) {
    await requireStaff(tx, actor, input.eventId, "ORGANIZER");
    requireReadableText(input.text, "text");
    const { event, preset } = await eventRules(tx, input.eventId);
    const game = preset.game;
    let name: string, isWhitelist: boolean, entries: { passcode: number | null; cardName: string | null; limit: number }[];
    if (game === "YGO") {
      const r = parseLflist(input.text);
      if (!r.ok) throw detailedError("BAD_LFLIST", r.errors[0].message, lineErrors(r.errors), "text");
      if (r.banlists.length === 0) throw new ActionError("BAD_LFLIST", "The file has no '!name' list.", "text", { what: "noList" });
      const list = input.listName ? r.banlists.find((b) => b.name === input.listName) : r.banlists.length === 1 ? r.banlists[0] : undefined;
      if (!list) {
        const lists = input.listName
          ? r.banlists.map((b) => b.name).join(", ")
          : `${r.banlists
              .slice(0, 12)
              .map((b) => b.name)
              .join(", ")}${r.banlists.length > 12 ? ", …" : ""}`;
        throw new ActionError(
          "CHOOSE_LIST",
          input.listName
            ? `The file has no list named "${input.listName}". Lists in it: ${lists}.`
            : `The file holds ${r.banlists.length} lists; choose one: ${lists}.`,
          "listName",
          input.listName ? { what: "missing", name: input.listName, lists } : { what: "choose", count: r.banlists.length, lists },
        );
      }
      name = list.name;
      isWhitelist = list.isWhitelist;
      entries = [...list.entries].map(([passcode, limit]) => ({ passcode, cardName: null, limit }));
    } else {
      const r = parseForgeFormat(input.text);
      if (!r.ok) throw detailedError("BAD_BANLIST", r.errors[0].message, lineErrors(r.errors), "text");
      name = r.list.name;
      isWhitelist = false;
      entries = [...r.list.entries].map(([cardName, limit]) => ({ passcode: null, cardName, limit }));
    }
    if (entries.length > MAX_LIST_ENTRIES)
      throw new ActionError(
        "LIST_TOO_LARGE",
        `The list "${name}" has ${entries.length.toLocaleString("en-US")} entries; at most ` +
          `${MAX_LIST_ENTRIES.toLocaleString("en-US")} are accepted.`,
        "text",
        { name, count: entries.length, max: MAX_LIST_ENTRIES },
      );
    let stored = await tx.banlist.findUnique({ where: { game_name: { game, name } }, include: { entries: true } });
    if (stored) {
      const key = (e: { passcode: number | null; cardName: string | null; limit: number }) => `${e.passcode ?? e.cardName}:${e.limit}`;
      const same =
        stored.isWhitelist === isWhitelist &&
        stored.entries.length === entries.length &&
        new Set(stored.entries.map(key)).size === new Set([...stored.entries.map(key), ...entries.map(key)]).size;
      if (!same)
        throw new ActionError(
          "LIST_NAME_TAKEN",
          `A different list named "${name}" is already stored. Rename the list in the file (its '!name' or 'Name:' line) to keep both.`,
          "text",
          { name },
        );
    } else {
      stored = await tx.banlist.create({ data: { game, name, isWhitelist, source: input.fileName ?? null }, include: { entries: true } });
      // One set-based statement (not one bind parameter per field): 50,000 entries stay well under
      // the 2 s a request may hold the embedded database's single connection (issue #12).
      await tx.$executeRawUnsafe(
        `INSERT INTO "BanlistEntry" (id, "banlistId", passcode, "cardName", "limit")
         SELECT $1 || '-' || u.ord, $1, u.passcode, u.card_name, u.lim
          FROM unnest($2::int[], $3::text[], $4::int[]) WITH ORDINALITY AS u(passcode, card_name, lim, ord)`,
        stored.id,
        entries.map((e) => e.passcode),
        entries.map((e) => e.cardName),
        entries.map((e) => e.limit),
      );
    }
    await tx.event.update({ where: { id: event.id }, data: { banlistId: stored.id } });
    const rechecked = await recheckEvent(tx, event.id);
    await audit(tx, {
      eventId: event.id,
      actor,
      action: "event.importBanlist",
      entity: "Banlist",
      entityId: stored.id,
      before: { banlistId: event.banlistId },
      after: { banlistId: stored.id, name, entries: entries.length, rechecked },
    });
    return { banlistId: stored.id, name, entries: entries.length, isWhitelist };
  },
});

/**
 * A duelist submits (or replaces) their own decklist; a judge may submit for any duelist of the
 * event. Refused when the list is locked, or after the deadline for non-staff. Parse errors name
 * the line; the legality result (per duelist and per team) is stored and shown, not blocking.
 */
export const submitDecklist = defineAction({
  name: "submitDecklist",
  input: z.object({
    duelistId: z.string().min(1),
    text: uploadText().pipe(z.string().min(1, "the decklist is empty")),
    fileName: z.string().max(200).optional(),
  }),
  async run({ tx, actor, input }) {
    const userId = requireSignedIn(actor);
    const duelist = await tx.duelist.findUnique({ where: { id: input.duelistId }, include: { decklist: true } });
    if (!duelist) throw new ActionError("NOT_FOUND", "No such duelist.", "duelistId", { what: "duelist" });
    const role = await staffRole(tx, userId, duelist.eventId);
    if (!role && duelist.userId !== userId)
      throw new ActionError("FORBIDDEN", "You can submit only your own decklist.", undefined, { what: "ownDecklist" });
    const rules = await eventRules(tx, duelist.eventId);
    const { event, preset, settings } = rules;
    if (event.status === "FINISHED") throw new ActionError("EVENT_FINISHED", "This event is finished.");
    const unlockedAt = duelist.decklist?.unlockedAt ?? null;
    const window = decklistWindow({
      isStaff: Boolean(role),
      locked: duelist.decklist?.locked ?? false,
      deadline: event.decklistDeadline,
      now: new Date(),
      submittedAt: duelist.decklist?.submittedAt ?? null,
      unlockedAt,
    });
    if (!window.open && window.code === "DECKLIST_LOCKED")
      throw new ActionError("DECKLIST_LOCKED", "This decklist is locked. A judge can unlock it.");
    // Issue #16: the refusal names the deadline (formatted in the user's language and the event's
    // time zone by lib/i18n/actionErrors; the English text uses the same time zone).
    if (!window.open) {
      const deadline = event.decklistDeadline!;
      const en = new Intl.DateTimeFormat("en", { timeZone: event.timeZone, dateStyle: "medium", timeStyle: "short" }).format(deadline);
      throw new ActionError("DEADLINE_PASSED", `The decklist deadline (${en}) has passed. Ask a judge.`, undefined, {
        deadline: deadline.getTime(),
        timeZone: event.timeZone,
      });
    }
    requireReadableText(input.text, "text");
    const cards = preset.game === "YGO" ? await cardIndex(tx) : undefined;
    const parsed = parseDecklist(input.text, { filename: input.fileName, game: preset.game, cards });
    if (!parsed.ok) {
      throw detailedError("BAD_DECKLIST", parsed.errors[0].message, lineErrors(parsed.errors), "text");
    }
    if (parsed.game !== preset.game) {
      throw new ActionError(
        "WRONG_GAME",
        `That is a ${parsed.game === "MTG" ? "Magic" : "Yu-Gi-Oh!"} decklist (${parsed.format}), but this event is ` +
          `${preset.game === "MTG" ? "Magic" : "Yu-Gi-Oh!"}.`,
        "text",
        { listGame: parsed.game, format: parsed.format, eventGame: preset.game },
      );
    }
    const sections = toSections(parsed as Parameters<typeof toSections>[0]);
    const lockNow = settings.decklistChanges === "locked_on_submit" && !role;
    const data = {
      eventId: event.id,
      sourceFormat: parsed.format,
      rawText: input.text,
      sections: sections as unknown as Prisma.InputJsonValue,
      legality: {},
      isLegal: false,
      locked: lockNow,
      submittedById: userId,
      submittedAt: new Date(),
    };
    const before = duelist.decklist
      ? { format: duelist.decklist.sourceFormat, version: duelist.decklist.version, isLegal: duelist.decklist.isLegal }
      : null;
    const saved = duelist.decklist
      ? await tx.decklist.update({ where: { id: duelist.decklist.id }, data: { ...data, version: { increment: 1 } } })
      : await tx.decklist.create({ data: { ...data, duelistId: duelist.id } });
    await recheckTeam(tx, event.id, duelist.teamId, rules);
    const after = await tx.decklist.findUniqueOrThrow({ where: { id: saved.id } });
    await audit(tx, {
      eventId: event.id,
      actor,
      action: duelist.decklist ? "decklist.replace" : "decklist.submit",
      entity: "Decklist",
      entityId: saved.id,
      before,
      after: { format: after.sourceFormat, version: after.version, isLegal: after.isLegal },
    });
    return { decklistId: saved.id, isLegal: after.isLegal, legality: after.legality };
  },
});

/** Judge: unlock a decklist so its duelist can replace it. */
export const unlockDecklist = defineAction({
  name: "unlockDecklist",
  input: z.object({ decklistId: z.string().min(1) }),
  async run({ tx, actor, input }) {
    const list = await tx.decklist.findUnique({ where: { id: input.decklistId } });
    if (!list) throw new ActionError("NOT_FOUND", "No such decklist.", "decklistId", { what: "decklist" });
    await requireStaff(tx, actor, list.eventId, "JUDGE");
    // unlockedAt opens the window for one replacement after the deadline (lib/decks decklistWindow).
    const unlockedAt = new Date();
    await tx.decklist.update({ where: { id: list.id }, data: { locked: false, unlockedAt } });
    await audit(tx, {
      eventId: list.eventId,
      actor,
      action: "decklist.unlock",
      entity: "Decklist",
      entityId: list.id,
      before: { locked: list.locked },
      after: { locked: false },
    });
    return { unlocked: true };
  },
});

/** Organizer: publish (or hide again) every decklist of the event. */
export const publishDecklists = defineAction({
  name: "publishDecklists",
  input: z.object({ eventId: z.string().min(1), published: z.boolean() }),
  async run({ tx, actor, input }) {
    await requireStaff(tx, actor, input.eventId, "ORGANIZER");
    const before = await tx.event.findUniqueOrThrow({ where: { id: input.eventId } });
    await tx.event.update({ where: { id: input.eventId }, data: { decklistsPublished: input.published } });
    await audit(tx, {
      eventId: input.eventId,
      actor,
      action: "decklists.publish",
      entity: "Event",
      entityId: input.eventId,
      before: { decklistsPublished: before.decklistsPublished },
      after: { decklistsPublished: input.published },
    });
    return { published: input.published };
  },
});
