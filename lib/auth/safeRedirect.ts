/**
 * Where to go after sign-in (issue #10, open redirect): only a same-origin path. Refuses
 * protocol-relative `//host`, `/\host` (browsers read the backslash as a slash), absolute URLs,
 * percent-encoded slashes, anything whose resolved origin differs and anything that resolves to a
 * `//` path (`/..//host`); returns "/" then.
 * @param next  the `next` query value (may be null)
 * @param origin the site's origin, e.g. "https://tandem.example"
 * @returns a path + query + hash on `origin`, or "/"
 */
export function safeNext(next: string | null | undefined, origin: string): string {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return "/";
  // Control characters (tab, newline) are stripped by URL parsing and could rebuild "//".
  if (/[\u0000-\u001f\u007f\\]/.test(next)) return "/";
  // Percent-encoded slashes and backslashes have no place in our paths (a server or proxy that
  // decodes them would rebuild "//host").
  if (/%(2f|5c)/i.test(next)) return "/";
  try {
    const u = new URL(next, origin);
    if (u.origin !== new URL(origin).origin) return "/";
    const out = `${u.pathname}${u.search}${u.hash}`;
    // The RESULT must not start with "//" either: dot segments collapse ("/..//evil" → "//evil"),
    // and the router reads "//evil" as another host.
    return out.startsWith("//") || out.startsWith("/\\") ? "/" : out;
  } catch {
    return "/";
  }
}
