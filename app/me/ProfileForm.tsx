"use client";
/** The player's profile (issue #16): display name, email (contact only), Player IDs per game, language. */
import { useTranslations } from "next-intl";
import { ActionForm, Field } from "@/components/ActionForm";
import { updateProfile } from "@/lib/server/actions/browser/players";
import { LOCALE_COOKIE } from "@/lib/i18n/config";

export function ProfileForm(p: { displayName: string; email: string; konamiId: string; wizardsId: string; language: string }) {
  const t = useTranslations("players.profile");
  return (
    <ActionForm
      action={updateProfile}
      submitLabel={t("save")}
      testId="profile"
      successMessage={() => t("saved")}
      onSuccess={(_d, input) => {
        // The chosen language becomes this browser's locale (the same cookie as the language switcher).
        if (input.language) document.cookie = `${LOCALE_COOKIE}=${String(input.language)}; path=/; max-age=31536000; samesite=lax`;
      }}
    >
      <Field label={t("displayName")} name="displayName" defaultValue={p.displayName} required hint={t("displayNameHint")} />
      <Field label={t("konamiId")} name="konamiId" defaultValue={p.konamiId} inputMode="numeric" hint={t("konamiIdHint")} />
      <Field label={t("wizardsId")} name="wizardsId" defaultValue={p.wizardsId} />
      <Field label={t("email")} name="email" type="email" defaultValue={p.email} hint={t("emailHint")} />
      <Field label={t("language")} name="language" as="select" defaultValue={p.language}>
        <option value="">{t("languageBrowser")}</option>
        <option value="en">English</option>
        <option value="pt-BR">Português (Brasil)</option>
        <option value="it">Italiano</option>
      </Field>
    </ActionForm>
  );
}
