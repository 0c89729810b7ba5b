/**
 * What every "use server" wrapper (lib/server/actions/browser/*.ts) does: run the action definition it imports for
 * the session's user, and put a failure's message into the user's language (lib/i18n/actionErrors).
 * Not a "use server" module itself: only the wrappers are entry points.
 */
import { getLocale } from "next-intl/server";
import { currentClient, currentToken } from "@/lib/auth/session";
import type { ActionDef } from "@/lib/server/action";
import type { ActionResult } from "@/lib/errors";
import { localizeResult } from "@/lib/i18n/actionErrors";
import { loadMessages } from "@/lib/i18n/messages";
import type { Locale } from "@/lib/i18n/config";

/**
 * Top-level File/Blob fields of a form's input (ActionForm sends `data-as="bytes"` files as File
 * parts) become Uint8Array, what the actions validate (their zod rules check the 20 MB limit;
 * the request body limit in next.config.ts bounds what arrives).
 */
async function filesToBytes(input: unknown): Promise<unknown> {
  if (!input || typeof input !== "object" || Array.isArray(input)) return input;
  const out: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  for (const [k, v] of Object.entries(out)) {
    if (typeof Blob !== "undefined" && v instanceof Blob) {
      out[k] = new Uint8Array(await v.arrayBuffer());
    }
  }
  return out;
}

/**
 * Runs `action` with `input` as the signed-in user (the input is validated again by the action's
 * schema: a browser can send anything); failures come back localized. Typed by the definition, so
 * the caller gets `ActionResult<O>` of that action.
 */
export async function runAction<I, O, In>(action: ActionDef<I, O, In>, input: In): Promise<ActionResult<O>> {
  const { address } = await currentClient();
  // The token's session version is checked by the action's own actor read (one query, in its transaction).
  const token = await currentToken();
  const res = await action.handle(token?.userId ?? null, await filesToBytes(input), { address, sessionVersion: token?.sv });
  if (res.ok) return res;
  const locale = (await getLocale()) as Locale;
  return localizeResult(res, loadMessages(locale), locale);
}
