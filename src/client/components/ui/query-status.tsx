import type { UseQueryResult } from "@tanstack/react-query";
import { RefreshCw } from "lucide-react";
import type { ReactNode } from "react";
import { buttonStyles } from "./button-styles";

type QueryStatusProps<Data> = {
  query: UseQueryResult<Data, Error>;
  /** Read to screen readers while loading, e.g. « Chargement de Stripe… ». */
  loadingLabel: string;
  /** What could not be read, e.g. « Impossible de lire la connexion Stripe. » */
  errorTitle: string;
  /** The content, once the data is there. */
  children: (data: Data) => ReactNode;
};

/**
 * A query's three states in one place: a skeleton while it loads, the error with « Réessayer », then the
 * content, so every card that reads its data says loading and failure the same way.
 */
export function QueryStatus<Data>({ query, loadingLabel, errorTitle, children }: QueryStatusProps<Data>) {
  if (query.isPending)
    return (
      <div role="status" aria-busy="true" className="h-24 animate-pulse rounded-xl bg-muted">
        <span className="sr-only">{loadingLabel}</span>
      </div>
    );
  if (query.isError)
    return (
      <div role="alert" className="text-sm">
        <p className="font-medium text-foreground">{errorTitle}</p>
        <p className="mt-1 text-muted-foreground">{query.error.message}</p>
        <button
          type="button"
          onClick={() => void query.refetch()}
          className={buttonStyles({ variant: "secondary", size: "sm", className: "mt-3" })}
        >
          <RefreshCw aria-hidden="true" />
          Réessayer
        </button>
      </div>
    );
  return children(query.data);
}
