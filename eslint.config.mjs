// ESLint flat config (`npm run lint`): Next.js core-web-vitals + typescript-eslint recommended.
// Formatting is Prettier's job (`npm run format:check`); this config only holds correctness rules.
import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    "node_modules/**",
    ".next/**",
    ".next-*/**",
    ".data/**",
    "lib/generated/**",
    "test-results/**",
    "playwright-report/**",
    "coverage/**",
    "screenshots/**",
    "tmp/**",
    "bench/out/**",
    "next-env.d.ts",
  ]),
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // Unused code is an error, not a warning; a leading underscore marks an argument kept for its position.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/no-unused-expressions": "error",
    },
  },
  {
    // Server components render once per request: reading the clock (Date.now()) there is the request time, not an impure re-render.
    files: ["app/**/page.tsx", "app/**/layout.tsx"],
    rules: { "react-hooks/purity": "off" },
  },
  {
    // tests/integration/db.ts useTestDatabase() is a per-file database fixture, not a React hook.
    files: ["tests/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  {
    // CommonJS by design (loaded by the Prisma CLI and Node without a bundler).
    files: ["**/*.cjs"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
]);
