import { buttonStyles } from "@client/components/ui/button-styles";
import { cn } from "@client/lib/cn";
import { registrationOffer } from "@shared/offer";
import { paths } from "@shared/paths";
import { ArrowRight, Check } from "lucide-react";
import { Link } from "react-router";
import { offerPrice } from "../offer-price";

type OfferCardProps = {
  showDetails?: boolean;
  className?: string;
};

export function OfferCard({ showDetails = false, className }: OfferCardProps) {
  return (
    <div className={cn("rounded-2xl border bg-surface p-6 shadow-sm sm:p-8", className)}>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 className="text-lg font-semibold">{registrationOffer.label}</h2>
        <span className="rounded-full bg-accent px-3 py-1 text-xs font-semibold text-accent-foreground">
          {registrationOffer.billingLabel}
        </span>
      </div>
      <p className="mt-6 flex items-baseline gap-2">
        <span className="text-5xl font-semibold tracking-tight">{offerPrice}</span>
        <span className="text-muted-foreground">{registrationOffer.taxLabel}, une seule fois</span>
      </p>
      <ul className="mt-8 space-y-4">
        {registrationOffer.inclusions.map((item) => (
          <li key={item.label} className="flex gap-3">
            <Check className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            <span>
              <span className="font-medium">{item.label}</span>
              {showDetails && <span className="block text-sm text-muted-foreground">{item.detail}</span>}
            </span>
          </li>
        ))}
      </ul>
      <Link to={paths.auth.registerAndPay} className={buttonStyles({ size: "lg", className: "mt-8 w-full" })}>
        Créer mon compte
        <ArrowRight aria-hidden="true" />
      </Link>
      <p className="mt-3 text-center text-xs text-muted-foreground">
        Paiement par carte sur la page sécurisée de Stripe.
      </p>
    </div>
  );
}
