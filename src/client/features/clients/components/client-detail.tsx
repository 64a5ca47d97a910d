import { Badge, type BadgeTone } from "@client/components/data-list/badge";
import { RecordLoadError } from "@client/components/record-load-error";
import { buttonStyles } from "@client/components/ui/button-styles";
import { SelectField } from "@client/components/ui/select-field";
import { returnPath } from "@client/lib/return-to";
import { useDocumentTitle } from "@client/lib/use-document-title";
import { type ContractStatus, contractStatusLabels } from "@shared/domain/contract-status";
import { formatPhone } from "@shared/domain/identifiers";
import { type InvoiceStatus, invoiceStatusLabel } from "@shared/domain/invoice-status";
import { invoiceTitle } from "@shared/domain/invoice-title";
import { type ProjectStatus, projectStatusLabels } from "@shared/domain/project-status";
import { formatDate, formatMoney } from "@shared/format";
import { paths } from "@shared/paths";
import {
  type ClientDetailDto,
  type ClientDto,
  type ClientStatus,
  clientStatuses,
  clientStatusLabels,
} from "@shared/schemas/clients";
import { type QuoteStatus, quoteStatusLabels } from "@shared/schemas/quotes";
import { ArrowLeft, FilePlus2, Mail, MapPin, Pencil, Phone, UserX } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { useDeleteClient } from "../api/delete-client";
import { useClient } from "../api/get-client";
import { useUpdateClient } from "../api/update-client";
import { ClientForm } from "./client-form";
import { ClientStatusBadge } from "./client-status-badge";
import { DeleteClientDialog } from "./delete-client-dialog";
import { showError } from "./show-error";

const documentTones: Record<string, BadgeTone> = {
  brouillon: "neutral",
  "en-attente": "warning",
  envoyé: "info",
  payée: "success",
  accepté: "success",
  signé: "success",
  "en-cours": "info",
  active: "info",
  "en-retard": "danger",
  refusé: "danger",
  expiré: "neutral",
  annulée: "neutral",
  terminé: "neutral",
  "en-pause": "warning",
};
export function ClientDetail({ id }: { id: string }) {
  const query = useClient(id);
  useDocumentTitle(query.data?.client.name ?? "Client");
  if (query.isPending)
    return (
      <Page>
        <div role="status" aria-label="Chargement du client" className="space-y-4">
          <div className="h-8 w-1/3 animate-pulse rounded bg-muted" />
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {[1, 2, 3, 4].map((key) => (
              <div key={key} className="h-24 animate-pulse rounded-xl bg-muted" />
            ))}
          </div>
          <div className="h-64 animate-pulse rounded-2xl bg-muted" />
        </div>
      </Page>
    );
  if (query.isError)
    return (
      <Page>
        <RecordLoadError
          error={query.error}
          onRetry={() => query.refetch()}
          icon={<UserX className="size-6" aria-hidden="true" />}
          missingTitle="Client introuvable"
          missingDescription="Ce client n'existe pas ou a été supprimé."
          failedTitle="Impossible de charger ce client"
          backTo={paths.app.clients.list}
          backLabel="Retour aux clients"
        />
      </Page>
    );
  return <Loaded detail={query.data} />;
}

function Page({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <Link
        to={paths.app.clients.list}
        className="inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Clients
      </Link>
      {children}
    </div>
  );
}

function Loaded({ detail }: { detail: ClientDetailDto }) {
  const { client, totals, counts } = detail;
  // « Compléter la fiche client » from the issue dialog opens the form and goes back to the invoice after.
  const [search] = useSearchParams();
  const back = returnPath(search);
  const [isEditing, setEditing] = useState(search.get("modifier") === "1");
  const update = useUpdateClient();
  const remove = useDeleteClient();
  const navigate = useNavigate();

  const onStatusChange = (status: ClientStatus) =>
    update.mutate(
      { id: client.id, input: { status } },
      {
        onSuccess: () => toast.success(`Statut : ${clientStatusLabels[status]}`),
        onError: showError,
      },
    );
  const onDelete = () =>
    remove.mutateAsync(client.id).then(() => {
      toast.success("Client supprimé");
      navigate(paths.app.clients.list, { replace: true });
    }, showError);

  if (isEditing)
    return (
      <Page>
        <h1 className="text-2xl font-semibold tracking-tight">Modifier {client.name}</h1>
        <ClientForm
          initial={client}
          submitLabel="Enregistrer"
          isPending={update.isPending}
          onCancel={() => (back ? navigate(back) : setEditing(false))}
          onSubmit={async (input) => {
            await update.mutateAsync({ id: client.id, input });
            toast.success("Client enregistré");
            if (back) navigate(back);
            else setEditing(false);
          }}
        />
      </Page>
    );

  return (
    <Page>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-semibold tracking-tight break-words">{client.name}</h1>
            <ClientStatusBadge status={client.status} />
          </div>
          <p className="mt-1 text-sm text-muted-foreground">
            {[client.isBusiness ? "Professionnel" : "Particulier", client.company]
              .filter(Boolean)
              .join(" · ")}{" "}
            · client depuis le {formatDate(client.createdAt)}
          </p>
        </div>
        <div className="grid grid-cols-2 items-end gap-2 sm:flex">
          <SelectField
            label="Statut"
            className="col-span-2 sm:w-40"
            value={client.status}
            disabled={update.isPending}
            onChange={(event) => onStatusChange(event.target.value as ClientStatus)}
          >
            {clientStatuses.map((status) => (
              <option key={status} value={status}>
                {clientStatusLabels[status]}
              </option>
            ))}
          </SelectField>
          <button
            type="button"
            onClick={() => setEditing(true)}
            className={buttonStyles({ variant: "secondary", className: "h-11" })}
          >
            <Pencil aria-hidden="true" />
            Modifier
          </button>
          <DeleteClientDialog clientName={client.name} isPending={remove.isPending} onConfirm={onDelete} />
          {/* The next action where the user is (issue 31 item 20): an invoice for this client. */}
          <Link
            to={paths.app.invoices.newFor(client.id)}
            className={buttonStyles({ className: "order-first col-span-2 h-11" })}
          >
            <FilePlus2 aria-hidden="true" />
            Nouvelle facture
          </Link>
        </div>
      </div>

      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat label="Chiffre d'affaires encaissé" value={formatMoney(totals.revenueCents)} tone="success" />
        <Stat
          label="Reste à encaisser"
          value={formatMoney(totals.unpaidCents)}
          tone={totals.unpaidCents > 0 ? "warning" : undefined}
        />
        <Stat label="Factures" value={String(counts.invoices)} />
        <Stat label="Devis" value={String(counts.quotes)} />
      </dl>

      {/* grid-cols-1 is minmax(0, 1fr): an implicit column would widen to a long title's length. */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <IdentityCard client={client} />
        <div className="grid grid-cols-1 gap-6 sm:grid-cols-2">
          <Related
            title="Factures"
            count={counts.invoices}
            allHref={paths.app.invoices.list}
            empty="Aucune facture."
            rows={detail.invoices.map((invoice) => ({
              id: invoice.id,
              href: paths.app.invoices.detail(invoice.id),
              title: invoiceTitle({ ...invoice, invoiceNumber: invoice.number, clientName: client.name }),
              subtitle: formatDate(invoice.date),
              amount: formatMoney(invoice.totalCents),
              status: invoice.status,
              statusLabel: invoiceStatusLabel({ ...invoice, status: invoice.status as InvoiceStatus }),
            }))}
          />
          <Related
            title="Devis"
            count={counts.quotes}
            allHref={paths.app.quotes.list}
            empty="Aucun devis."
            rows={detail.quotes.map((quote) => ({
              id: quote.id,
              href: paths.app.quotes.detail(quote.id),
              title: quote.number ?? "Brouillon",
              subtitle: formatDate(quote.date),
              amount: formatMoney(quote.totalCents),
              status: quote.status,
              statusLabel: quoteStatusLabels[quote.status as QuoteStatus] ?? quote.status,
            }))}
          />
          <Related
            title="Projets"
            count={counts.projects}
            allHref={paths.app.projects.list}
            empty="Aucun projet."
            rows={detail.projects.map((project) => ({
              id: project.id,
              href: paths.app.projects.detail(project.id),
              title: project.name,
              subtitle: `Créé le ${formatDate(project.createdAt)}`,
              status: project.status,
              statusLabel: projectStatusLabels[project.status as ProjectStatus] ?? project.status,
            }))}
          />
          <Related
            title="Contrats"
            count={counts.contracts}
            allHref={paths.app.contracts.list}
            empty="Aucun contrat."
            rows={detail.contracts.map((contract) => ({
              id: contract.id,
              // paths has no contract detail builder yet: the contracts area owns its nested routes.
              href: `${paths.app.contracts.list}/${encodeURIComponent(contract.id)}`,
              title: contract.title,
              subtitle: contract.number ?? formatDate(contract.createdAt),
              status: contract.status,
              statusLabel: contractStatusLabels[contract.status as ContractStatus] ?? contract.status,
            }))}
          />
        </div>
      </div>
    </Page>
  );
}

function Stat({ label, value, tone }: { label: string; value: string; tone?: "success" | "warning" }) {
  const color =
    tone === "success"
      ? "text-emerald-700 dark:text-emerald-300"
      : tone === "warning"
        ? "text-amber-700 dark:text-amber-300"
        : "text-foreground";
  return (
    <div className="rounded-xl border bg-surface p-4 shadow-sm">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className={`mt-1 text-lg font-semibold tabular-nums sm:text-xl ${color}`}>{value}</dd>
    </div>
  );
}

function InfoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-2 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-right font-medium break-words">{children}</dd>
    </div>
  );
}

function IdentityCard({ client }: { client: ClientDto }) {
  const address = [
    client.addressLine1,
    client.addressLine2,
    [client.postalCode, client.city].filter(Boolean).join(" "),
    client.country !== "FR" ? client.country : null,
  ].filter(Boolean);
  return (
    <section
      aria-label="Fiche client"
      className="space-y-5 rounded-2xl border bg-surface p-5 shadow-sm sm:p-6"
    >
      <div className="space-y-2 text-sm">
        {client.contactName ? <p className="font-medium">{client.contactName}</p> : null}
        {client.email ? (
          <a href={`mailto:${client.email}`} className="flex items-center gap-2 text-primary hover:underline">
            <Mail className="size-4 shrink-0" aria-hidden="true" />
            <span className="truncate">{client.email}</span>
          </a>
        ) : null}
        {client.phone ? (
          <a href={`tel:${client.phone}`} className="flex items-center gap-2 text-primary hover:underline">
            <Phone className="size-4 shrink-0" aria-hidden="true" />
            {formatPhone(client.phone)}
          </a>
        ) : null}
        {address.length > 0 ? (
          <p className="flex items-start gap-2 text-muted-foreground">
            <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              {address.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </span>
          </p>
        ) : null}
        {!client.email && !client.phone && address.length === 0 ? (
          <p className="text-muted-foreground">Aucune coordonnée renseignée.</p>
        ) : null}
      </div>
      {client.isBusiness ? (
        <div>
          <h2 className="text-sm font-semibold">Informations légales</h2>
          <dl className="mt-1 divide-y">
            <InfoRow label="SIREN">{client.siren ?? "—"}</InfoRow>
            <InfoRow label="SIRET">{client.siret ?? "—"}</InfoRow>
            <InfoRow label="N° TVA">{client.vatNumber ?? "—"}</InfoRow>
            <InfoRow label="Délai de paiement">
              {client.paymentTermsDays === null ? "Par défaut" : `${client.paymentTermsDays} jours`}
            </InfoRow>
          </dl>
        </div>
      ) : null}
      {client.notes ? (
        <div>
          <h2 className="text-sm font-semibold">Notes</h2>
          <p className="mt-1 text-sm whitespace-pre-line text-muted-foreground">{client.notes}</p>
        </div>
      ) : null}
    </section>
  );
}

type RelatedRow = {
  id: string;
  href: string;
  title: string;
  subtitle: string;
  amount?: string;
  /** The stored value, for the badge's colour. */
  status: string;
  /** Its word, from the shared label map of its kind (one word per state on every screen). */
  statusLabel: string;
};

function Related({
  title,
  count,
  rows,
  empty,
  allHref,
}: {
  title: string;
  count: number;
  rows: RelatedRow[];
  empty: string;
  allHref: string;
}) {
  return (
    <section aria-label={title} className="rounded-2xl border bg-surface shadow-sm">
      <div className="flex items-center justify-between border-b px-4 py-3">
        <h2 className="text-sm font-semibold">
          {title} <span className="font-normal text-muted-foreground">({count})</span>
        </h2>
        {count > rows.length ? (
          <Link to={allHref} className="text-xs font-medium text-primary hover:underline">
            Tout voir
          </Link>
        ) : null}
      </div>
      {rows.length === 0 ? (
        <p className="px-4 py-6 text-center text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="divide-y">
          {rows.map((row) => (
            <li key={row.id}>
              <Link
                to={row.href}
                className="flex items-center justify-between gap-3 px-4 py-3 text-sm hover:bg-muted/60"
              >
                <span className="min-w-0">
                  <span className="block truncate font-medium">{row.title}</span>
                  <span className="block text-xs text-muted-foreground">{row.subtitle}</span>
                </span>
                <span className="flex shrink-0 flex-col items-end gap-1">
                  {row.amount ? <span className="font-medium tabular-nums">{row.amount}</span> : null}
                  <Badge tone={documentTones[row.status] ?? "neutral"}>{row.statusLabel}</Badge>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
