import {
  DocumentLoadFailure,
  DocumentLoading,
  DocumentPage,
} from "@client/components/documents/document-page";
import { WithVatRegime } from "@client/components/documents/with-vat-regime";
import { buttonStyles } from "@client/components/ui/button-styles";
import { cn } from "@client/lib/cn";
import { useSellerIdentity } from "@client/lib/seller-identity";
import { useDocumentTitle } from "@client/lib/use-document-title";
import { invoiceTitle } from "@shared/domain/invoice-title";
import { formatDate, formatMoney } from "@shared/format";
import { paths } from "@shared/paths";
import type { InvoiceDto } from "@shared/schemas/invoices";
import { CircleAlert, FileMinus2 } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { toast } from "sonner";
import { useInvoice } from "../api/get-invoice";
import { useUpdateInvoice } from "../api/update-invoice";
import { EinvoiceStatus } from "./einvoice-status";
import { InvoiceActions } from "./invoice-actions";
import { InvoiceDocument } from "./invoice-document";
import { InvoiceForm } from "./invoice-form";
import { formValuesFromInvoice } from "./invoice-form-values";
import { InvoiceHistory } from "./invoice-history";
import { InvoiceReminders } from "./invoice-reminders";
import { InvoiceStatusBadge } from "./invoice-status-badge";
import { PaymentSurpluses } from "./payment-surpluses";

// `?action=edit` opens a draft in the form; invoices have no separate edit URL in paths.ts.
const EDIT_ACTION = "edit";

/**
 * /app/invoices/:id — the invoice, its amounts, what can be done with it, and its history. `after` comes
 * under the page once the invoice is read (the client-link panel: nothing to share for an unknown one).
 */
export function InvoiceDetail({ id, after }: { id: string; after?: ReactNode }) {
  const { data: invoice, isPending, error, refetch } = useInvoice(id);
  const [searchParams, setSearchParams] = useSearchParams();
  useDocumentTitle(invoice ? invoiceTitle(invoice) : "Facture");

  if (isPending) return <DocumentLoading label="Chargement de la facture" />;
  if (error) return <DocumentLoadFailure kind="invoice" error={error} onRetry={() => refetch()} />;

  const isEditing = invoice.status === "brouillon" && searchParams.get("action") === EDIT_ACTION;
  const setEditing = (next: boolean) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next) params.set("action", EDIT_ACTION);
        else params.delete("action");
        return params;
      },
      { replace: !next },
    );

  return (
    <>
      <DocumentPage
        backTo={paths.app.invoices.list}
        backLabel="Factures"
        title={invoiceTitle(invoice)}
        badge={<InvoiceStatusBadge status={invoice.status} kind={invoice.kind} />}
        subtitle={`${invoice.clientName}${invoice.issuedAt ? ` · émise le ${formatDate(invoice.date)}` : ""}`}
        actions={
          isEditing ? null : (
            <InvoiceActions
              invoice={invoice}
              onEdit={() => setEditing(true)}
              isSendRequested={searchParams.get("action") === "send"}
            />
          )
        }
      >
        {isEditing ? (
          <EditDraft invoice={invoice} onDone={() => setEditing(false)} />
        ) : (
          <>
            <Amounts invoice={invoice} />
            {invoice.issuedAt && invoice.kind === "facture" ? (
              <PaymentSurpluses invoiceId={invoice.id} />
            ) : null}
            <Links invoice={invoice} />
            {invoice.status === "brouillon" ? <MissingIdentity /> : null}
            <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
              <InvoiceDocumentWithSeller invoice={invoice} />
              <div className="space-y-6">
                <InvoiceHistory invoice={invoice} />
                {invoice.issuedAt && invoice.kind === "facture" ? (
                  <InvoiceReminders invoiceId={invoice.id} />
                ) : null}
                {invoice.issuedAt ? <EinvoiceStatus invoice={invoice} /> : null}
              </div>
            </div>
          </>
        )}
      </DocumentPage>
      {after}
    </>
  );
}

function EditDraft({ invoice, onDone }: { invoice: InvoiceDto; onDone: () => void }) {
  const update = useUpdateInvoice();
  return (
    <WithVatRegime>
      {(regime) => (
        <InvoiceForm
          defaultValues={formValuesFromInvoice(invoice, regime)}
          vatRegime={regime}
          onCancel={onDone}
          onSubmit={async (input) => {
            // PATCH leaves an omitted field unchanged: emptied notes are sent as "" to clear them.
            await update.mutateAsync({ id: invoice.id, input: { ...input, notes: input.notes ?? "" } });
            toast.success("Brouillon enregistré");
            onDone();
          }}
        />
      )}
    </WithVatRegime>
  );
}

function Amounts({ invoice }: { invoice: InvoiceDto }) {
  const remaining = invoice.totalCents - invoice.paidCents;
  const isSettled = invoice.status === "payée" || invoice.status === "annulée" || invoice.kind === "avoir";
  const items = [
    { label: "Total TTC", value: invoice.totalCents, testId: "amount-total" },
    { label: "Payé", value: invoice.paidCents, testId: "amount-paid" },
    {
      label: "Reste à payer",
      value: isSettled ? 0 : remaining,
      testId: "amount-remaining",
      isAlert: invoice.status === "en-retard",
    },
  ];
  return (
    <dl className="grid grid-cols-3 divide-x rounded-2xl border bg-surface shadow-sm">
      {items.map((item) => (
        <div key={item.label} className="min-w-0 px-3 py-3 sm:px-5 sm:py-4">
          <dt className="truncate text-xs text-muted-foreground sm:text-sm">{item.label}</dt>
          <dd
            data-testid={item.testId}
            className={cn(
              "mt-1 text-right text-base font-semibold tabular-nums sm:text-left sm:text-xl",
              item.isAlert && "text-danger",
            )}
          >
            {formatMoney(item.value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Links({ invoice }: { invoice: InvoiceDto }) {
  if (invoice.kind === "avoir" && invoice.creditedInvoiceId)
    return (
      <p className="flex items-center gap-2 text-sm">
        <FileMinus2 className="size-4 text-muted-foreground" aria-hidden="true" />
        Cet avoir annule{" "}
        <Link
          to={paths.app.invoices.detail(invoice.creditedInvoiceId)}
          className="font-medium text-primary underline-offset-2 hover:underline"
        >
          la facture d'origine
        </Link>
        .
      </p>
    );
  if (invoice.status === "annulée")
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <FileMinus2 className="size-4" aria-hidden="true" />
        Cette facture a été annulée par un avoir.
      </p>
    );
  return null;
}

function MissingIdentity() {
  const { data } = useSellerIdentity();
  if (!data || data.missingForInvoicing.length === 0) return null;
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-xl border border-amber-500/30 bg-amber-500/10 p-4 text-sm sm:flex-row sm:items-center"
    >
      <CircleAlert className="size-5 shrink-0 text-amber-700 dark:text-amber-300" aria-hidden="true" />
      <p className="flex-1">
        Pour émettre cette facture, complétez votre identité : {data.missingForInvoicing.join(", ")}.
      </p>
      <Link to={paths.app.settings} className={buttonStyles({ variant: "secondary", size: "sm" })}>
        Ouvrir les paramètres
      </Link>
    </div>
  );
}

function InvoiceDocumentWithSeller({ invoice }: { invoice: InvoiceDto }) {
  // The settings give a draft's seller and the mentions; an issued invoice prints its frozen parties.
  const { data: seller } = useSellerIdentity();
  return <InvoiceDocument invoice={invoice} seller={seller} />;
}
