import { formatDate, formatMoney } from "@shared/format";
import type { InvoiceDto } from "@shared/schemas/invoices";
import { CircleCheck, FilePlus2, Mail, Send, Wallet, XCircle } from "lucide-react";
import type { ReactNode } from "react";

type Event = { key: string; icon: ReactNode; label: string; detail?: string; at?: string };

/**
 * What happened to the invoice. The API answers the creation and issue dates and the amount paid so far;
 * the individual payments are not in the invoice DTO yet, so payments show as one cumulated entry.
 */
export function InvoiceHistory({ invoice }: { invoice: InvoiceDto }) {
  const events: Event[] = [
    {
      key: "created",
      icon: <FilePlus2 aria-hidden="true" />,
      label: invoice.kind === "avoir" ? "Avoir créé" : "Brouillon créé",
      at: invoice.createdAt,
    },
  ];
  if (invoice.issuedAt && invoice.kind === "facture")
    events.push({
      key: "issued",
      icon: <Send aria-hidden="true" />,
      label: `Émise sous le numéro ${invoice.invoiceNumber}`,
      detail: invoice.dueDate ? `Échéance le ${formatDate(invoice.dueDate)}` : undefined,
      at: invoice.issuedAt,
    });
  // The server keeps the last sending (issue 31 item 20: an e-mail sent shows in the history).
  if (invoice.sentAt)
    events.push({
      key: "sent",
      icon: <Mail aria-hidden="true" />,
      label: "Envoyée par e-mail",
      detail: invoice.buyer?.email ? `À ${invoice.buyer.email}` : undefined,
      at: invoice.sentAt,
    });
  if (invoice.kind === "facture" && invoice.paidCents > 0)
    events.push({
      key: "paid",
      icon: invoice.status === "payée" ? <CircleCheck aria-hidden="true" /> : <Wallet aria-hidden="true" />,
      label: invoice.status === "payée" ? "Réglée intégralement" : "Paiement partiel reçu",
      detail: `${formatMoney(invoice.paidCents)} reçus sur ${formatMoney(invoice.totalCents)}`,
    });
  if (invoice.status === "annulée")
    events.push({ key: "cancelled", icon: <XCircle aria-hidden="true" />, label: "Annulée par un avoir" });

  return (
    <section className="rounded-2xl border bg-surface p-5 shadow-sm" aria-labelledby="invoice-history">
      <h2 id="invoice-history" className="text-base font-semibold">
        Historique
      </h2>
      <ol className="mt-4 space-y-4">
        {events.map((event) => (
          <li key={event.key} className="flex gap-3">
            <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground [&_svg]:size-4">
              {event.icon}
            </span>
            <div className="min-w-0 text-sm">
              <p className="font-medium">{event.label}</p>
              {event.detail ? <p className="text-muted-foreground tabular-nums">{event.detail}</p> : null}
              {event.at ? (
                <p className="text-xs text-muted-foreground">
                  <time dateTime={event.at}>{formatDate(event.at)}</time>
                </p>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
