import { type Column, DataList } from "@client/components/data-list/data-list";
import { ExportButton } from "@client/components/data-list/export-button";
import { SearchInput } from "@client/components/data-list/search-input";
import { StatusFilter } from "@client/components/data-list/status-filter";
import { useListParams } from "@client/components/data-list/use-list-params";
import { buttonStyles } from "@client/components/ui/button-styles";
import { useDocumentTitle } from "@client/lib/use-document-title";
import { formatDate, formatMoney } from "@shared/format";
import { paths } from "@shared/paths";
import { type ContractListItem, contractStatuses, contractStatusLabels } from "@shared/schemas/contracts";
import { FileSignature, Plus } from "lucide-react";
import { Link } from "react-router";
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
    <Link
      to={paths.app.contracts.detail(contract.id)}
      className="block rounded-xl border bg-surface p-4 shadow-sm transition-colors hover:bg-muted/60"
    >
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
    </Link>
  );
}

export function ContractsList() {
  useDocumentTitle("Contrats");
  const list = useListParams(contractStatuses);
  const query = useContracts(list.params);
  const newContract = (
    <Link to={paths.app.contracts.new} className={buttonStyles()}>
      <Plus aria-hidden="true" />
      Nouveau contrat
    </Link>
  );
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Contrats</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            {query.data
              ? `${query.data.total} contrat${query.data.total > 1 ? "s" : ""}`
              : "Vos contrats de prestation, de maintenance et de confidentialité"}
          </p>
        </div>
        <div className="flex gap-2">
          <ExportButton href={contractsExportHref(list.params)} fallbackFilename="contrats.csv" />
          {newContract}
        </div>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <SearchInput
          value={list.searchInput}
          onChange={list.setSearchInput}
          placeholder="Titre, numéro, client…"
          label="Rechercher un contrat"
        />
        <StatusFilter
          statuses={contractStatuses}
          labels={contractStatusLabels}
          value={list.status}
          onChange={list.setStatus}
        />
      </div>
      <DataList
        label="Liste des contrats"
        columns={columns}
        state={query}
        getKey={(contract) => contract.id}
        getHref={(contract) => paths.app.contracts.detail(contract.id)}
        renderCard={(contract) => <ContractCard contract={contract} />}
        onPageChange={list.setPage}
        isFiltered={list.isFiltered}
        onClearFilters={list.clearFilters}
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
