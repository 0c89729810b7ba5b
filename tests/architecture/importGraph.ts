/**
 * The TypeScript import graph of the source tree, read with the TypeScript compiler's
 * preProcessFile (static imports, `export … from`, dynamic `import("…")`), and the layer rules
 * the architecture test checks on it (issue #11 acceptance, DESIGN.md "Layers"):
 *   - pages and components never reach the database client (imports of lib/db, @prisma/client or
 *     the generated client; calls of `db()`);
 *   - the folders `lib/<x>`, `lib/server/<x>`, `app`, `components` form no cycle
 *     (`components → lib/server/actions` is allowed: components call the "use server" actions).
 * Pure functions over a graph ({@link layerProblems}) so the rules are tested on small synthetic
 * graphs too.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/** One source file: its path relative to the repository root (forward slashes), what it imports, and its text. */
export interface SourceFile {
  file: string;
  /** Import specifiers resolved to repository paths (relative, with extension) or, for packages, the bare name. */
  imports: string[];
  text: string;
}

const EXTENSIONS = [".ts", ".tsx", ".mjs", ".js"];

function resolve(root: string, from: string, spec: string): string {
  let base: string | null = null;
  if (spec.startsWith("@/")) base = spec.slice(2);
  else if (spec.startsWith(".")) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  if (base === null) return spec;
  const candidates = [base, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => `${base}/index${e}`)];
  for (const c of candidates) {
    const abs = path.join(root, c);
    if (existsSync(abs) && statSync(abs).isFile()) return c;
  }
  return base;
}

function walk(root: string, dir: string): string[] {
  const abs = path.join(root, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs).flatMap((f) => {
    const rel = `${dir}/${f}`;
    if (rel === "lib/generated" || f === "node_modules") return [];
    return statSync(path.join(root, rel)).isDirectory() ? walk(root, rel) : [rel];
  });
}

/** Reads app/, components/ and lib/ (the generated Prisma client left out) under `root`. */
export function readSourceGraph(root: string): SourceFile[] {
  const files = ["app", "components", "lib"].flatMap((d) => walk(root, d)).filter((f) => /\.(ts|tsx|mjs)$/.test(f));
  return files.map((file) => {
    const text = readFileSync(path.join(root, file), "utf8");
    const info = ts.preProcessFile(text, true, true);
    return { file, text, imports: info.importedFiles.map((i) => resolve(root, file, i.fileName)) };
  });
}

/**
 * The folder a file belongs to for the cycle rule: `app`, `components`, `lib/server/<x>`,
 * `lib/<x>`; a file directly in lib/ or lib/server/ is a node of its own (`lib/uploadLimit`).
 * Null for anything else (packages, files outside these folders).
 */
export function folderOf(file: string): string | null {
  const parts = file.split("/");
  if (parts[0] === "app" || parts[0] === "components") return parts[0];
  if (parts[0] !== "lib" || parts.length < 2) return null;
  const strip = (s: string) => s.replace(/\.(ts|tsx|mjs|js)$/, "");
  if (parts[1] === "server") {
    if (parts.length === 2) return "lib/server";
    return parts.length === 3 ? `lib/server/${strip(parts[2])}` : `lib/server/${parts[2]}`;
  }
  return parts.length === 2 ? `lib/${strip(parts[1])}` : `lib/${parts[1]}`;
}

/** The folder edges that are allowed to close a cycle. */
const ALLOWED_EDGES = new Set(["components -> lib/server/actions"]);

/** True when the specifier (resolved) is the database client. */
export function isDatabaseClient(spec: string): boolean {
  if (spec === "@prisma/client" || spec.startsWith("@prisma/client/")) return true;
  return /^lib\/db(\/|$|\.)/.test(spec) || /^lib\/generated\/prisma(\/|$)/.test(spec);
}

/** Problems found in a graph, each a sentence naming the file(s) and the rule. Empty = the layers hold. */
export function layerProblems(graph: readonly SourceFile[]): string[] {
  const problems: string[] = [];
  for (const f of graph) {
    if (folderOf(f.file) !== "app" && folderOf(f.file) !== "components") continue;
    for (const spec of f.imports) {
      if (isDatabaseClient(spec)) problems.push(`${f.file} imports the database client (${spec}); read through lib/server/read`);
    }
    if (/\bdb\(\)/.test(f.text) || /\.\$transaction\(/.test(f.text)) {
      problems.push(`${f.file} calls the database client; read through lib/server/read`);
    }
  }
  // Folder graph: one edge per (folder, folder) with an example import, then strongly connected components.
  const edges = new Map<string, Map<string, string>>();
  for (const f of graph) {
    const from = folderOf(f.file);
    if (!from) continue;
    for (const spec of f.imports) {
      const to = folderOf(spec);
      if (!to || to === from || ALLOWED_EDGES.has(`${from} -> ${to}`)) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      if (!edges.get(from)!.has(to)) edges.get(from)!.set(to, `${f.file} imports ${spec}`);
    }
  }
  for (const scc of stronglyConnected(edges)) {
    if (scc.length < 2) continue;
    const inCycle = new Set(scc);
    const examples = scc.flatMap((a) => [...(edges.get(a) ?? new Map<string, string>())].filter(([b]) => inCycle.has(b)).map(([, w]) => w));
    problems.push(`folders ${[...scc].sort().join(", ")} form a cycle: ${examples.sort().join("; ")}`);
  }
  return problems;
}

/** Tarjan's strongly connected components of a directed graph given as adjacency maps. */
function stronglyConnected(edges: Map<string, Map<string, string>>): string[][] {
  const nodes = new Set<string>([...edges.keys(), ...[...edges.values()].flatMap((m) => [...m.keys()])]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      out.push(scc);
    }
  };
  for (const v of nodes) if (!index.has(v)) visit(v);
  return out;
}
