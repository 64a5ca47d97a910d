import { buttonStyles } from "@client/components/ui/button-styles";
import { DownloadButton } from "@client/components/ui/download-button";
import { SectionCard } from "@client/components/ui/section-card";
import { isApiError } from "@client/lib/api-error";
import { formatDate, formatMoney } from "@shared/format";
import { ReceiptText, RefreshCw } from "lucide-react";
import { useRegistrationInvoice } from "../api/get-registration-invoice";

/** « Facture d'inscription »: the invoice of the 59 € registration, to download. */
export function RegistrationInvoiceCard() {
  const { data, isPending, isError, error, refetch } = useRegistrationInvoice();
  return (
    <SectionCard
      id="inscription"
      icon={ReceiptText}
      title="Facture d'inscription"
      description="La facture de votre inscription à Ardoise, émise par l'exploitant de ce service."
    >
      {isPending ? (
        <div role="status" aria-busy="true" className="h-16 animate-pulse rounded-xl bg-muted">
          <span className="sr-only">Chargement de la facture d'inscription…</span>
        </div>
      ) : isError ? (
        isApiError(error) && error.status === 404 ? (
          <p className="text-sm text-muted-foreground">{error.message}</p>
        ) : (
          <div role="alert" className="space-y-3">
            <p className="text-sm text-foreground">
              Impossible de charger votre facture d'inscription. {error.message}
            </p>
            <button
              type="button"
              onClick={() => void refetch()}
              className={buttonStyles({ variant: "secondary" })}
            >
              <RefreshCw aria-hidden="true" />
              Réessayer
            </button>
          </div>
        )
      ) : (
        <div className="space-y-4">
          {data.isTest ? (
            <p className="rounded-lg border border-dashed px-3 py-2 text-sm text-muted-foreground">
              Facture d'essai — paiement de test, sans valeur.
            </p>
          ) : null}
          <dl className="grid gap-3 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-muted-foreground">Numéro</dt>
              <dd className="font-medium text-foreground">{data.number}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Date</dt>
              <dd className="font-medium text-foreground">{formatDate(data.date)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Montant</dt>
              <dd className="font-medium text-foreground">
                {formatMoney(data.totalCents)} {data.taxCents > 0 ? "TTC" : ""}
                {data.taxCents > 0 ? (
                  <span className="block text-xs font-normal text-muted-foreground">
                    dont TVA {formatMoney(data.taxCents)}
                  </span>
                ) : null}
              </dd>
            </div>
          </dl>
          <DownloadButton
            href={data.pdfUrl}
            fallbackFilename={`Facture-${data.number}.pdf`}
            label="Télécharger la facture (PDF)"
          />
        </div>
      )}
    </SectionCard>
  );
}
