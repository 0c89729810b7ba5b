/**
 * Starts the BUILT app (`next start`, .next from `node scripts/start.mjs --prepare`) on a free
 * port against this test file's database, for tests that need real HTTP responses (headers, the
 * fast path installed by instrumentation.ts, proxy.ts). Stopped by the returned `stop`.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import net from "node:net";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

/** A TCP port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net
      .createServer()
      .once("error", reject)
      .listen(0, "127.0.0.1", () => {
        const { port } = s.address() as net.AddressInfo;
        s.close(() => resolve(port));
      });
  });
}

export interface AppServer {
  base: string;
  port: number;
  stop: () => Promise<void>;
  log: () => string;
}

/** `next start` with DATABASE_URL (must be set), `env` added; resolves once `/` answers. */
export async function startApp(env: Record<string, string> = {}): Promise<AppServer> {
  const distDir = process.env.NEXT_DIST_DIR ?? ".next";
  if (!existsSync(path.join(root, distDir, "BUILD_ID")))
    throw new Error("no build: run `node scripts/start.mjs --prepare` first (npm test does)");
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(path.join(root, "node_modules/.bin/next"), ["start", "-H", "127.0.0.1", "-p", String(port)], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
    env: { ...process.env, PORT: String(port), NEXTAUTH_URL: base, NEXT_TELEMETRY_DISABLED: "1", ...env },
  });
  let out = "";
  child.stdout!.on("data", (d) => {
    out += d;
  });
  child.stderr!.on("data", (d) => {
    out += d;
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const gone = new Promise((r) => child.once("exit", r));
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      /* already gone */
    }
    await Promise.race([gone, new Promise((r) => setTimeout(r, 5000))]);
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      /* already gone */
    }
  };
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`next start exited: ${out.slice(-2000)}`);
    try {
      if ((await fetch(base + "/", { redirect: "manual" })).status < 500) return { base, port, stop, log: () => out };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`next start did not answer: ${out.slice(-2000)}`);
}
