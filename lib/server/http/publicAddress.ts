/**
 * The public address for printed links and QR codes (issue #13 item 5), read on the server.
 * Every page that prints a link or a QR code (receipts; the venue clock; slips, check-in and
 * invites later) calls {@link printedLink} (or {@link publicAddress} once plus lib/publicAddress
 * `linkOn` for several links) — nothing else builds a printed URL.
 *
 * Sources, first that applies: the instance setting an organizer sets on /settings
 * (`InstanceSetting` key "publicUrl"), the `PUBLIC_URL` environment variable, `NEXTAUTH_URL` when
 * it is not loopback (a deployed site's own address), this machine's LAN
 * address with the server's port (`PORT`, else the port of `NEXTAUTH_URL`, else 3000) — the
 * address `npm start` prints for phones. Never localhost (lib/publicAddress).
 */
import { networkInterfaces } from "node:os";
import { db, type Tx } from "@/lib/db";
import { choosePublicAddress, lanAddresses, linkOn, type PublicAddress } from "@/lib/publicAddress";

/** InstanceSetting key of the organizer's public address. */
export const PUBLIC_URL_KEY = "publicUrl";

/** The port this server listens on, as far as the environment tells. */
export function serverPort(env: NodeJS.ProcessEnv = process.env): number {
  const fromEnv = Number(env.PORT);
  if (Number.isInteger(fromEnv) && fromEnv > 0) return fromEnv;
  try {
    const u = new URL(env.NEXTAUTH_URL ?? "");
    if (u.port) return Number(u.port);
  } catch {
    /* no NEXTAUTH_URL */
  }
  return 3000;
}

/** The organizer's stored address, or null. */
export async function storedPublicUrl(client: Tx | ReturnType<typeof db> = db()): Promise<string | null> {
  return (await client.instanceSetting.findUnique({ where: { key: PUBLIC_URL_KEY } }))?.value ?? null;
}

/** The public address now (one small read), with where it came from. */
export async function publicAddress(client: Tx | ReturnType<typeof db> = db()): Promise<PublicAddress> {
  return choosePublicAddress({
    setting: await storedPublicUrl(client),
    envUrl: process.env.PUBLIC_URL,
    authUrl: process.env.NEXTAUTH_URL,
    lan: lanAddresses(networkInterfaces()),
    port: serverPort(),
  });
}

/**
 * The printed form of an app path ("/claim?code=…"): `url` is the absolute link on the public
 * address, or null when only loopback is known (the page then says phones cannot reach it —
 * `address.source === "loopback"`).
 */
export async function printedLink(
  path: string,
  client?: Tx | ReturnType<typeof db>,
): Promise<{ url: string | null; address: PublicAddress }> {
  const address = await publicAddress(client);
  return { url: linkOn(address, path), address };
}
