import { DocumentLines, DocumentTotalsBlock } from "@client/components/documents/document-lines";
import {
  buyerParty,
  DocumentParties,
  sellerParty,
  useClientParty,
} from "@client/components/documents/document-parties";
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
  // An issued invoice prints the parties frozen at issue; a draft, the settings and client it will freeze.
  const sellerView = invoice.seller
    ? sellerParty(invoice.seller)
    : seller
      ? sellerParty(seller.identity)
      : null;
  const clientView = useClientParty(invoice.buyer ? null : invoice.clientId);
  const buyerView = invoice.buyer
    ? buyerParty(invoice.buyer)
    : (clientView ?? { name: invoice.clientName, address: [], identifiers: [] });
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
          <dl className="grid shrink-0 grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm sm:text-right sm:whitespace-nowrap">
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

        <DocumentParties seller={sellerView} buyer={buyerView} />

        <DocumentLines lines={invoice.lines} label="Lignes de la facture" emptyText="Aucune ligne." />

        <DocumentTotalsBlock
          document={invoice}
          isFranchise={(invoice.seller?.vatRegime ?? seller?.identity.vatRegime) === "franchise"}
        />

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
