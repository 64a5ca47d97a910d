import { buttonStyles } from "@client/components/ui/button-styles";
import { ApiError } from "@client/lib/api-error";
import { Download, LoaderCircle } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";

type ExportButtonProps = {
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
 * Downloads a CSV export. Fetched rather than linked, so a refused request (expired session…) shows the
 * server's French message instead of saving an error page as a file.
 */
export function ExportButton({ href, fallbackFilename, label = "Exporter CSV" }: ExportButtonProps) {
  const [isPending, setPending] = useState(false);
  const onExport = async () => {
    setPending(true);
    try {
      const response = await fetch(href, { credentials: "same-origin" });
      if (!response.ok) {
        const body = await response.json().catch(() => null);
        throw new ApiError(response.status, "internal", body?.error?.message ?? "L'export a échoué.");
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
      toast.error("Une erreur est survenue", {
        description: error instanceof Error ? error.message : "L'export a échoué.",
      });
    } finally {
      setPending(false);
    }
  };
  return (
    <button
      type="button"
      onClick={onExport}
      disabled={isPending}
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
