/**
 * Instance-wide settings (issue #13 item 5). The public address printed links and QR codes use
 * (lib/server/http/publicAddress.ts) is set here by any organizer account; empty = fall back to
 * `PUBLIC_URL`, then this machine's LAN address.
 */
import { z } from "zod";
import { ActionError } from "@/lib/errors";
import { audit, defineAction } from "@/lib/server/action";
import { requireSignedIn } from "@/lib/auth/actor";
import { parsePublicUrl } from "@/lib/publicAddress";
import { PUBLIC_URL_KEY } from "@/lib/server/http/publicAddress";

/**
 * Organizer account: set (or clear with "") the public address, e.g. "http://192.168.1.20:3000"
 * or "https://tandem.example.org". Refused (field `url`, PUBLIC_URL_REFUSED with `problem`
 * FORMAT | SCHEME | LOOPBACK | PATH): not an http(s) URL, a loopback host (phones cannot reach
 * localhost), or a query/fragment/credentials in it.
 */
export const setPublicUrl = defineAction({
  name: "setPublicUrl",
  input: z.object({ url: z.string().trim().max(300) }),
  async run({ tx, actor, input }) {
    const userId = requireSignedIn(actor);
    if (!actor.isOrganizer)
      throw new ActionError("FORBIDDEN", "Only organizer accounts can change the public address.", undefined, { what: "publicUrl" });
    const before = await tx.instanceSetting.findUnique({ where: { key: PUBLIC_URL_KEY } });
    let value: string | null = null;
    if (input.url) {
      const p = parsePublicUrl(input.url);
      if (!p.ok) {
        const why = {
          FORMAT: "not a web address (e.g. http://192.168.1.20:3000)",
          SCHEME: "it must start with http:// or https://",
          LOOPBACK: "phones cannot reach localhost or 127.0.0.1: use this computer's network address",
          PATH: "no query, fragment or password in it",
        }[p.problem];
        throw new ActionError("PUBLIC_URL_REFUSED", `Public address: ${why}.`, "url", { problem: p.problem });
      }
      value = p.url;
      await tx.instanceSetting.upsert({
        where: { key: PUBLIC_URL_KEY },
        create: { key: PUBLIC_URL_KEY, value, updatedById: userId },
        update: { value, updatedById: userId },
      });
    } else if (before) {
      await tx.instanceSetting.delete({ where: { key: PUBLIC_URL_KEY } });
    }
    // The venue clock's QR is served from the per-event render cache (lib/server/http/cache.ts): a new
    // version makes every cached page re-render with the new address.
    await tx.event.updateMany({ data: { version: { increment: 1 } } });
    await audit(tx, {
      eventId: null,
      actor,
      action: "instance.publicUrl",
      entity: "InstanceSetting",
      entityId: PUBLIC_URL_KEY,
      before: { url: before?.value ?? null },
      after: { url: value },
    });
    return { url: value };
  },
});
