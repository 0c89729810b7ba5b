"use client";
import { signOut } from "next-auth/react";
import { useTranslations } from "next-intl";
import { forgetOfflinePages } from "./OfflineSupport";

export function SignOutButton() {
  const t = useTranslations("nav");
  return (
    <button
      type="button"
      className="text-sm text-brand-700 hover:underline"
      onClick={() => forgetOfflinePages().then(() => signOut({ callbackUrl: "/" }))}
    >
      {t("signOut")}
    </button>
  );
}
