/**
 * Builds crafted `.cdb` files for the card-file tests (issue #12 "Card files"): each returns the
 * SQLite bytes, made with sql.js in the test itself (nothing is read from disk but sql.js).
 */
import initSqlJs from "sql.js";

type SqlJs = Awaited<ReturnType<typeof initSqlJs>>;
let sql: Promise<SqlJs> | null = null;
const SQL = () => (sql ??= initSqlJs());

const DATAS =
  `CREATE TABLE datas (id INTEGER PRIMARY KEY, ot INTEGER, alias INTEGER, setcode INTEGER, type INTEGER, atk INTEGER, def INTEGER, ` +
  `level INTEGER, race INTEGER, attribute INTEGER, category INTEGER)`;
const TEXTS = `CREATE TABLE texts (id INTEGER PRIMARY KEY, name TEXT, desc TEXT, str1 TEXT)`;

async function build(statements: string[], fill?: (db: InstanceType<SqlJs["Database"]>) => void): Promise<Uint8Array> {
  const db = new (await SQL()).Database();
  for (const s of statements) db.run(s);
  fill?.(db);
  const bytes = db.export();
  db.close();
  return bytes;
}

/** An ordinary card database with `cards` = [passcode, name, type?, alias?]. */
export function plainCdb(cards: [number, string, number?, number?][]): Promise<Uint8Array> {
  return build([DATAS, TEXTS], (db) => {
    for (const [id, name, type = 0x21, alias = 0] of cards) {
      db.run("INSERT INTO datas (id, ot, alias, type) VALUES (?, 3, ?, ?)", [id, alias, type]);
      db.run("INSERT INTO texts (id, name, desc) VALUES (?, ?, 'text')", [id, name]);
    }
  });
}

/** `datas` is a view over a recursive CTE yielding `rows` rows (8 KB of file, unbounded work). */
export function recursiveViewCdb(rows = 300_000): Promise<Uint8Array> {
  return build([
    TEXTS,
    `CREATE VIEW datas AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${rows}) SELECT i AS id, 3 AS ` +
      `ot, 0 AS alias, 0 AS setcode, 33 AS type, 0 AS atk, 0 AS def, 0 AS level, 0 AS race, 0 AS attribute, 0 AS category FROM n`,
  ]);
}

/** `texts` is a view producing `rows` names of `length` characters each from a few KB. */
export function hugeNamesViewCdb(rows = 2000, length = 100_000): Promise<Uint8Array> {
  return build([
    DATAS,
    `CREATE VIEW texts AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${rows}) SELECT i AS id, ` +
      `printf('%.*c', ${length}, 'x') AS name, '' AS desc FROM n`,
  ]);
}

/** `texts` has a generated column (hidden per PRAGMA table_xinfo). */
export function generatedColumnCdb(): Promise<Uint8Array> {
  return build(
    [DATAS, `CREATE TABLE texts (id INTEGER PRIMARY KEY, base TEXT, name TEXT GENERATED ALWAYS AS (base || base) VIRTUAL, desc TEXT)`],
    (db) => {
      db.run("INSERT INTO datas (id, ot, alias, type) VALUES (89631139, 3, 0, 17)");
      db.run("INSERT INTO texts (id, base, desc) VALUES (89631139, 'Blue-Eyes', '')");
    },
  );
}

/** `texts` is an FTS virtual table. */
export function virtualTableCdb(): Promise<Uint8Array> {
  return build([DATAS, `CREATE VIRTUAL TABLE texts USING fts4(id, name, desc)`]);
}

/** An ordinary database with `rows` cards (passcodes 1000000 + i). */
export function manyRowsCdb(rows = 60_000): Promise<Uint8Array> {
  return build([DATAS, TEXTS], (db) => {
    db.run(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${rows}) INSERT INTO datas (id, ot, alias, type) ` +
        `SELECT 1000000 + i, 3, 0, 33 FROM n`,
    );
    db.run(`INSERT INTO texts (id, name, desc) SELECT id, 'Card ' || id, '' FROM datas`);
  });
}

/** An ordinary database whose one name is `length` characters long (stored, not computed). */
export function longNameCdb(length = 100_000): Promise<Uint8Array> {
  return build([DATAS, TEXTS], (db) => {
    db.run("INSERT INTO datas (id, ot, alias, type) VALUES (89631139, 3, 0, 17)");
    db.run("INSERT INTO texts (id, name, desc) VALUES (89631139, ?, '')", ["x".repeat(length)]);
  });
}
