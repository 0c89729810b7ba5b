/**
 * Public API of lib/decks: card identity (cdb), F&L lists, decklist parsers, legality engine,
 * English message rendering. See each module's docstrings for rules and shapes.
 */
export * from "./types";
export {
  readCdb,
  CdbError,
  cardsFromRows,
  mergeCards,
  CardIndex,
  makeCard,
  normaliseYgoName,
  readYgoprodeckJson,
  ygoprodeckLimit,
  ygoprodeckStatusToLimit,
  ygoprodeckTypeBits,
  TYPE_EXTRA,
  TYPE_TOKEN,
} from "./cdb";
export type { ReadCdbOptions } from "./cdb";
export { MAX_PASSCODE, isPasscode } from "./passcode";
export { parseLflist, parseForgeFormat, findBanlist } from "./lflist";
export type { LflistResult, ForgeResult, MtgFormatList } from "./lflist";
export { normaliseMtgName, isBasicLand, mtgCopyLimit, isCopyLimitExempt, MTG_BASIC_LANDS, MTG_ANY_NUMBER } from "./mtg";
export { parseYdk, writeYdk } from "./parse/ydk";
export { decodeYdke, encodeYdke, base64Decode, base64Encode } from "./parse/ydke";
export { parseYgoText } from "./parse/ygotext";
export { parseMtgText, parseXmageDck, parseMtgoDek } from "./parse/mtgtext";
export { parseDecklist, detectFormat } from "./parse/detect";
export type { DecklistHint, DecklistResult } from "./parse/detect";
export { DECKLIST_FORMATS, DETECTION_ORDER, decklistAccept, decklistFormatsFor, formatByExtension } from "./formats";
export type { DecklistFormatEntry } from "./formats";
export { checkDuelist, checkTeam, compileBanlist, loneVerdict, mtgLimitedDeckRules } from "./legality";
export type { YgoCheckOptions, MtgCheckOptions } from "./legality";
export { fillTemplate, parseMessage, violationMessage, sectionLabel } from "./messages";
export { isTextFile } from "./text";
export { decklistWindow } from "./window";
export type { DecklistWindow, DecklistWindowInput } from "./window";
