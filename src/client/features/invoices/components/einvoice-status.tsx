import { Badge } from "@client/components/data-list/badge";
import { buttonStyles } from "@client/components/ui/button-styles";
import { EINVOICE_STATUS_WORDS, EINVOICE_STATUSES } from "@shared/domain/einvoicing";
import { formatDate, formatMoney } from "@shared/format";
import type { InvoiceDto } from "@shared/schemas/invoices";
import { toast } from "sonner";
import { useEinvoiceStatuses, usePendingDeposit, useSendToPlatform } from "../api/einvoice-statuses";

/**
 * The issued invoice on the plateforme agréée (issues 13 §2, 28 §2): its current status as a badge, the
 * lifecycle as a timeline (the reason of a refusal or dispute, the amount cashed), a deposit waiting for the
 * platform to come back, and the deposit when it has not been made (or was rejected).
 */
export function EinvoiceStatus({ invoice }: { invoice: InvoiceDto }) {
  const statuses = useEinvoiceStatuses(invoice.id);
  const pending = usePendingDeposit(invoice.id);
  const send = useSendToPlatform(invoice.id);
  const events = statuses.data ?? [];
  const latest = events.at(-1);
  const waiting = pending.data ?? null;
  const canSend =
    statuses.isSuccess && pending.isSuccess && !waiting && (!latest || latest.status === "rejetee");

  const onSend = () =>
    send.mutate(undefined, {
      onSuccess: (after) =>
        after.at(-1)?.status === "deposee"
          ? toast.success("Facture déposée sur la plateforme")
          : toast.info("La plateforme ne répond pas : le dépôt sera réessayé automatiquement."),
    });

  return (
    <section className="rounded-2xl border bg-surface p-5 shadow-sm" aria-labelledby="einvoice-status">
      <div className="flex items-center justify-between gap-2">
        <h2 id="einvoice-status" className="text-sm font-semibold">
          Facture électronique
        </h2>
        {latest ? (
          <Badge tone={EINVOICE_STATUSES[latest.status].tone}>{EINVOICE_STATUS_WORDS[latest.status]}</Badge>
        ) : (
          <Badge tone="neutral">{waiting ? "Dépôt en attente" : "Non déposée"}</Badge>
        )}
      </div>
      {events.length > 0 ? (
        <ol className="mt-3 space-y-1.5 text-sm">
          {events.map((event) => (
            <li key={`${event.code}-${event.occurredAt}`} className="flex justify-between gap-3">
              <span>
                {EINVOICE_STATUS_WORDS[event.status]}
                {event.amountCents !== null ? ` · ${formatMoney(event.amountCents)}` : null}
                {event.message ? (
                  <span className="block text-xs text-muted-foreground">{event.message}</span>
                ) : null}
              </span>
              <time dateTime={event.occurredAt} className="shrink-0 text-muted-foreground">
                {formatDate(event.occurredAt)}
              </time>
            </li>
          ))}
        </ol>
      ) : null}
      {waiting ? (
        <p className="mt-3 text-sm text-muted-foreground" role="status">
          Dépôt en attente : la plateforme n'a pas encore accepté la facture
          {waiting.nextTryAt
            ? `, nouvel essai automatique le ${formatDate(waiting.nextTryAt)}`
            : " et les essais sont épuisés"}
          .{waiting.error ? <span className="block text-xs">{waiting.error}</span> : null}
        </p>
      ) : null}
      {canSend ? (
        <button
          type="button"
          onClick={onSend}
          disabled={send.isPending}
          className={buttonStyles({ variant: "secondary", className: "mt-4 w-full" })}
        >
          {send.isPending ? "Dépôt…" : "Déposer sur la plateforme"}
        </button>
      ) : null}
    </section>
  );
}
