import { buttonStyles } from "@client/components/ui/button-styles";
import { cn } from "@client/lib/cn";
import type { ListResult } from "@shared/schemas/list";
import { RefreshCw, SearchX, TriangleAlert } from "lucide-react";
import { type ReactNode, useDeferredValue } from "react";
import { Link } from "react-router";
import { Pagination } from "./pagination";

export type Column<Item> = {
  id: string;
  header: string;
  cell: (item: Item) => ReactNode;
  /** Classes for the header and the cells (alignment, width, `hidden lg:table-cell`…). */
  className?: string;
};

export type ListState<Item> = {
  data: ListResult<Item> | undefined;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  isFetching?: boolean;
  refetch: () => unknown;
};

type DataListProps<Item extends { id: string }> = {
  /** Accessible name of the table, e.g. "Liste des clients". */
  label: string;
  columns: Column<Item>[];
  state: ListState<Item>;
  /** Where a row leads; the first column becomes the link, the whole row is clickable. */
  getHref?: (item: Item) => string;
  /** The card shown instead of a table row below the `md` breakpoint. */
  renderCard: (item: Item) => ReactNode;
  /** When nothing exists yet: what to say and the call to action. */
  empty: { icon?: ReactNode; title: string; description: string; action?: ReactNode };
  /** What a search or filter with no result says, when the list has its own words for it. */
  noMatchTitle?: string;
  /**
   * The page and filters, from useListParams. When a search or filter is on, an empty page says "no result"
   * and offers to clear it.
   */
  list: { setPage: (page: number) => void; isFiltered: boolean; clearFilters: () => void };
};

/** A server-paginated list: table on desktop, cards on phones, with loading, empty and error states. */
export function DataList<Item extends { id: string }>(props: DataListProps<Item>) {
  const { state, label, list } = props;
  // The rows render in a pass of their own that React splits into slices, so that the answer's arrival does
  // not block taps while a whole table is built (issue 15); the skeleton stays until then.
  const data = useDeferredValue(state.data);
  if (state.isPending || (data === undefined && state.data !== undefined))
    return <ListSkeleton label={label} />;
  if (state.isError || !data)
    return <ListError message={state.error?.message} onRetry={() => state.refetch()} />;
  const { items, total, page, pageSize } = data;
  // Rows still on their way (fetching, or arrived and not yet rendered) keep the previous ones dimmed.
  const isUpdating = Boolean(state.isFetching) || data !== state.data;
  if (items.length === 0 && list.isFiltered)
    return (
      <StatePanel
        icon={<SearchX className="size-6" aria-hidden="true" />}
        title={props.noMatchTitle ?? "Aucun résultat"}
        description="Aucun élément ne correspond à votre recherche ou à ce filtre."
        action={
          <button
            type="button"
            onClick={list.clearFilters}
            className={buttonStyles({ variant: "secondary" })}
          >
            Effacer les filtres
          </button>
        }
      />
    );
  if (items.length === 0 && page === 1) return <StatePanel {...props.empty} />;
  return (
    <div className={cn("transition-opacity", isUpdating && "opacity-70")} aria-busy={isUpdating}>
      <DesktopTable {...props} items={items} />
      <ul className="space-y-3 md:hidden" aria-label={label}>
        {items.map((item) => (
          <li key={item.id}>{props.renderCard(item)}</li>
        ))}
      </ul>
      <Pagination page={page} pageSize={pageSize} total={total} onPageChange={list.setPage} />
    </div>
  );
}

function DesktopTable<Item extends { id: string }>({
  label,
  columns,
  items,
  getHref,
}: DataListProps<Item> & { items: Item[] }) {
  return (
    <div className="hidden overflow-hidden rounded-xl border bg-surface shadow-sm md:block">
      <table className="w-full text-sm" aria-label={label}>
        <thead className="border-b bg-muted/50 text-left text-xs font-medium tracking-wide text-muted-foreground uppercase">
          <tr>
            {columns.map((column) => (
              <th key={column.id} scope="col" className={cn("px-4 py-3 font-medium", column.className)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">
          {items.map((item) => {
            const href = getHref?.(item);
            return (
              <tr
                key={item.id}
                className={cn(
                  "transition-colors",
                  href && "relative hover:bg-muted/60 focus-within:bg-muted/60",
                )}
              >
                {columns.map((column, index) => (
                  <td key={column.id} className={cn("px-4 py-3 align-middle", column.className)}>
                    {href && index === 0 ? (
                      // The link's ::after covers the row, so the whole row is clickable and one tab stop.
                      <Link
                        to={href}
                        className="font-medium text-foreground outline-none after:absolute after:inset-0 focus-visible:underline"
                      >
                        {column.cell(item)}
                      </Link>
                    ) : (
                      column.cell(item)
                    )}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function ListSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={`${label} : chargement…`} className="space-y-3">
      <div className="hidden overflow-hidden rounded-xl border bg-surface shadow-sm md:block">
        <div className="h-11 border-b bg-muted/50" />
        {Array.from({ length: 6 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <div key={index} className="flex items-center gap-6 border-b px-4 py-4 last:border-b-0">
            <div className="h-4 w-1/4 animate-pulse rounded bg-muted" />
            <div className="h-4 w-1/5 animate-pulse rounded bg-muted" />
            <div className="h-4 w-1/4 animate-pulse rounded bg-muted" />
            <div className="h-5 w-16 animate-pulse rounded-full bg-muted" />
          </div>
        ))}
      </div>
      {Array.from({ length: 4 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={index} className="space-y-3 rounded-xl border bg-surface p-4 shadow-sm md:hidden">
          <div className="h-4 w-1/2 animate-pulse rounded bg-muted" />
          <div className="h-3 w-3/4 animate-pulse rounded bg-muted" />
        </div>
      ))}
    </div>
  );
}

function ListError({ message, onRetry }: { message?: string; onRetry: () => void }) {
  return (
    <StatePanel
      role="alert"
      icon={<TriangleAlert className="size-6 text-danger" aria-hidden="true" />}
      title="Impossible de charger la liste"
      description={message ?? "Une erreur est survenue. Veuillez réessayer."}
      action={
        <button type="button" onClick={onRetry} className={buttonStyles({ variant: "secondary" })}>
          <RefreshCw aria-hidden="true" />
          Réessayer
        </button>
      }
    />
  );
}

export function StatePanel({
  icon,
  title,
  description,
  action,
  role,
}: {
  icon?: ReactNode;
  title: string;
  description: string;
  action?: ReactNode;
  role?: "alert";
}) {
  return (
    <div
      role={role}
      className="flex flex-col items-center rounded-xl border border-dashed bg-surface px-6 py-14 text-center"
    >
      {icon ? (
        <span className="mb-4 flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
          {icon}
        </span>
      ) : null}
      <h2 className="text-base font-semibold">{title}</h2>
      <p className="mt-1 max-w-sm text-sm text-muted-foreground">{description}</p>
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}
