/**
 * Writes docs/event-archive.schema.json: the event archive's JSON Schema generated from its zod
 * schema (lib/archive/schema.ts, issue #17). tests/archive/json-schema.test.ts checks it is current.
 * Run: node --import tsx scripts/archive-schema.ts && npx prettier --write docs/event-archive.schema.json
 */
import { writeFileSync } from "node:fs";
import { archiveJsonSchemaText } from "@/lib/archive/schema";

writeFileSync("docs/event-archive.schema.json", archiveJsonSchemaText());
console.log("wrote docs/event-archive.schema.json");
