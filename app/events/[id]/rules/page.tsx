import { connection } from "next/server";
import { getTranslations } from "next-intl/server";
import { pageActor } from "@/lib/auth/session";
import { eventView } from "@/lib/server/read/events";
import { getPreset } from "@/lib/formats/presets";
import { quickReference } from "@/lib/formats/quickref";
import { PrintButton } from "@/components/PrintButton";
import { eventPageMetadata } from "@/lib/server/read/pageMeta";

export const generateMetadata = eventPageMetadata("rules");

/** Judge's quick reference generated from the preset data and this event's settings (issue #3). */
export default async function RulesPage({ params }: { params: Promise<{ id: string }> }) {
  await connection();
  const { id } = await params;
  const t = await getTranslations();
  const { event, settings } = await eventView(id, await pageActor());
  const preset = getPreset(event.formatPreset);
  const sections = quickReference({ ...preset, roundMinutes: event.roundMinutes }, settings);
  const say = (key: string, fallback: string, params: Record<string, unknown> = {}) => {
    const p = Object.fromEntries(
      Object.entries(params)
        .filter(([, v]) => v !== null && v !== undefined)
        .map(([k, v]) => [k, typeof v === "boolean" ? String(v) : v]),
    ) as Record<string, string | number>;
    try {
      return t.has(key) ? t(key, p) : fallback;
    } catch {
      return fallback;
    }
  };
  return (
    <article className="space-y-3" data-testid="quickref">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl">{t("rules.title")}</h2>
        <PrintButton />
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        {sections.map((s) => (
          <section key={s.id} className="card" data-testid={`quickref-${s.id}`}>
            <h3 className="mb-2 font-semibold">{say(`formats.sections.${s.id}`, s.title, s.titleParams)}</h3>
            <ul className="list-disc space-y-1 pl-5 text-sm">
              {s.items.map((it, i) => (
                <li key={i}>{say(`formats.quickref.${it.code}`, it.text, it.params)}</li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </article>
  );
}
