import { buttonStyles } from "@client/components/ui/button-styles";
import { ApiError, errorMessage, SERVER_UNREACHABLE_MESSAGE } from "@client/lib/api-error";
import { Download, LoaderCircle } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";

type DownloadButtonProps = {
  /** The export URL with the list's current filters, e.g. `/api/clients/export.csv?status=actif`. */
  href: string;
  fallbackFilename: string;
  label?: string;
};

function filenameFrom(response: Response, fallback: string): string {
  const disposition = response.headers.get("content-disposition") ?? "";
  return /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallback;
}

/**
 * Downloads a file: a CSV export, a document's PDF. Fetched rather than linked, so the button spins while
 * the server prepares the file (a first PDF takes a second or two) and a refused request (expired session,
 * server down…) says why in French instead of failing silently or saving an error page as a file.
 */
export function DownloadButton({ href, fallbackFilename, label = "Exporter CSV" }: DownloadButtonProps) {
  const [isPending, setPending] = useState(false);
  const onExport = async () => {
    setPending(true);
    try {
      const response = await fetch(href, { credentials: "same-origin" }).catch(() => {
        throw new ApiError(0, "unavailable", SERVER_UNREACHABLE_MESSAGE);
      });
      if (!response.ok) {
        const body = await response.json().catch(() => null);
        throw new ApiError(
          response.status,
          "internal",
          body?.error?.message ?? "Le fichier n'a pas pu être préparé. Réessayez dans un instant.",
        );
      }
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement("a");
      link.href = url;
      link.download = filenameFrom(response, fallbackFilename);
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      toast.error("Téléchargement impossible", { description: errorMessage(error) });
    } finally {
      setPending(false);
    }
  };
  return (
    <button
      type="button"
      onClick={onExport}
      disabled={isPending}
      aria-busy={isPending}
      className={buttonStyles({ variant: "secondary", size: "md" })}
    >
      {isPending ? (
        <LoaderCircle className="animate-spin" aria-hidden="true" />
      ) : (
        <Download aria-hidden="true" />
      )}
      {label}
    </button>
  );
}
