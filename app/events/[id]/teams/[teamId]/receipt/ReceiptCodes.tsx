"use client";
/**
 * The claim codes of a receipt (issue #10: codes are stored hashed, so they can be shown only
 * when issued). Right after registration the codes come from the registering tab
 * (sessionStorage, read once and removed); otherwise "Print new claim codes" issues new codes
 * (the old ones stop working) and shows them.
 */
import { useEffect, useState, useTransition } from "react";
import { useTranslations } from "next-intl";
import { reissueClaimCodes } from "@/app/actions";
import { failureText } from "@/components/actionErrorText";
import { PrintButton } from "@/components/PrintButton";

export function ReceiptCodes({ teamId, unclaimed }: { teamId: string; unclaimed: ("A" | "B")[] }) {
  const t = useTranslations("account");
  const tc = useTranslations("common");
  const [codes, setCodes] = useState<Partial<Record<"A" | "B", string>> | null>(null);
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const key = `tandem.claim.${teamId}`;
    const stored = sessionStorage.getItem(key);
    if (stored) { sessionStorage.removeItem(key); try { setCodes(JSON.parse(stored)); } catch { /* ignore */ } }
  }, [teamId]);
  if (unclaimed.length === 0) return <PrintButton />;
  return (
    <div className="space-y-2">
      {codes ? (
        <>
          <ul className="space-y-1" aria-label={t("claimCodes")}>
            {unclaimed.filter((d) => codes[d]).map((d) => (
              <li key={d}>{t("claimCodeFor", { d })} <code className="text-lg font-bold tracking-widest" data-testid={`claim-${d}`}>{codes[d]}</code></li>
            ))}
          </ul>
          <p className="text-xs text-slate-600">{t("claimCodesOnce")}</p>
          <PrintButton />
        </>
      ) : (
        <>
          <p className="no-print text-sm text-slate-600">{t("claimCodesHidden")}</p>
          <button type="button" className="btn no-print" disabled={pending} data-testid="reissue-claim"
            onClick={() => {
              if (!window.confirm(t("reissueConfirm"))) return;
              setError(null);
              start(async () => {
                const r = await reissueClaimCodes({ teamId });
                if (r.ok) setCodes((r.data as { claimCodes: Partial<Record<"A" | "B", string>> }).claimCodes);
                else setError(failureText(tc, r.error).message);
              });
            }}>{t("reissue")}</button>
          {error && <p role="alert" className="text-sm text-red-700">{error}</p>}
        </>
      )}
    </div>
  );
}
