/** Events and their staff: create (organizer accounts), settings, judges. */
import { z } from "zod";
import { nameText, plainText } from "@/lib/server/write/names";
import { EVENT_NAME, timeZoneText } from "@/lib/fields";
import { ActionError } from "@/lib/errors";
import { audit, defineAction } from "@/lib/server/action";
import { requireSignedIn, requireStaff } from "@/lib/auth/actor";
import { forgetSessionChecks } from "@/lib/auth/sessionVersion";
import { dropInapplicable, getPreset, inapplicableSetting, PRESET_IDS, resolveSettings, type PresetSettings } from "@/lib/formats/presets";
import { hashSecret, newCode } from "@/lib/auth/passwords";
import { username } from "./accounts";
import { eventStarted } from "@/lib/server/write/eventRules";
import { instantOfField } from "@/lib/dates/zoned";
import { addStaff, removeJudgeStaff } from "@/lib/server/write/staff";

/** A date-time field: "" / null = none; without an offset it is read in the event's time zone (lib/dates/zoned). */
const dateTimeField = z.union([z.literal(""), z.null(), z.iso.datetime({ local: true, offset: true })]).optional();

/** Event day "YYYY-MM-DD" (a calendar date, stored as a date without time); "" or null = none. */
const eventDate = z
  .union([z.literal(""), z.null(), z.iso.date()])
  .optional()
  .transform((v) => (v === undefined ? undefined : v ? new Date(`${v}T00:00:00Z`) : null));

/** Venue, free text (e.g. "Game Store, Via Roma 1, Rome"); "" or null = none. */
const eventLocation = z
  .union([z.null(), plainText(160)])
  .optional()
  .transform((v) => (v === undefined ? undefined : v ? v : null));

const settingsInput = z
  .object({
    eomp: z.enum([
      "phase_then_lp",
      "double_loss",
      "turn_plus_three",
      "ude_three_turns",
      "mtg_three_turns",
      "ude2005",
      "konami2010",
      "konami2018",
      "v25",
    ]),
    swissAllowsDraws: z.boolean(),
    listScope: z.enum(["duelist", "team"]),
    independentTimeRule: z.enum(["sum_surviving_lp", "survivors_then_lp", "draw"]).nullable(),
    decklistChanges: z.enum(["until_deadline", "locked_on_submit"]),
    teamCopyRule: z.enum(["combined4", "strict_unified"]).nullable(),
    byeInOwnMw: z.boolean(),
    requireLegalDecklists: z.boolean(),
    tier: z.enum(["1-2", "3-4"]),
    cut2049: z.enum(["none", "top8"]),
    checkInOneSuffices: z.boolean(),
    topCutOpenLists: z.boolean(),
  })
  .partial();

/** An organizer account creates an event and becomes its organizer. Defaults come from the preset. */
export const createEvent = defineAction({
  name: "createEvent",
  input: z.object({
    name: nameText(EVENT_NAME),
    formatPreset: z.enum(PRESET_IDS),
    roundMinutes: z.coerce.number().int().min(5).max(240).optional(),
    // A known IANA zone (lib/fields timeZoneText: the archive import applies the same rule, issue #17).
    timeZone: timeZoneText.default("UTC"),
    decklistDeadline: dateTimeField,
    startsOn: eventDate,
    location: eventLocation,
  }),
  async run({ tx, actor, input }) {
    const userId = requireSignedIn(actor);
    if (!actor.isOrganizer)
      throw new ActionError("FORBIDDEN", "Only organizer accounts can create events.", undefined, { what: "createEvent" });
    const preset = getPreset(input.formatPreset);
    const event = await tx.event.create({
      data: {
        name: input.name,
        formatPreset: preset.id,
        roundMinutes: input.roundMinutes ?? preset.roundMinutes,
        timeZone: input.timeZone,
        decklistDeadline: input.decklistDeadline ? instantOfField(input.decklistDeadline, input.timeZone) : null,
        settings: {},
        startsOn: input.startsOn ?? null,
        location: input.location ?? null,
        staff: { create: { userId, role: "ORGANIZER" } },
      },
    });
    await audit(tx, {
      eventId: event.id,
      actor,
      action: "event.create",
      entity: "Event",
      entityId: event.id,
      after: {
        name: event.name,
        formatPreset: event.formatPreset,
        roundMinutes: event.roundMinutes,
        startsOn: dayOf(event.startsOn),
        location: event.location,
      },
    });
    return { eventId: event.id };
  },
});

/** "YYYY-MM-DD" of a stored event date (a @db.Date reads back as UTC midnight), or null. */
export function dayOf(d: Date | null): string | null {
  return d ? d.toISOString().slice(0, 10) : null;
}

/** Organizer: change name, preset, settings, round length, deadline, F&L list, date, location. */
export const updateEvent = defineAction({
  name: "updateEvent",
  input: z.object({
    eventId: z.string().min(1),
    name: nameText(EVENT_NAME).optional(),
    formatPreset: z.enum(PRESET_IDS).optional(),
    settings: settingsInput.optional(),
    roundMinutes: z.coerce.number().int().min(5).max(240).optional(),
    timeZone: timeZoneText.optional(),
    /** Omitted = unchanged; "" or null = no deadline; without an offset: in the event's time zone (after this change). */
    decklistDeadline: dateTimeField,
    banlistId: z.string().min(1).nullable().optional(),
    startsOn: eventDate,
    location: eventLocation,
  }),
  async run({ tx, actor, input }) {
    await requireStaff(tx, actor, input.eventId, "ORGANIZER");
    const before = await tx.event.findUniqueOrThrow({ where: { id: input.eventId } });
    if (input.formatPreset && input.formatPreset !== before.formatPreset && (await eventStarted(tx, input.eventId))) {
      throw new ActionError("PRESET_LOCKED", "The format preset cannot change after round 1 has started.", "formatPreset");
    }
    if (input.banlistId) {
      const bl = await tx.banlist.findUnique({ where: { id: input.banlistId } });
      if (!bl) throw new ActionError("NOT_FOUND", "No such Forbidden/Limited list.", "banlistId", { what: "banlist" });
    }
    const preset = getPreset(input.formatPreset ?? before.formatPreset);
    // A choice that does not apply to the preset (e.g. a Yu-Gi-Oh! end-of-match procedure in
    // a Magic event) is refused, naming the field; stored choices from another preset are dropped.
    const bad = inapplicableSetting(preset, input.settings ?? {});
    if (bad)
      throw new ActionError(
        "SETTING_NOT_FOR_PRESET",
        `settings.${bad.field}: "${bad.value}" does not apply to the ${preset.id} format.`,
        `settings.${bad.field}`,
        { field: bad.field, value: bad.value, preset: preset.id },
      );
    const merged: PresetSettings = resolveSettings(preset, {
      ...dropInapplicable(preset, before.settings as Partial<PresetSettings>),
      ...(input.settings ?? {}),
    });
    const after = await tx.event.update({
      where: { id: input.eventId },
      data: {
        name: input.name,
        formatPreset: input.formatPreset,
        roundMinutes: input.roundMinutes,
        timeZone: input.timeZone,
        decklistDeadline:
          input.decklistDeadline === undefined
            ? undefined
            : input.decklistDeadline
              ? instantOfField(input.decklistDeadline, input.timeZone ?? before.timeZone)
              : null,
        banlistId: input.banlistId,
        settings: merged as object,
        startsOn: input.startsOn,
        location: input.location,
      },
    });
    await audit(tx, {
      eventId: input.eventId,
      actor,
      action: "event.update",
      entity: "Event",
      entityId: input.eventId,
      before: {
        name: before.name,
        formatPreset: before.formatPreset,
        roundMinutes: before.roundMinutes,
        settings: before.settings as object,
        banlistId: before.banlistId,
        startsOn: dayOf(before.startsOn),
        location: before.location,
      },
      after: {
        name: after.name,
        formatPreset: after.formatPreset,
        roundMinutes: after.roundMinutes,
        settings: after.settings as object,
        banlistId: after.banlistId,
        startsOn: dayOf(after.startsOn),
        location: after.location,
      },
    });
    return { eventId: after.id };
  },
});

/**
 * Organizer: hide an event (`hidden: true`: it leaves the public event list — the demo event, a
 * test run) or show it again. Staff still see it on the list and reach every page; links already
 * printed or shared keep working. "Hide", not "archive" (archives are event files, another issue).
 */
export const setEventHidden = defineAction({
  name: "setEventHidden",
  input: z.object({ eventId: z.string().min(1), hidden: z.boolean() }),
  async run({ tx, actor, input }) {
    await requireStaff(tx, actor, input.eventId, "ORGANIZER");
    const before = await tx.event.findUniqueOrThrow({ where: { id: input.eventId }, select: { hidden: true } });
    await tx.event.update({ where: { id: input.eventId }, data: { hidden: input.hidden } });
    await audit(tx, {
      eventId: input.eventId,
      actor,
      action: input.hidden ? "event.hide" : "event.show",
      entity: "Event",
      entityId: input.eventId,
      before: { hidden: before.hidden },
      after: { hidden: input.hidden },
    });
    return { eventId: input.eventId, hidden: input.hidden };
  },
});

/**
 * Organizer: add a judge by username (issue #10: roles need consent). A NEW username gets an
 * account (created by this organizer) that is a judge at once, with a one-time setup code
 * (returned once, 7 days; the judge sets a password at /reset). An EXISTING account only gets an
 * invitation: it has no access until its owner accepts on /account (`acceptInvitation`).
 * Returns {userId, username, setupCode (new account) | null, invited (existing account)}.
 */
export const addJudge = defineAction({
  name: "addJudge",
  input: z.object({ eventId: z.string().min(1), username, displayName: nameText({ max: 80 }).optional() }),
  async run({ tx, actor, input }) {
    await requireStaff(tx, actor, input.eventId, "ORGANIZER");
    const user = await tx.user.findUnique({ where: { username: input.username } });
    if (user) {
      const existing = await tx.eventStaff.findUnique({ where: { eventId_userId: { eventId: input.eventId, userId: user.id } } });
      if (existing)
        throw new ActionError("ALREADY_STAFF", `${input.username} is already on this event's staff.`, "username", {
          username: input.username,
        });
      const pending = await tx.staffInvitation.findUnique({ where: { eventId_userId: { eventId: input.eventId, userId: user.id } } });
      if (pending)
        throw new ActionError("ALREADY_INVITED", `${input.username} is already invited.`, "username", { username: input.username });
      await tx.staffInvitation.create({ data: { eventId: input.eventId, userId: user.id, role: "JUDGE", invitedById: actor.userId } });
      await audit(tx, {
        eventId: input.eventId,
        actor,
        action: "staff.inviteJudge",
        entity: "User",
        entityId: user.id,
        after: { username: user.username, role: "JUDGE" },
      });
      return { userId: user.id, username: user.username, setupCode: null, invited: true };
    }
    const created = await tx.user.create({
      data: { username: input.username, displayName: input.displayName ?? input.username, createdById: actor.userId },
    });
    const setupCode = newCode();
    await tx.passwordResetCode.create({
      data: {
        userId: created.id,
        codeHash: await hashSecret(setupCode),
        issuedById: actor.userId,
        eventId: input.eventId,
        expiresAt: new Date(Date.now() + 7 * 24 * 3600_000),
      },
    });
    const { flights } = await addStaff(tx, input.eventId, created.id, "JUDGE");
    await audit(tx, {
      eventId: input.eventId,
      actor,
      action: "staff.addJudge",
      entity: "User",
      entityId: created.id,
      after: { username: created.username, role: "JUDGE", ...(flights ? { flights } : {}) },
    });
    return { userId: created.id, username: created.username, setupCode, invited: false };
  },
});

/**
 * Organizer: revoke a judge, or withdraw a pending invitation. A revoked judge's sessions end at
 * once (session version +1); roles are read per request anyway. Revoked on a flight series, the
 * judge leaves its running flights too (lib/server/write/staff).
 */
export const removeJudge = defineAction({
  name: "removeJudge",
  input: z.object({ eventId: z.string().min(1), userId: z.string().min(1) }),
  async run({ tx, actor, input }) {
    await requireStaff(tx, actor, input.eventId, "ORGANIZER");
    const key = { eventId_userId: { eventId: input.eventId, userId: input.userId } };
    const row = await tx.eventStaff.findUnique({ where: key });
    if (row?.role === "JUDGE") {
      const { flights } = await removeJudgeStaff(tx, input.eventId, input.userId);
      await tx.user.update({ where: { id: input.userId }, data: { sessionVersion: { increment: 1 } } });
      forgetSessionChecks(input.userId);
      await audit(tx, {
        eventId: input.eventId,
        actor,
        action: "staff.removeJudge",
        entity: "User",
        entityId: input.userId,
        before: { role: "JUDGE", ...(flights ? { flights } : {}) },
      });
      return { removed: true };
    }
    const invitation = row ? null : await tx.staffInvitation.findUnique({ where: key });
    if (!invitation) throw new ActionError("NOT_FOUND", "That user is not a judge of this event.", "userId", { what: "judge" });
    await tx.staffInvitation.delete({ where: key });
    await audit(tx, {
      eventId: input.eventId,
      actor,
      action: "staff.withdrawInvitation",
      entity: "User",
      entityId: input.userId,
      before: { role: "JUDGE" },
    });
    return { removed: true };
  },
});
