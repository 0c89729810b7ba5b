"use client";
/**
 * The claim codes of a receipt (issue #10: codes are stored hashed, so they can be shown only
 * when issued). Right after registration the codes come from the registering tab
 * (sessionStorage, read once and removed); otherwise "Print new claim codes" issues new codes
 * (the old ones stop working) and shows them. `ClaimCodeSlot` puts each code in its duelist's line.
 */
import { createContext, useContext, useEffect, useState, useTransition, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import { reissueClaimCodes } from "@/app/actions";
import { failureText } from "@/components/actionErrorText";
import { PrintButton } from "@/components/PrintButton";

type Codes = Partial<Record<"A" | "B", string>>;
const CodesContext = createContext<Codes | null>(null);

/** One duelist's code, when it was just issued. */
export function ClaimCodeSlot({ d }: { d: "A" | "B" }) {
  const t = useTranslations("receipt");
  const code = useContext(CodesContext)?.[d];
  if (!code) return null;
  return <p>{t("claimCode")} <code className="text-lg font-bold tracking-widest" data-testid={`claim-${d}`}>{code}</code></p>;
}

export function ClaimCodesProvider({ teamId, unclaimed, children }: { teamId: string; unclaimed: ("A" | "B")[]; children: ReactNode }) {
  const t = useTranslations("account");
  const tc = useTranslations("common");
  const [codes, setCodes] = useState<Codes | null>(null);
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const key = `tandem.claim.${teamId}`;
    const stored = sessionStorage.getItem(key);
    if (stored) { sessionStorage.removeItem(key); try { setCodes(JSON.parse(stored) as Codes); } catch { /* ignore */ } }
  }, [teamId]);
  return (
    <CodesContext.Provider value={codes}>
      {children}
      {unclaimed.length === 0 ? <PrintButton /> : codes ? (
        <div className="space-y-2">
          <p className="no-print text-xs text-slate-600">{t("claimCodesOnce")}</p>
          <PrintButton />
        </div>
      ) : (
        <div className="no-print space-y-2">
          <p className="text-sm text-slate-600">{t("claimCodesHidden")}</p>
          <button type="button" className="btn" disabled={pending} data-testid="reissue-claim"
            onClick={() => {
              if (!window.confirm(t("reissueConfirm"))) return;
              setError(null);
              start(async () => {
                const r = await reissueClaimCodes({ teamId });
                if (r.ok) setCodes((r.data as { claimCodes: Codes }).claimCodes);
                else setError(failureText(tc, r.error).message);
              });
            }}>{t("reissue")}</button>
          {error && <p role="alert" className="text-sm text-red-700">{error}</p>}
        </div>
      )}
    </CodesContext.Provider>
  );
}
