import { type Column, DataList } from "@client/components/data-list/data-list";
import { ExportButton } from "@client/components/data-list/export-button";
import { SearchInput } from "@client/components/data-list/search-input";
import { StatusFilter } from "@client/components/data-list/status-filter";
import { useListParams } from "@client/components/data-list/use-list-params";
import { buttonStyles } from "@client/components/ui/button-styles";
import { formatDate } from "@shared/format";
import { paths } from "@shared/paths";
import { type ClientDto, clientStatuses, clientStatusLabels } from "@shared/schemas/clients";
import { Plus, Users } from "lucide-react";
import { Link } from "react-router";
import { clientsExportHref, useClients } from "../api/get-clients";
import { ClientStatusBadge } from "./client-status-badge";

const dash = <span className="text-muted-foreground">—</span>;

const columns: Column<ClientDto>[] = [
  { id: "name", header: "Nom", cell: (client) => client.name },
  { id: "company", header: "Entreprise", cell: (client) => client.company ?? dash },
  {
    id: "email",
    header: "E-mail",
    cell: (client) => client.email ?? dash,
    className: "hidden lg:table-cell text-muted-foreground",
  },
  { id: "status", header: "Statut", cell: (client) => <ClientStatusBadge status={client.status} /> },
  {
    id: "createdAt",
    header: "Créé le",
    cell: (client) => formatDate(client.createdAt),
    className: "text-right whitespace-nowrap text-muted-foreground",
  },
];

function ClientCard({ client }: { client: ClientDto }) {
  return (
    <Link
      to={paths.app.clients.detail(client.id)}
      className="block rounded-xl border bg-surface p-4 shadow-sm transition-colors hover:bg-muted/60"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate font-medium">{client.name}</p>
          {client.company ? <p className="truncate text-sm text-muted-foreground">{client.company}</p> : null}
        </div>
        <ClientStatusBadge status={client.status} />
      </div>
      <div className="mt-3 flex items-center justify-between gap-3 text-xs text-muted-foreground">
        <span className="truncate">{client.email ?? "Pas d'e-mail"}</span>
        <span className="shrink-0">{formatDate(client.createdAt)}</span>
      </div>
    </Link>
  );
}

export function ClientsList() {
  const list = useListParams(clientStatuses);
  const query = useClients(list.params);
  const newClient = (
    <Link to={paths.app.clients.new} className={buttonStyles()}>
      <Plus aria-hidden="true" />
      Nouveau client
    </Link>
  );
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Clients</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            {query.data
              ? `${query.data.total} client${query.data.total > 1 ? "s" : ""}`
              : "Vos clients et prospects"}
          </p>
        </div>
        <div className="flex gap-2">
          <ExportButton href={clientsExportHref(list.params)} fallbackFilename="clients.csv" />
          {newClient}
        </div>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <SearchInput
          value={list.searchInput}
          onChange={list.setSearchInput}
          placeholder="Nom, entreprise, e-mail, contact…"
          label="Rechercher un client"
        />
        <StatusFilter
          statuses={clientStatuses}
          labels={clientStatusLabels}
          value={list.status}
          onChange={list.setStatus}
        />
      </div>
      <DataList
        label="Liste des clients"
        columns={columns}
        state={query}
        getKey={(client) => client.id}
        getHref={(client) => paths.app.clients.detail(client.id)}
        renderCard={(client) => <ClientCard client={client} />}
        onPageChange={list.setPage}
        isFiltered={list.isFiltered}
        onClearFilters={list.clearFilters}
        empty={{
          icon: <Users className="size-6" aria-hidden="true" />,
          title: "Aucun client pour l'instant",
          description: "Ajoutez votre premier client pour lui adresser devis, factures et contrats.",
          action: newClient,
        }}
      />
    </div>
  );
}
