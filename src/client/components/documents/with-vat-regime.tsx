import { buttonStyles } from "@client/components/ui/button-styles";
import { errorMessage } from "@client/lib/api-error";
import { useSellerIdentity } from "@client/lib/seller-identity";
import type { VatRegime } from "@shared/domain/legal-identity";
import { LoaderCircle, RotateCw } from "lucide-react";
import type { ReactNode } from "react";

/**
 * Renders a document form once the seller's VAT regime is known, since it sets the rate of every new
 * line. If the settings cannot be read, it says so and waits: assuming the franchise would give a
 * VAT-registered user's expense or invoice no VAT (issue 31 §22).
 */
export function WithVatRegime({ children }: { children: (regime: VatRegime) => ReactNode }) {
  const { data, error, refetch, isFetching } = useSellerIdentity();
  if (data) return children(data.identity.vatRegime);
  if (error)
    return (
      <div role="alert" className="space-y-3 py-8 text-center text-sm">
        <p>Votre régime de TVA n'a pas pu être lu : {errorMessage(error)}</p>
        <button
          type="button"
          onClick={() => refetch()}
          disabled={isFetching}
          className={buttonStyles({ variant: "secondary" })}
        >
          <RotateCw aria-hidden="true" />
          Réessayer
        </button>
      </div>
    );
  return (
    <div className="flex justify-center py-16" role="status" aria-label="Chargement de vos paramètres de TVA">
      <LoaderCircle className="size-6 animate-spin text-muted-foreground" aria-hidden="true" />
    </div>
  );
}
