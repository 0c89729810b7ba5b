"use client";
/**
 * The claim codes of a receipt (issue #10: codes are stored hashed, so they can be shown only
 * when issued). Right after registration the codes come from the registering tab
 * (sessionStorage, read once and removed); otherwise "Print new claim codes" issues new codes
 * (the old ones stop working) and shows them. `ClaimCodeSlot` puts each code, with the QR code of
 * the claim page (issue #13 item 6), in its duelist's half of the receipt.
 */
import { createContext, useContext, useEffect, useState, useTransition, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import QRCode from "qrcode";
import { reissueClaimCodes } from "@/lib/server/actions/browser/core";
import { failureText } from "@/components/actionErrorText";
import { PrintButton } from "@/components/PrintButton";

type Codes = Partial<Record<"A" | "B", string>>;
const CodesContext = createContext<{ codes: Codes | null; setCodes: (c: Codes) => void } | null>(null);

/**
 * One duelist's code, when it was just issued: the code, a QR code of
 * `<claimBase>?code=<code>` (drawn here from the plaintext; `claimBase` is the claim page on the
 * public address, null when only loopback is known) and the same link in text, or, without a
 * public address, the note that no link could be printed. Nothing when no code is at hand.
 */
export function ClaimCodeSlot({ d, claimBase }: { d: "A" | "B"; claimBase: string | null }) {
  const t = useTranslations("receipt");
  const te = useTranslations("eventday.receipt");
  const code = useContext(CodesContext)?.codes?.[d];
  const claimUrl = code && claimBase ? `${claimBase}?code=${encodeURIComponent(code)}` : null;
  const [qr, setQr] = useState<{ url: string; src: string } | null>(null);
  useEffect(() => {
    if (!claimUrl) return;
    let live = true;
    QRCode.toDataURL(claimUrl, { margin: 2, scale: 4, errorCorrectionLevel: "M" })
      .then((src) => {
        if (live) setQr({ url: claimUrl, src });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [claimUrl]);
  if (!code) return null;
  return (
    <div className="flex flex-wrap items-start gap-4">
      {qr && qr.url === claimUrl && (
        // a PNG data: URL (crisp when printed with pixelated scaling); next/image has nothing to optimise in it
        // eslint-disable-next-line @next/next/no-img-element
        <img
          src={qr.src}
          alt={te("qrAlt", { url: claimUrl })}
          width={132}
          height={132}
          className="h-[132px] w-[132px] shrink-0 [image-rendering:pixelated]"
          data-testid={`receipt-qr-${d}`}
        />
      )}
      <div className="min-w-0 flex-1 basis-48 space-y-1">
        <p>
          {t("claimCode")}{" "}
          <code className="whitespace-nowrap text-lg font-bold tracking-widest" data-testid={`claim-${d}`}>
            {code}
          </code>
        </p>
        {claimUrl ? (
          <p className="text-sm">
            {te("scanOrOpen")}{" "}
            <span className="font-mono text-xs [overflow-wrap:anywhere]" data-testid={`claim-url-${d}`}>
              {claimUrl}
            </span>
          </p>
        ) : (
          <p className="text-sm font-semibold text-amber-900" data-testid={`no-address-${d}`}>
            {te("loopbackPaper")}
          </p>
        )}
      </div>
    </div>
  );
}

/** Holds the codes just issued for `teamId` (read once from the registering tab's sessionStorage). */
export function ClaimCodesProvider({ teamId, children }: { teamId: string; children: ReactNode }) {
  const [codes, setCodes] = useState<Codes | null>(null);
  useEffect(() => {
    const key = `tandem.claim.${teamId}`;
    const stored = sessionStorage.getItem(key);
    if (!stored) return;
    sessionStorage.removeItem(key);
    let parsed: Codes | null = null;
    try {
      parsed = JSON.parse(stored) as Codes;
    } catch {
      /* ignore */
    }
    // sessionStorage exists only in the browser, so the codes are read after hydration (the server render has none).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (parsed) setCodes(parsed);
  }, [teamId]);
  return <CodesContext.Provider value={{ codes, setCodes }}>{children}</CodesContext.Provider>;
}

/**
 * The receipt's controls (not printed): Print when the codes are at hand (with "shown only now")
 * or every duelist has claimed; otherwise "codes are shown once" and "Print new claim codes".
 * `unclaimed`: how many of the team's duelists have not claimed yet.
 */
export function ClaimCodesControls({ teamId, unclaimed }: { teamId: string; unclaimed: number }) {
  const t = useTranslations("account");
  const tc = useTranslations("common");
  const ctx = useContext(CodesContext);
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  if (unclaimed === 0) return <PrintButton />;
  if (ctx?.codes) {
    return (
      <div className="flex flex-wrap items-center justify-end gap-2">
        <p className="text-xs text-slate-600">{t("claimCodesOnce")}</p>
        <PrintButton />
      </div>
    );
  }
  return (
    <div className="w-full space-y-2">
      <p className="text-sm text-slate-600">{t("claimCodesHidden")}</p>
      <button
        type="button"
        className="btn"
        disabled={pending}
        data-testid="reissue-claim"
        onClick={() => {
          if (!window.confirm(t("reissueConfirm"))) return;
          setError(null);
          start(async () => {
            const r = await reissueClaimCodes({ teamId });
            if (r.ok) ctx?.setCodes(r.data.claimCodes);
            else setError(failureText(tc, r.error).message);
          });
        }}
      >
        {t("reissue")}
      </button>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
