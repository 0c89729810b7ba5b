/**
 * The Konami round table (eventStructure, effectiveEntrants; RULES §2.3, C66) lives in
 * lib/formats/roundTable.ts, beside the preset data that picks it, so lib/formats does not import
 * lib/pairing (lib/pairing → lib/standings → lib/formats would close a folder cycle). Re-exported
 * here so `lib/pairing` keeps its exports.
 */
export { eventStructure, effectiveEntrants, type EventStructure, type StructureTable, type ByeHolders } from "../formats/roundTable";
