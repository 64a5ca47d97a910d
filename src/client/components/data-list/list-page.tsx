import { buttonStyles } from "@client/components/ui/button-styles";
import { DownloadButton } from "@client/components/ui/download-button";
import { cn } from "@client/lib/cn";
import { Plus } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { SearchInput } from "./search-input";
import { StatusFilter } from "./status-filter";
import type { ListParamsState } from "./use-list-params";

/** "1 client", "3 clients"; `plural` for nouns that do not take an s ("devis"). */
export const countOf = (total: number, singular: string, plural = `${singular}s`) =>
  `${total} ${total > 1 ? plural : singular}`;

/** The primary "Nouveau …" button of a list page, as a link to the creation form. */
export function NewItemLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={buttonStyles()}>
      <Plus aria-hidden="true" />
      {children}
    </Link>
  );
}

/** The frame of a list's phone card; the whole card links to the item. */
export function ListCardLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="block rounded-xl border bg-surface p-4 shadow-sm transition-colors hover:bg-muted/60"
    >
      {children}
    </Link>
  );
}

type ListHeaderProps = {
  title: string;
  /** Under the title: the count once loaded, a short explanation before. */
  description: ReactNode;
  /** The CSV export of the list with its current filters. */
  exportHref: string;
  exportFilename: string;
  /** The "Nouveau …" button. */
  action: ReactNode;
};

/** A list page's title, with its export and creation buttons on the right. */
export function ListHeader({ title, description, exportHref, exportFilename, action }: ListHeaderProps) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{description}</p>
      </div>
      {/* Wraps on a phone: three buttons side by side are wider than 390 px. */}
      <div className="flex flex-wrap gap-2">
        <DownloadButton href={exportHref} fallbackFilename={exportFilename} />
        {action}
      </div>
    </div>
  );
}

type ListFiltersProps<Status extends string> = {
  list: ListParamsState<Status>;
  statuses: readonly Status[];
  statusLabels: Record<Status, string>;
  /** The chip that clears the status filter: "Tous" unless the noun is feminine. */
  allLabel?: string;
  searchLabel: string;
  searchPlaceholder: string;
  /** Where search and status chips go side by side: lists with long status chips wait for `lg`. */
  rowFrom?: "sm" | "lg";
  /** More filters after the search box (a select…). */
  children?: ReactNode;
};

/** The search box and status chips above a list, both kept in the URL by useListParams. */
export function ListFilters<Status extends string>({
  list,
  statuses,
  statusLabels,
  allLabel,
  searchLabel,
  searchPlaceholder,
  rowFrom = "sm",
  children,
}: ListFiltersProps<Status>) {
  const search = (
    <SearchInput
      value={list.searchInput}
      onChange={list.setSearchInput}
      placeholder={searchPlaceholder}
      label={searchLabel}
    />
  );
  return (
    <div
      className={cn(
        "flex flex-col gap-3",
        rowFrom === "sm"
          ? "sm:flex-row sm:items-center sm:justify-between"
          : "lg:flex-row lg:items-center lg:justify-between",
      )}
    >
      {children ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          {search}
          {children}
        </div>
      ) : (
        search
      )}
      <StatusFilter
        statuses={statuses}
        labels={statusLabels}
        value={list.status}
        onChange={list.setStatus}
        allLabel={allLabel}
      />
    </div>
  );
}
