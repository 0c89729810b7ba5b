// Line-length check (issue #11 item 6): no line over 140 characters in the source folders.
// Prettier wraps code to 140 columns but leaves long strings, comments and JSX text as they are;
// this check catches those. Prints `file:line: N characters` for each offender and exits 1.
// Usage: node scripts/check-lines.mjs [folder or file ...] (default: the folders below).
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const MAX = 140;
const FOLDERS = ["app", "lib", "components", "tests", "e2e", "scripts", "bench"];
// Generated or recorded output, not written by hand.
const SKIP = new Set(["lib/generated", "bench/results.json", "bench/out", "node_modules", ".next", "test-results"]);
const EXTENSIONS = new Set([".ts", ".tsx", ".mts", ".cts", ".js", ".mjs", ".cjs", ".json", ".css", ".sh", ".sql"]);

function* files(p) {
  const rel = path.relative(process.cwd(), p).split(path.sep).join("/");
  if (SKIP.has(rel)) return;
  const st = statSync(p, { throwIfNoEntry: false });
  if (!st) return;
  if (st.isDirectory()) {
    for (const name of readdirSync(p).sort()) yield* files(path.join(p, name));
  } else if (EXTENSIONS.has(path.extname(p))) {
    yield rel;
  }
}

const roots = process.argv.length > 2 ? process.argv.slice(2) : FOLDERS;
let offenders = 0;
for (const root of roots) {
  for (const file of files(path.resolve(root))) {
    const lines = readFileSync(file, "utf8").split("\n");
    lines.forEach((line, i) => {
      // Characters as a reader counts them (code points), not UTF-16 units.
      const length = [...line.replace(/\r$/, "")].length;
      if (length > MAX) {
        offenders++;
        console.log(`${file}:${i + 1}: ${length} characters (max ${MAX})`);
      }
    });
  }
}
if (offenders > 0) {
  console.log(`${offenders} line(s) over ${MAX} characters`);
  process.exit(1);
}
console.log(`no line over ${MAX} characters in ${roots.join(" ")}`);
