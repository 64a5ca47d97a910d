import { Badge } from "@client/components/data-list/badge";
import { formatDate, formatParisDateTime } from "@shared/format";
import type { InvoiceReminderDto } from "@shared/schemas/invoices";
import { useInvoiceReminders } from "../api/get-invoice-reminders";

const STATUS: Record<InvoiceReminderDto["status"], { label: string; tone: "info" | "success" | "neutral" }> =
  {
    pending: { label: "Prévue", tone: "info" },
    sent: { label: "Envoyée", tone: "success" },
    cancelled: { label: "Annulée", tone: "neutral" },
  };

const whenBeforeDue = (days: number) =>
  days === 0
    ? "Le jour de l'échéance"
    : days > 0
      ? `${days} jours avant l'échéance`
      : `${-days} jours après l'échéance`;

/** The reminder e-mails of an issued invoice (issue 31): when each goes out, or went, or why it will not. */
export function InvoiceReminders({ invoiceId }: { invoiceId: string }) {
  const { data: reminders, isPending, error } = useInvoiceReminders(invoiceId);
  return (
    <section className="rounded-2xl border bg-surface p-5 shadow-sm" aria-labelledby="invoice-reminders">
      <h2 id="invoice-reminders" className="text-base font-semibold">
        Relances
      </h2>
      {isPending ? (
        <p className="mt-3 text-sm text-muted-foreground">Chargement des relances…</p>
      ) : error ? (
        <p role="alert" className="mt-3 text-sm text-danger">
          Les relances n'ont pas pu être chargées : {error.message}
        </p>
      ) : reminders.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">
          Aucune relance prévue : l'échéance est passée ou la facture n'en a pas.
        </p>
      ) : (
        <ol className="mt-4 space-y-3">
          {reminders.map((reminder) => (
            <li key={reminder.id} className="flex items-start justify-between gap-3 text-sm">
              <div className="min-w-0">
                <p className="font-medium">{whenBeforeDue(reminder.daysBeforeDue)}</p>
                <p className="text-muted-foreground">
                  {reminder.status === "sent" && reminder.sentAt ? (
                    <>
                      Envoyée le{" "}
                      <time dateTime={reminder.sentAt}>{formatParisDateTime(reminder.sentAt)}</time>
                    </>
                  ) : (
                    <>
                      {reminder.status === "cancelled" ? "Était prévue le " : "Le "}
                      <time dateTime={reminder.scheduledFor}>{formatDate(reminder.scheduledFor)}</time>
                    </>
                  )}
                </p>
              </div>
              <Badge tone={STATUS[reminder.status].tone}>{STATUS[reminder.status].label}</Badge>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
