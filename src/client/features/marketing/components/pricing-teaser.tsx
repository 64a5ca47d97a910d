import { buttonStyles } from "@client/components/ui/button-styles";
import { paths } from "@shared/paths";
import { Link } from "react-router";
import { offerPrice } from "../offer-price";
import { OfferCard } from "./offer-card";

export function PricingTeaser() {
  return (
    <section aria-labelledby="pricing-teaser-title">
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-20 sm:px-6 lg:grid-cols-2 lg:items-center">
        <div>
          <p className="text-sm font-semibold text-primary">Tarif</p>
          <h2
            id="pricing-teaser-title"
            className="mt-3 text-3xl font-semibold tracking-tight text-balance sm:text-4xl"
          >
            Un prix, payé une fois : {offerPrice} TTC
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">
            Pas d'abonnement, pas de formule à choisir, pas de fonctionnalité réservée à une offre supérieure.
            Vous réglez l'inscription une fois et vous accédez à tout Ardoise.
          </p>
          <Link to={paths.pricing} className={buttonStyles({ variant: "secondary", className: "mt-8" })}>
            Voir le détail du tarif
          </Link>
        </div>
        <OfferCard />
      </div>
    </section>
  );
}
