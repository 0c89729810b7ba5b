// `node scripts/prisma.cjs <args>` = `prisma <args>` (see ../shared/STACK.md), minus the 10-60 s idle
// wait that Prisma 6.19's WASM schema engine timers add after migrate deploy/dev: unref long timers.
const orig = globalThis.setTimeout;
globalThis.setTimeout = (fn, ms, ...rest) => {
  const t = orig(fn, ms, ...rest);
  if (ms >= 5000) t.unref();
  return t;
};
// `generate` only validates env("DATABASE_URL"); it never connects.
if (process.argv[2] === "generate") process.env.DATABASE_URL ||= "postgresql://unused@localhost/unused";
process.argv[1] = require.resolve("prisma/build/index.js");
require("node:module").runMain();
