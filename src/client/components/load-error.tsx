import { StatePanel } from "@client/components/data-list/data-list";
import { buttonStyles } from "@client/components/ui/button-styles";
import { RefreshCw, TriangleAlert } from "lucide-react";

/** A page or section that could not load: what failed, the server's reason, and a way to try again. */
export function LoadError({
  title,
  message,
  onRetry,
}: {
  title: string;
  message: string;
  onRetry?: () => void;
}) {
  return (
    <StatePanel
      role="alert"
      icon={<TriangleAlert className="size-6 text-danger" aria-hidden="true" />}
      title={title}
      description={message}
      action={
        onRetry ? (
          <button type="button" onClick={onRetry} className={buttonStyles({ variant: "secondary" })}>
            <RefreshCw aria-hidden="true" />
            Réessayer
          </button>
        ) : undefined
      }
    />
  );
}
