/**
 * The suite's `test`: Playwright's, plus one automatic fixture that closes the browser contexts an
 * earlier spec file left open. The suite runs in one worker and one browser (playwright.config.ts);
 * specs open signed-in pages in contexts of their own in `beforeAll` (helpers.ts newSignedInPage,
 * duelistPhone) and keep them for the file. Left open, each kept its event stream and live refetches
 * running: by the last files the server and the browser served dozens of idle pages, and the later
 * specs ran several times slower than alone. A file's contexts are closed when the next file's first
 * test starts (its own `beforeAll` contexts, made after that, stay open).
 */
import { test as base, type BrowserContext } from "@playwright/test";

export * from "@playwright/test";

let lastFile: string | null = null;
let leftOpen = new Set<BrowserContext>();

export const test = base.extend<{ closeEarlierFilesContexts: void }>({
  closeEarlierFilesContexts: [
    async ({ browser }, use, testInfo) => {
      if (lastFile !== null && testInfo.file !== lastFile)
        for (const c of browser.contexts()) if (leftOpen.has(c)) await c.close().catch(() => undefined);
      await use();
      lastFile = testInfo.file;
      leftOpen = new Set(browser.contexts());
    },
    { auto: true },
  ],
});
