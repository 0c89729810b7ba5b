/**
 * What every "use server" wrapper (app/actions*.ts) does: run the registered action for the
 * session's user, and put a failure's message into the user's language (lib/i18n/actionErrors).
 * Not a "use server" module itself: only the wrappers are entry points.
 */
import { getLocale } from "next-intl/server";
import { currentClient, currentUserId } from "@/lib/auth/session";
import { actionByName } from "@/lib/server/actions";
import type { ActionResult } from "@/lib/server/errors";
import { localizeResult } from "@/lib/i18n/actionErrors";
import { loadMessages } from "@/lib/i18n/messages";
import type { Locale } from "@/lib/i18n/config";

/** Runs action `name` with raw `input` as the signed-in user; failures come back localized. */
export async function callAction(name: string, input: unknown): Promise<ActionResult<unknown>> {
  const { address } = await currentClient();
  const res = await actionByName(name).handle(await currentUserId(), input, { address });
  if (res.ok) return res;
  const locale = (await getLocale()) as Locale;
  return localizeResult(res, loadMessages(locale), locale);
}
