/**
 * The layers of DESIGN.md, read from the import graph (issue #11 acceptance): pages and
 * components never reach the database client, and the folders lib/<x>, lib/server/<x>, app and
 * components form no cycle (components → lib/server/actions allowed). The synthetic graphs show
 * each rule fails when broken.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { folderOf, layerProblems, readSourceGraph, type SourceFile } from "./importGraph";

const root = path.resolve(import.meta.dirname, "../..");
const file = (f: string, imports: string[], text = ""): SourceFile => ({ file: f, imports, text });

describe("layers of the source tree", () => {
  const graph = readSourceGraph(root);

  it("reads the real tree (pages, components, read models, actions)", () => {
    const files = new Set(graph.map((f) => f.file));
    expect(files.has("app/events/[id]/standings/page.tsx")).toBe(true);
    expect(files.has("components/ActionForm.tsx")).toBe(true);
    expect(files.has("lib/server/read/standings.ts")).toBe(true);
    const page = graph.find((f) => f.file === "app/events/[id]/standings/page.tsx")!;
    expect(page.imports).toContain("lib/server/read/liveData.ts");
  });

  it("no file in app/ or components/ imports or calls the database client", () => {
    expect(layerProblems(graph).filter((p) => p.includes("database client"))).toEqual([]);
  });

  it("the folders lib/<x>, lib/server/<x>, app and components form no cycle", () => {
    expect(layerProblems(graph).filter((p) => p.includes("form a cycle"))).toEqual([]);
  });

  it("lib/formats does not import lib/pairing (the round table lives in lib/formats; lib/pairing re-exports it)", () => {
    const offenders = graph.filter((f) => f.file.startsWith("lib/formats/") && f.imports.some((i) => i.startsWith("lib/pairing/")));
    expect(offenders.map((f) => f.file)).toEqual([]);
  });
});

describe("the layer rules on synthetic graphs", () => {
  it("folders: app, components, lib/server/<x>, lib/<x>; top-level lib files are their own node", () => {
    expect(folderOf("app/events/[id]/page.tsx")).toBe("app");
    expect(folderOf("lib/server/read/standings.ts")).toBe("lib/server/read");
    expect(folderOf("lib/server/http/cache.ts")).toBe("lib/server/http");
    expect(folderOf("lib/auth/actor.ts")).toBe("lib/auth");
    expect(folderOf("lib/uploadLimit.ts")).toBe("lib/uploadLimit");
    expect(folderOf("zod")).toBeNull();
  });

  it("a page importing lib/db, the generated client or @prisma/client is refused, naming the file", () => {
    const problems = layerProblems([
      file("app/a/page.tsx", ["lib/db/index.ts"]),
      file("app/b/page.tsx", ["lib/generated/prisma/client.ts"]),
      file("components/C.tsx", ["@prisma/client"]),
      file("lib/server/read/x.ts", ["lib/db/index.ts"]),
    ]);
    expect(problems).toHaveLength(3);
    expect(problems[0]).toContain("app/a/page.tsx imports the database client");
    expect(problems.join("\n")).not.toContain("lib/server/read/x.ts");
  });

  it("a page calling db() it got from elsewhere is refused", () => {
    expect(layerProblems([file("app/a/page.tsx", ["lib/server/read/x.ts"], "const n = await db().team.count();")])).toEqual([
      "app/a/page.tsx calls the database client; read through lib/server/read",
    ]);
  });

  it("lib/auth ↔ lib/server/action is a cycle; lib/errors breaks it", () => {
    const cyclic = layerProblems([
      file("lib/auth/actor.ts", ["lib/server/action/index.ts"]),
      file("lib/server/action/index.ts", ["lib/auth/actor.ts"]),
    ]);
    expect(cyclic).toHaveLength(1);
    expect(cyclic[0]).toContain("folders lib/auth, lib/server/action form a cycle: lib/auth/actor.ts imports lib/server/action/index.ts");
    const fixed = [file("lib/auth/actor.ts", ["lib/errors/index.ts"]), file("lib/server/action/index.ts", ["lib/auth/actor.ts"])];
    expect(layerProblems(fixed)).toEqual([]);
  });

  it("a longer cycle (app → lib/server/read → lib/server/write → app) is found", () => {
    const problems = layerProblems([
      file("app/p/page.tsx", ["lib/server/read/r.ts"]),
      file("lib/server/read/r.ts", ["lib/server/write/w.ts"]),
      file("lib/server/write/w.ts", ["app/p/helper.ts"]),
    ]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain("folders app, lib/server/read, lib/server/write form a cycle");
  });

  it("components → lib/server/actions is allowed (components call the 'use server' actions)", () => {
    expect(
      layerProblems([
        file("components/Form.tsx", ["lib/server/actions/entry/core.ts"]),
        file("lib/server/actions/entry/core.ts", ["components/Form.tsx"]),
      ]),
    ).toEqual([]);
  });
});
