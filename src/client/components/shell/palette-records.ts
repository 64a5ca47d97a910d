import { contractStatusLabels } from "@shared/domain/contract-status";
import { projectStatusLabels } from "@shared/domain/project-status";
import { formatDate, formatMoney } from "@shared/format";
import { paths } from "@shared/paths";
import type { SearchResultsDto } from "@shared/schemas/search";

/** One record found by the global search, as the palette lists it. */
export type RecordEntry = { id: string; label: string; detail: string; to: string };
export type RecordKind = keyof SearchResultsDto;
export type RecordGroup = { kind: RecordKind; heading: string; entries: RecordEntry[] };

const joined = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(" · ");

/** The search's records in the palette's order, each kind under its French heading, empty kinds left out. */
export function recordGroups(results: SearchResultsDto): RecordGroup[] {
  const groups: RecordGroup[] = [
    {
      kind: "clients",
      heading: "Clients",
      entries: results.clients.map((client) => ({
        id: client.id,
        label: client.name,
        detail: joined(client.email, client.siren && `SIREN ${client.siren}`),
        to: paths.app.clients.detail(client.id),
      })),
    },
    {
      kind: "invoices",
      heading: "Factures",
      entries: results.invoices.map((invoice) => ({
        id: invoice.id,
        label: `${invoice.isCreditNote ? "Avoir" : "Facture"} ${invoice.number ?? "brouillon"}`,
        detail: joined(invoice.clientName, formatMoney(invoice.totalCents), formatDate(invoice.date)),
        to: paths.app.invoices.detail(invoice.id),
      })),
    },
    {
      kind: "quotes",
      heading: "Devis",
      entries: results.quotes.map((quote) => ({
        id: quote.id,
        label: `Devis ${quote.number ?? "brouillon"}`,
        detail: joined(quote.clientName, formatMoney(quote.totalCents), formatDate(quote.date)),
        to: paths.app.quotes.detail(quote.id),
      })),
    },
    {
      kind: "projects",
      heading: "Projets",
      entries: results.projects.map((project) => ({
        id: project.id,
        label: project.name,
        detail: projectStatusLabels[project.status],
        to: paths.app.projects.detail(project.id),
      })),
    },
    {
      kind: "contracts",
      heading: "Contrats",
      entries: results.contracts.map((contract) => ({
        id: contract.id,
        label: contract.title,
        detail: joined(contract.number, contractStatusLabels[contract.status]),
        to: paths.app.contracts.detail(contract.id),
      })),
    },
  ];
  return groups.filter((group) => group.entries.length > 0);
}
