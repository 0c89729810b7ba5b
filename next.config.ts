import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { STATIC_SECURITY_HEADERS, SESSION_COOKIES } from "./lib/server/http/securityHeaders";

const withNextIntl = createNextIntlPlugin("./lib/i18n/request.ts");

const nextConfig: NextConfig = {
  // Card DB (.cdb, ~7 MB), F&L list and decklist uploads go through server actions. The upload
  // limit is 20 MB (lib/uploadLimit.ts, checked by the action); the body may be a little larger
  // (encoding), so a 20 MB file reaches the action and a larger one gets "file too large".
  // proxy.ts (the CSP nonce) runs before every request and buffers its body: the same bound, or
  // Next.js cuts a body at 10 MB and the upload fails with "Unexpected end of form".
  experimental: { serverActions: { bodySizeLimit: "25mb" }, proxyClientMaxBodySize: "25mb" },
  serverExternalPackages: ["sql.js", "@electric-sql/pglite", "pg", "@prisma/adapter-pg"],
  poweredByHeader: false,
  // Parallel work trees (several builds at once) may use their own output folder.
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  // The app is type-checked with its own config; `npm run typecheck` checks everything (tests too).
  typescript: { tsconfigPath: "tsconfig.app.json" },
  // nosniff, Referrer-Policy, X-Frame-Options on every response Next.js sends (pages, API routes,
  // static files, 304s, error pages); the CSP and HSTS come from proxy.ts (lib/server/http/securityHeaders.ts).
  async headers() {
    return [{ source: "/:path*", headers: [...STATIC_SECURITY_HEADERS] }];
  },
  // Anonymous views of the public live pages come from a render-once cache keyed by the event's
  // version (lib/server/http/cache.ts, app/api/events/[id]/live/[page]/route.ts).
  async rewrites() {
    const missing = [
      ...SESSION_COOKIES.map((key) => ({ type: "cookie" as const, key })),
      { type: "header" as const, key: "x-tandem-render" },
      { type: "header" as const, key: "next-action" },
    ];
    return {
      beforeFiles: [{ source: "/events/:id/:page(pairings|clock|standings)", destination: "/api/events/:id/live/:page", missing }],
      afterFiles: [],
      fallback: [],
    };
  },
};

export default withNextIntl(nextConfig);
