import { type Column, DataList } from "@client/components/data-list/data-list";
import {
  countOf,
  ListCardLink,
  ListFilters,
  ListHeader,
  NewItemLink,
} from "@client/components/data-list/list-page";
import { useListParams } from "@client/components/data-list/use-list-params";
import { useDocumentTitle } from "@client/lib/use-document-title";
import { formatDate, formatMoney } from "@shared/format";
import { paths } from "@shared/paths";
import { type ContractListItem, contractStatuses, contractStatusLabels } from "@shared/schemas/contracts";
import { FileSignature } from "lucide-react";
import { contractsExportHref, useContracts } from "../api/get-contracts";
import { ContractStatusBadge } from "./contract-status-badge";

const dash = <span className="text-muted-foreground">—</span>;

const period = (contract: ContractListItem) =>
  contract.startDate && contract.endDate
    ? `${formatDate(contract.startDate)} → ${formatDate(contract.endDate)}`
    : contract.startDate
      ? `Dès le ${formatDate(contract.startDate)}`
      : null;

const columns: Column<ContractListItem>[] = [
  {
    id: "number",
    header: "Numéro",
    cell: (contract) => contract.contractNumber ?? "—",
    className: "whitespace-nowrap",
  },
  { id: "title", header: "Titre", cell: (contract) => contract.title },
  { id: "client", header: "Client", cell: (contract) => contract.clientName ?? dash },
  { id: "status", header: "Statut", cell: (contract) => <ContractStatusBadge status={contract.status} /> },
  {
    id: "period",
    header: "Période",
    cell: (contract) => period(contract) ?? dash,
    className: "hidden lg:table-cell whitespace-nowrap text-muted-foreground",
  },
  {
    id: "amount",
    header: "Montant HT",
    cell: (contract) => (contract.amountCents === null ? dash : formatMoney(contract.amountCents)),
    className: "text-right tabular-nums whitespace-nowrap",
  },
];

function ContractCard({ contract }: { contract: ContractListItem }) {
  return (
    <ListCardLink to={paths.app.contracts.detail(contract.id)}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate font-medium">{contract.title}</p>
          <p className="truncate text-sm text-muted-foreground">
            {contract.contractNumber} · {contract.clientName ?? "Sans client"}
          </p>
        </div>
        <ContractStatusBadge status={contract.status} />
      </div>
      <div className="mt-3 flex items-center justify-between gap-3 text-xs text-muted-foreground">
        <span className="truncate">{period(contract) ?? ""}</span>
        <span className="shrink-0 tabular-nums">
          {contract.amountCents === null ? "" : formatMoney(contract.amountCents)}
        </span>
      </div>
    </ListCardLink>
  );
}

export function ContractsList() {
  useDocumentTitle("Contrats");
  const list = useListParams(contractStatuses);
  const query = useContracts(list.params);
  const newContract = <NewItemLink to={paths.app.contracts.new}>Nouveau contrat</NewItemLink>;
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <ListHeader
        title="Contrats"
        description={
          query.data
            ? countOf(query.data.total, "contrat")
            : "Vos contrats de prestation, de maintenance et de confidentialité"
        }
        exportHref={contractsExportHref(list.params)}
        exportFilename="contrats.csv"
        action={newContract}
      />
      <ListFilters
        list={list}
        statuses={contractStatuses}
        statusLabels={contractStatusLabels}
        searchLabel="Rechercher un contrat"
        searchPlaceholder="Titre, numéro, client…"
      />
      <DataList
        label="Liste des contrats"
        columns={columns}
        state={query}
        getHref={(contract) => paths.app.contracts.detail(contract.id)}
        renderCard={(contract) => <ContractCard contract={contract} />}
        list={list}
        empty={{
          icon: <FileSignature className="size-6" aria-hidden="true" />,
          title: "Aucun contrat pour l'instant",
          description:
            "Partez d'un modèle — prestation, maintenance ou confidentialité — rempli avec vos informations.",
          action: newContract,
        }}
      />
    </div>
  );
}
