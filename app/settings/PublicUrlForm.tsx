"use client";
import { useTranslations } from "next-intl";
import { ActionForm } from "@/components/ActionForm";
import { setPublicUrl } from "@/lib/server/actions/browser/core";

/** The public address field; empty = use PUBLIC_URL or this computer's network address. */
export function PublicUrlForm({ current }: { current: string }) {
  const t = useTranslations("eventday.settings");
  return (
    <ActionForm action={setPublicUrl} submitLabel={t("save")} testId="public-url-form" successMessage={() => t("saved")}>
      <div>
        <label htmlFor="f-url" className="label">
          {t("field")}
        </label>
        <input
          id="f-url"
          name="url"
          type="url"
          inputMode="url"
          defaultValue={current}
          placeholder="http://192.168.1.20:3000"
          className="input mt-1"
          data-keep-empty=""
        />
        <p className="mt-1 text-xs text-slate-500">{t("hint")}</p>
      </div>
    </ActionForm>
  );
}
