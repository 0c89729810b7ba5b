/**
 * `.Tournament` (KTS) parsing off the request thread (issue #17: an uploaded file is read without
 * blocking other requests; a 5 MB file takes the XML parser about 0.5–0.8 s on 2 cores). The cheap
 * checks run here first (lib/interop/kts ktsPrecheck: size, DOCTYPE, ENTITY, player count); one
 * worker thread per call then validates and parses the XML with fast-xml-parser and the options of
 * lib/interop/kts, and the mapping to plain values runs here again (ktsFromDocument). A file that
 * takes longer than {@link KTS_PARSE_TIMEOUT_MS} is refused (the worker is ended).
 */
import { runOnceInWorker } from "./onceWorker";
import {
  KTS_ARRAY_PATHS,
  KTS_PARSER_OPTIONS,
  KtsFileError,
  ktsFromDocument,
  ktsMalformed,
  ktsPrecheck,
  ktsUnreadable,
  type KtsTournament,
} from "@/lib/interop/kts";

/** The longest a worker may take to parse one file (ms). */
export const KTS_PARSE_TIMEOUT_MS = 20_000;

// CommonJS source (eval workers are scripts); fast-xml-parser is required from the project root.
const SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { createRequire } = require("node:module");
const { XMLParser, XMLValidator } = createRequire(process.cwd() + "/package.json")("fast-xml-parser");
const paths = new Set(workerData.arrayPaths);
try {
  const valid = XMLValidator.validate(workerData.xml);
  if (valid !== true) parentPort.postMessage({ ok: false, err: valid.err });
  else {
    const parser = new XMLParser({ ...workerData.options, isArray: (_tag, jPath) => paths.has(String(jPath)) });
    parentPort.postMessage({ ok: true, doc: parser.parse(workerData.xml) });
  }
} catch (e) {
  parentPort.postMessage({ ok: false, message: String((e && e.message) || e) });
}
`;

type Answer =
  { ok: true; doc: Record<string, unknown> } | { ok: false; err?: { line: number; col: number; msg: string }; message?: string };

/**
 * Parses a `.Tournament` file as lib/interop/kts parseKts does, with the XML work in a worker thread.
 * @throws KtsFileError — everything parseKts throws, and a parse longer than {@link KTS_PARSE_TIMEOUT_MS}
 */
export async function parseKtsInWorker(input: string): Promise<KtsTournament> {
  const xml = ktsPrecheck(input);
  const answer = await runOnceInWorker<Answer>(
    SOURCE,
    { xml, options: KTS_PARSER_OPTIONS, arrayPaths: KTS_ARRAY_PATHS },
    KTS_PARSE_TIMEOUT_MS,
  );
  if (!answer.ok) {
    const err = "err" in answer ? answer.err : undefined;
    throw new KtsFileError(err ? ktsMalformed(err) : ktsUnreadable(answer.message ?? "unknown error"));
  }
  return ktsFromDocument(answer.doc);
}
