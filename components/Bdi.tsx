/**
 * `<bdi>` around user-provided names inside a translated sentence (tester issue 8: Arabic team and
 * duelist names displayed in the wrong order next to numbers and IDs). next-intl values are
 * strings, so the sentence is rendered with a private-use marker in place of the name and the
 * marker is replaced by `<bdi>{name}</bdi>`: the DOM text stays exactly the sentence ("Submit a
 * list for Carla Rossi"), while the browser isolates the name's direction.
 * `withBdi((n) => t("submitFor", { name: n }), duelist.name)`. Works in server and client components.
 */
import { Fragment, type ReactNode } from "react";

const MARK = "\uE000";

export function withBdi(render: (marker: string) => string, name: string): ReactNode {
  const parts = render(MARK).split(MARK);
  if (parts.length === 1) return parts[0];
  return parts.map((p, i) => (
    <Fragment key={i}>{p}{i < parts.length - 1 && <bdi>{name}</bdi>}</Fragment>
  ));
}
