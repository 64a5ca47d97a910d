import { type Column, DataList } from "@client/components/data-list/data-list";
import {
  countOf,
  ListCardLink,
  ListFilters,
  ListHeader,
  NewItemLink,
} from "@client/components/data-list/list-page";
import { useListParams } from "@client/components/data-list/use-list-params";
import { formatDate } from "@shared/format";
import { paths } from "@shared/paths";
import { type ClientDto, clientStatuses, clientStatusLabels } from "@shared/schemas/clients";
import { Users } from "lucide-react";
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
    <ListCardLink to={paths.app.clients.detail(client.id)}>
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
    </ListCardLink>
  );
}

export function ClientsList() {
  const list = useListParams(clientStatuses);
  const query = useClients(list.params);
  const newClient = <NewItemLink to={paths.app.clients.new}>Nouveau client</NewItemLink>;
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <ListHeader
        title="Clients"
        description={query.data ? countOf(query.data.total, "client") : "Vos clients et prospects"}
        exportHref={clientsExportHref(list.params)}
        exportFilename="clients.csv"
        action={newClient}
      />
      <ListFilters
        list={list}
        statuses={clientStatuses}
        statusLabels={clientStatusLabels}
        searchLabel="Rechercher un client"
        searchPlaceholder="Nom, entreprise, e-mail, contact…"
      />
      <DataList
        label="Liste des clients"
        columns={columns}
        state={query}
        getHref={(client) => paths.app.clients.detail(client.id)}
        renderCard={(client) => <ClientCard client={client} />}
        list={list}
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
