import { OfferCard } from "@client/features/marketing/components/offer-card";
import { PageIntro } from "@client/features/marketing/components/page-intro";
import { PricingSteps } from "@client/features/marketing/components/pricing-steps";
import { offerPrice } from "@client/features/marketing/offer-price";
import { useDocumentTitle } from "@client/lib/use-document-title";
import { paths } from "@shared/paths";
import { Link } from "react-router";

export function Component() {
  useDocumentTitle("Tarif");
  return (
    <>
      <PageIntro eyebrow="Tarif" title={`${offerPrice} TTC, une seule fois`}>
        <p>
          Une inscription payée une fois donne accès à tout Ardoise. Pas d'abonnement, pas de renouvellement
          automatique, pas d'option payante en plus.
        </p>
      </PageIntro>
      <div className="mx-auto max-w-xl px-4 pb-16 sm:px-6">
        <OfferCard showDetails />
      </div>
      <PricingSteps />
      <p className="mx-auto max-w-2xl px-4 pb-20 text-center text-muted-foreground sm:px-6">
        Une question sur le paiement, la TVA ou vos données ?{" "}
        <Link to={paths.faq} className="font-medium text-primary underline-offset-4 hover:underline">
          Consultez les questions fréquentes
        </Link>
        .
      </p>
    </>
  );
}
