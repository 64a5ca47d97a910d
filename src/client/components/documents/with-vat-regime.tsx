import { useSellerIdentity } from "@client/lib/seller-identity";
import type { VatRegime } from "@shared/domain/legal-identity";
import { DEFAULT_VAT_REGIME } from "@shared/domain/vat-regime";
import { LoaderCircle } from "lucide-react";
import type { ReactNode } from "react";

/**
 * Renders a document form once the seller's VAT regime is known, since it sets the rate of every new
 * line. If the settings cannot be read, the default regime is assumed: issuing checks the real one.
 */
export function WithVatRegime({ children }: { children: (regime: VatRegime) => ReactNode }) {
  const { data, isError } = useSellerIdentity();
  if (data) return children(data.identity.vatRegime);
  if (isError) return children(DEFAULT_VAT_REGIME);
  return (
    <div className="flex justify-center py-16" role="status" aria-label="Chargement de vos paramètres de TVA">
      <LoaderCircle className="size-6 animate-spin text-muted-foreground" aria-hidden="true" />
    </div>
  );
}
