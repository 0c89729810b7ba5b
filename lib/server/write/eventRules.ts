/**
 * The event facts a rule needs, loaded once per transaction: the event row, its preset
 * (lib/formats/presets getPreset) and the resolved settings (resolveSettings: preset defaults
 * overridden by the event's stored choices). Actions call `eventRules(tx, eventId)` instead of
 * loading the event and resolving the preset themselves.
 */
import type { Tx } from "@/lib/db";
import { ActionError } from "@/lib/errors";
import { getPreset, resolveSettings, type Preset, type PresetSettings } from "@/lib/formats/presets";

/** What `eventRules` returns. */
export interface EventRules<E> {
  event: E;
  preset: Preset;
  settings: PresetSettings;
}

/**
 * Loads the event by id with its preset and resolved settings.
 * @throws ActionError NOT_FOUND (field eventId) when no such event exists.
 */
export async function eventRules(tx: Tx, eventId: string) {
  const event = await tx.event.findUnique({ where: { id: eventId } });
  if (!event) throw new ActionError("NOT_FOUND", "No such event.", "eventId", { what: "event" });
  const preset = getPreset(event.formatPreset);
  const settings = resolveSettings(preset, event.settings as Partial<PresetSettings>);
  return { event, preset, settings } satisfies EventRules<typeof event>;
}

/**
 * What `eventRules` loaded (the full event row). Write helpers that need the rules take it as an
 * optional argument, so an action that already loaded them passes them on instead of loading again.
 */
export type LoadedEventRules = Awaited<ReturnType<typeof eventRules>>;

/** True once round 1 has been published: presets and team line-ups are then locked. */
export async function eventStarted(tx: Tx, eventId: string): Promise<boolean> {
  return (await tx.round.count({ where: { eventId, status: { in: ["PUBLISHED", "CLOSED"] } } })) > 0;
}
