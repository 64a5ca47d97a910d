import { buttonStyles } from "@client/components/ui/button-styles";
import { paths } from "@shared/paths";
import { ArrowRight, Check } from "lucide-react";
import { Link } from "react-router";
import { offerPrice } from "../offer-price";
import { ProductPreview } from "./product-preview";

const promises = ["Paiement unique", "Sans abonnement", "Vos données exportables"];

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden">
      <div className="mx-auto grid max-w-6xl items-center gap-14 px-4 pt-14 pb-20 sm:px-6 lg:grid-cols-[1.1fr_1fr] lg:pt-24">
        <div>
          <p className="inline-flex rounded-full border bg-surface px-3 py-1 text-xs font-medium text-muted-foreground">
            Pour les indépendants, micro-entrepreneurs et EI
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl font-semibold tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            Votre activité freelance, <span className="text-primary">tenue au propre.</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg text-pretty text-muted-foreground">
            Devis, factures conformes, suivi des paiements, contrats et dépenses : Ardoise réunit votre
            gestion au même endroit, avec un assistant IA qui comprend vos demandes en français.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to={paths.auth.register} className={buttonStyles({ size: "lg" })}>
              Créer mon compte
              <ArrowRight aria-hidden="true" />
            </Link>
            <Link to={paths.pricing} className={buttonStyles({ variant: "secondary", size: "lg" })}>
              {offerPrice} TTC, une seule fois
            </Link>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted-foreground">
            {promises.map((promise) => (
              <li key={promise} className="flex items-center gap-2">
                <Check className="size-4 text-primary" aria-hidden="true" />
                {promise}
              </li>
            ))}
          </ul>
        </div>
        <ProductPreview />
      </div>
    </section>
  );
}
