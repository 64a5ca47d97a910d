import { RecordLoadError } from "@client/components/record-load-error";
import { BackLink, FormPageHeader } from "@client/components/ui/form-page-header";
import { useDocumentTitle } from "@client/lib/use-document-title";
import type { VatRegime } from "@shared/domain/legal-identity";
import { paths } from "@shared/paths";
import { LoaderCircle } from "lucide-react";
import type { ReactNode } from "react";
import { WithVatRegime } from "./with-vat-regime";

const pageClass = "mx-auto w-full max-w-6xl space-y-6 px-4 py-6 sm:px-6 sm:py-8";

type NewDocumentPageProps = {
  title: string;
  /** One line on what happens on save. */
  description: string;
  /** The list, and its name on the back link. */
  backTo: string;
  backLabel: string;
  /** The form, once the seller's VAT regime (the rate of new lines) is known. */
  children: (regime: VatRegime) => ReactNode;
};

/** /app/invoices/new and /app/quotes/new: the page around a new document's form. */
export function NewDocumentPage({ title, description, backTo, backLabel, children }: NewDocumentPageProps) {
  useDocumentTitle(title);
  return (
    <div className={pageClass}>
      <FormPageHeader backTo={backTo} backLabel={backLabel} title={title} description={description} />
      <WithVatRegime>{children}</WithVatRegime>
    </div>
  );
}

/** While an invoice or a quote loads; `label` names it for screen readers (« Chargement du devis »). */
export function DocumentLoading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-24" role="status" aria-label={label}>
      <LoaderCircle className="size-6 animate-spin text-muted-foreground" aria-hidden="true" />
    </div>
  );
}

/** What a document's page says when it cannot be read (see RecordLoadError), by kind of document. */
const loadFailures = {
  invoice: {
    missingTitle: "Facture introuvable",
    missingDescription: "Cette facture n'existe pas ou a été supprimée.",
    failedTitle: "Impossible de charger la facture",
    backTo: paths.app.invoices.list,
    backLabel: "Retour aux factures",
    listLabel: "Factures",
  },
  quote: {
    missingTitle: "Devis introuvable",
    missingDescription: "Ce devis n'existe pas ou a été supprimé.",
    failedTitle: "Impossible de charger le devis",
    backTo: paths.app.quotes.list,
    backLabel: "Retour aux devis",
    listLabel: "Devis",
  },
  contract: {
    missingTitle: "Contrat introuvable",
    missingDescription: "Ce contrat n'existe pas ou a été supprimé.",
    failedTitle: "Impossible de charger le contrat",
    backTo: paths.app.contracts.list,
    backLabel: "Retour aux contrats",
    listLabel: "Contrats",
  },
} as const;

/** An invoice's, a quote's or a contract's page that could not be read: its back link, then why. */
export function DocumentLoadFailure({
  kind,
  error,
  onRetry,
}: {
  kind: keyof typeof loadFailures;
  error: Error;
  onRetry: () => void;
}) {
  const { listLabel, ...texts } = loadFailures[kind];
  return (
    <div className={pageClass}>
      <BackLink to={texts.backTo}>{listLabel}</BackLink>
      <RecordLoadError error={error} onRetry={onRetry} {...texts} />
    </div>
  );
}

type DocumentPageProps = {
  backTo: string;
  backLabel: string;
  /** The heading, its status badge beside it, and a line under it (client, date, amount). */
  title: ReactNode;
  badge?: ReactNode;
  subtitle?: ReactNode;
  /** What can be done with the document, on the right from `lg` (under the title before). */
  actions?: ReactNode;
  children: ReactNode;
};

/** An invoice's or a quote's page: the back link, the title with its status and actions, then the rest. */
export function DocumentPage({
  backTo,
  backLabel,
  title,
  badge,
  subtitle,
  actions,
  children,
}: DocumentPageProps) {
  return (
    <div className={pageClass}>
      <BackLink to={backTo}>{backLabel}</BackLink>
      <header className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-semibold tracking-tight tabular-nums">{title}</h1>
            {badge}
          </div>
          {subtitle ? <p className="mt-1 truncate text-sm text-muted-foreground">{subtitle}</p> : null}
        </div>
        {actions}
      </header>
      {children}
    </div>
  );
}
