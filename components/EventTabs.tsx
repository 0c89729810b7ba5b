"use client";
/**
 * The event's tab bar (app/events/[id]/layout.tsx): one row that scrolls sideways on a phone (staff
 * see up to 13 tabs; wrapped, they took 4–5 rows at 390 px) and wraps from the `sm` width up. The
 * tab of the current page (lib/venue/eventTabs currentTab) is marked `aria-current="page"` and
 * scrolled into view, so a judge who opened "Venue" sees where they are.
 */
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";
import { currentTab } from "@/lib/venue/eventTabs";

export function EventTabs({ base, label, tabs }: { base: string; label: string; tabs: readonly (readonly [string, string])[] }) {
  const pathname = usePathname();
  const current = currentTab(
    tabs.map(([href]) => href),
    base,
    pathname ?? "",
  );
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = nav.current?.querySelector<HTMLElement>('[aria-current="page"]');
    // Only the bar scrolls (inline), never the page.
    if (el && nav.current) nav.current.scrollLeft = el.offsetLeft - nav.current.clientWidth / 2 + el.clientWidth / 2;
  }, [current]);
  return (
    <nav
      ref={nav}
      aria-label={label}
      className={
        "mt-3 flex gap-1 overflow-x-auto whitespace-nowrap border-b border-slate-200 " +
        "sm:flex-wrap sm:overflow-visible sm:whitespace-normal"
      }
    >
      {tabs.map(([href, text]) => {
        const here = href === current;
        return (
          <Link
            key={href}
            href={`${base}${href}`}
            aria-current={here ? "page" : undefined}
            className={
              "shrink-0 rounded-t-lg border-b-2 px-3 py-2 text-sm font-medium no-underline " +
              (here ? "border-brand-700 bg-white text-brand-700" : "border-transparent text-slate-700 hover:bg-white")
            }
          >
            {text}
          </Link>
        );
      })}
    </nav>
  );
}
