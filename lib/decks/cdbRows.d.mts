/** Types of lib/decks/cdbRows.mjs (the checked `.cdb` reader; see its header). */
export declare const MAX_ROWS: number;
export declare const MAX_NAME: number;
export declare const MAX_TEXT: number;
export declare const MAX_PASSCODE: number;
export declare const MAX_LISTED_ERRORS: number;

/** One refusal: `table`/`row` (SQLite rowid) name where, `code` + `params` why (messages `cards.cdb.<code>`). */
export interface CdbRowError {
  table: string | null;
  row: number | null;
  code: string;
  message: string;
  params: Record<string, string | number>;
}

/**
 * Column arrays of the accepted rows (same order: one entry per `datas` row), or the errors (at most MAX_LISTED_ERRORS listed, `more`
 * counted).
 */
/** Accepted rows handed over while reading (see readCdbRows' `stream`); `total` = rows in `datas`. */
export interface CdbChunk {
  passcodes: number[];
  aliases: number[];
  types: number[];
  ots: number[];
  names: string[];
  total: number;
}

export type CdbRowsResult =
  | { ok: true; passcodes: number[]; aliases: number[]; types: number[]; ots: number[]; names: string[]; streamed?: number }
  | { ok: false; errors: CdbRowError[]; more: number };

export declare function readCdbRows(
  SQL: { Database: new (data?: Uint8Array) => unknown },
  bytes: Uint8Array,
  stream?: { chunkRows?: number; onChunk?: (chunk: CdbChunk) => void },
): CdbRowsResult;
