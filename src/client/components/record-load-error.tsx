import { StatePanel } from "@client/components/data-list/data-list";
import { LoadError } from "@client/components/load-error";
import { buttonStyles } from "@client/components/ui/button-styles";
import { isApiError } from "@client/lib/api-error";
import { FileX } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

type RecordLoadErrorProps = {
  error: Error;
  onRetry: () => void;
  /** « Facture introuvable », and the line under it. */
  missingTitle: string;
  missingDescription: string;
  /** « Impossible de charger la facture »: any other failure, with the server's French message. */
  failedTitle: string;
  /** The list the record belongs to, and the back button's label (« Retour aux factures »). */
  backTo: string;
  backLabel: string;
  icon?: ReactNode;
};

/**
 * A detail page whose record could not be read. A 404 (deleted, never existed, or another user's) says so
 * with the way back to its list — reloading cannot bring it back, so the route's generic error page is not
 * the place (assistant answers link to detail pages of records that may be gone since). Anything else says
 * what went wrong and offers to try again.
 */
export function RecordLoadError({
  error,
  onRetry,
  missingTitle,
  missingDescription,
  failedTitle,
  backTo,
  backLabel,
  icon = <FileX className="size-6" aria-hidden="true" />,
}: RecordLoadErrorProps) {
  if (isApiError(error) && error.status === 404)
    return (
      <StatePanel
        icon={icon}
        title={missingTitle}
        description={missingDescription}
        action={
          <Link to={backTo} className={buttonStyles({ variant: "secondary" })}>
            {backLabel}
          </Link>
        }
      />
    );
  return <LoadError title={failedTitle} message={error.message} onRetry={onRetry} />;
}
