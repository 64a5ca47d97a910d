import { DocumentLines, DocumentTotalsBlock } from "@client/components/documents/document-lines";
import { cn } from "@client/lib/cn";
import { formatDate } from "@shared/format";
import type { InvoiceDto } from "@shared/schemas/invoices";
import type { IdentitySettingsDto } from "@shared/schemas/settings";

type InvoiceDocumentProps = {
  invoice: InvoiceDto;
  /** The seller identity from the settings, when loaded (see the comment on the seller block). */
  seller?: IdentitySettingsDto;
};

function documentTitle(invoice: InvoiceDto): string {
  return invoice.kind === "avoir" ? "Avoir" : "Facture";
}

/** The invoice as it reads on paper: an A4-like sheet with parties, lines, totals per rate and mentions. */
export function InvoiceDocument({ invoice, seller }: InvoiceDocumentProps) {
  const isDraft = invoice.status === "brouillon";
  // An issued invoice prints the identities frozen at issue; a draft, the settings it will freeze.
  const frozen = invoice.seller;
  const identity = frozen
    ? {
        legalName: frozen.legalName,
        companyName: frozen.companyName,
        siret: frozen.siret,
        siren: frozen.siren,
        vatNumber: frozen.vatNumber,
      }
    : seller?.identity;
  const address = frozen
    ? [
        frozen.address.line1,
        frozen.address.line2,
        [frozen.address.postalCode, frozen.address.city].filter(Boolean).join(" "),
      ]
    : seller?.identity
      ? [
          seller.identity.addressLine1,
          seller.identity.addressLine2,
          [seller.identity.postalCode, seller.identity.city].filter(Boolean).join(" "),
        ]
      : [];
  const buyer = invoice.buyer;
  const buyerAddress = buyer
    ? [
        buyer.address.line1,
        buyer.address.line2,
        [buyer.address.postalCode, buyer.address.city].filter(Boolean).join(" "),
      ]
    : [];
  return (
    <article
      aria-label="Aperçu de la facture"
      className="mx-auto w-full max-w-[52rem] rounded-lg border bg-surface text-sm shadow-md sm:min-h-[70rem] sm:p-12"
    >
      <div className="space-y-8 p-5 sm:p-0">
        <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <p className="text-2xl font-semibold tracking-tight uppercase">{documentTitle(invoice)}</p>
            <p className="mt-1 text-base font-medium text-muted-foreground tabular-nums">
              {invoice.invoiceNumber ?? "Brouillon · numéro attribué à l'émission"}
            </p>
          </div>
          <dl className="grid shrink-0 grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm whitespace-nowrap sm:text-right">
            <dt className="text-muted-foreground">Date d'émission</dt>
            <dd>{isDraft ? "—" : formatDate(invoice.date)}</dd>
            <dt className="text-muted-foreground">Date de la prestation</dt>
            <dd>{invoice.serviceDate ? formatDate(invoice.serviceDate) : "—"}</dd>
            {invoice.kind === "facture" ? (
              <>
                <dt className="text-muted-foreground">Échéance</dt>
                <dd className="font-medium">
                  {invoice.dueDate ? formatDate(invoice.dueDate) : "Fixée à l'émission"}
                </dd>
              </>
            ) : null}
          </dl>
        </header>

        <div className="grid gap-4 sm:grid-cols-2">
          <Party title="Émetteur">
            {identity?.legalName ? (
              <>
                <p className="font-medium">{identity.legalName}</p>
                {identity.companyName ? <p>{identity.companyName}</p> : null}
                {address.filter(Boolean).map((part) => (
                  <p key={part}>{part}</p>
                ))}
                {identity.siret || identity.siren ? (
                  <p className="text-muted-foreground">
                    {identity.siret ? `SIRET ${identity.siret}` : `SIREN ${identity.siren}`}
                  </p>
                ) : null}
                {identity.vatNumber ? (
                  <p className="text-muted-foreground">TVA {identity.vatNumber}</p>
                ) : null}
              </>
            ) : (
              <p className="text-muted-foreground italic">Vos coordonnées (Paramètres)</p>
            )}
          </Party>
          <Party title="Client">
            <p className="font-medium">{buyer?.company ?? invoice.clientName}</p>
            {buyer?.contactName && buyer.company ? <p>À l'attention de {buyer.contactName}</p> : null}
            {buyerAddress.filter(Boolean).map((part) => (
              <p key={part}>{part}</p>
            ))}
            {buyer?.siret || buyer?.siren ? (
              <p className="text-muted-foreground">
                {buyer.siret ? `SIRET ${buyer.siret}` : `SIREN ${buyer.siren}`}
              </p>
            ) : null}
          </Party>
        </div>

        <DocumentLines lines={invoice.lines} label="Lignes de la facture" emptyText="Aucune ligne." />

        <DocumentTotalsBlock document={invoice} />

        {invoice.notes ? (
          <p className="rounded-lg bg-muted/60 p-3 whitespace-pre-line">{invoice.notes}</p>
        ) : null}

        {seller && seller.mentions.length > 0 ? (
          <footer className="space-y-0.5 border-t pt-4 text-xs text-muted-foreground">
            {seller.mentions.map((mention) => (
              <p key={mention}>{mention}</p>
            ))}
          </footer>
        ) : null}
      </div>
    </article>
  );
}

function Party({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className={cn("rounded-lg border bg-muted/40 p-4 leading-relaxed")} aria-label={title}>
      <h3 className="mb-1 text-xs font-medium tracking-wide text-muted-foreground uppercase">{title}</h3>
      {children}
    </section>
  );
}
