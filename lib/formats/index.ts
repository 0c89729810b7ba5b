/**
 * Public API of lib/formats: presets (data contract), turn order and turn counting, tournament
 * structure tables, the end-of-match engine, match results and points, the judge quick
 * reference, and the English renderer of formats.* message codes.
 */
export * from "./presets";
export * from "./turns";
export * from "./structure";
export * from "./results";
export * from "./eomp";
export * from "./quickref";
export * from "./lpEntry";
export { render, template, messageKey, format, type MessageParams } from "./messages";
