/**
 * `<bdi>` around user-provided names inside a translated sentence (Arabic team and
 * duelist names displayed in the wrong order next to numbers and IDs). next-intl values are
 * strings, so the sentence is rendered with a private-use marker in place of the name and the
 * marker is replaced by `<bdi>{name}</bdi>`: the DOM text stays exactly the sentence ("Submit a
 * list for Carla Rossi"), while the browser isolates the name's direction. The `<bdi>` also lets a
 * long name without spaces wrap anywhere (app/globals.css `bdi { overflow-wrap: anywhere }`),
 * so a sentence holding an 80-character team name fits a 390 px phone.
 *
 * One name: `withBdi((n) => t("submitFor", { name: n }), duelist.name)`.
 * Several names: `bdiText((n) => t("versus", { team1: n(a.name), team2: n(b.name) }))` — `n(name)`
 * returns a marker for that name. Works in server and client components. Where a plain string is
 * required (confirm(), <option>, aria-label) use `isolate()` from lib/i18n/bidi instead.
 */
import { Fragment, type ReactNode } from "react";

const MARK = "\uE000";
const BASE = 0xe100; // bdiText markers: U+E100 + index (private use area; never in a translation)

export function withBdi(render: (marker: string) => string, name: string): ReactNode {
  const parts = render(MARK).split(MARK);
  if (parts.length === 1) return parts[0];
  return parts.map((p, i) => (
    <Fragment key={i}>
      {p}
      {i < parts.length - 1 && <bdi>{name}</bdi>}
    </Fragment>
  ));
}

/**
 * A translated sentence with every name passed through `n()` wrapped in its own `<bdi>`.
 * `render` receives `n(name) → marker`; the returned string is split at the markers. A sentence
 * without markers comes back as the plain string.
 */
export function bdiText(render: (n: (name: string | null | undefined) => string) => string): ReactNode {
  const names: string[] = [];
  const text = render((name) => {
    names.push(name ?? "");
    return String.fromCharCode(BASE + names.length - 1);
  });
  if (names.length === 0) return text;
  const out: ReactNode[] = [];
  let buf = "";
  for (const ch of text) {
    const i = ch.charCodeAt(0) - BASE;
    if (ch.length === 1 && i >= 0 && i < names.length) {
      if (buf) out.push(buf);
      buf = "";
      out.push(<bdi key={out.length}>{names[i]}</bdi>);
    } else buf += ch;
  }
  if (buf) out.push(buf);
  return out.map((x, i) => (typeof x === "string" ? <Fragment key={i}>{x}</Fragment> : x));
}

/** A name on its own (not inside a sentence): `<Name>{team.name}</Name>` = `<bdi>`. */
export function Name({ children, className, testId }: { children: string | null | undefined; className?: string; testId?: string }) {
  return (
    <bdi className={className} data-testid={testId}>
      {children ?? ""}
    </bdi>
  );
}
