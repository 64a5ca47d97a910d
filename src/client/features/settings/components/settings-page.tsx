import { buttonStyles } from "@client/components/ui/button-styles";
import { useSellerIdentity } from "@client/lib/seller-identity";
import { RefreshCw } from "lucide-react";
import { AppearanceCard } from "./appearance-card";
import { IdentityForm } from "./identity-form";
import { LogoCard } from "./logo-card";
import { RegistrationInvoiceCard } from "./registration-invoice-card";

const SECTIONS = [
  ["identite", "Identité"],
  ["banque", "Banque"],
  ["facturation", "Facturation"],
  ["logo", "Logo"],
  ["apparence", "Apparence"],
  ["inscription", "Facture d'inscription"],
] as const;

export function SettingsPage() {
  const { data, isPending, isError, error, refetch } = useSellerIdentity();
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Paramètres</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Votre identité d'entreprise et vos conditions de facturation, imprimées sur vos devis et factures.
        </p>
        <nav aria-label="Sections des paramètres" className="-mx-4 mt-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
          <ul className="flex w-max gap-1.5">
            {SECTIONS.map(([id, label]) => (
              <li key={id}>
                <a
                  href={`#${id}`}
                  className="inline-flex h-8 items-center rounded-full border bg-surface px-3 text-sm text-muted-foreground transition-colors hover:bg-muted hover:text-foreground"
                >
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>

      {isPending ? (
        <div role="status" aria-busy="true" className="space-y-6">
          <span className="sr-only">Chargement des paramètres…</span>
          {[0, 1, 2].map((index) => (
            <div key={index} className="h-56 animate-pulse rounded-2xl border bg-surface" />
          ))}
        </div>
      ) : isError ? (
        <div role="alert" className="rounded-2xl border bg-surface p-6 text-center shadow-sm">
          <p className="font-medium text-foreground">Impossible de charger vos paramètres.</p>
          <p className="mt-1 text-sm text-muted-foreground">{error.message}</p>
          <button
            type="button"
            onClick={() => void refetch()}
            className={buttonStyles({ variant: "secondary", className: "mt-4" })}
          >
            <RefreshCw aria-hidden="true" />
            Réessayer
          </button>
        </div>
      ) : (
        <>
          {/* Keyed on the saved row: a reload from the server restarts the form from what is stored. */}
          <IdentityForm
            key={data.identity.id}
            identity={data.identity}
            isPrefixLocked={data.isInvoicePrefixLocked}
          />
          <LogoCard logo={data.identity.logo} />
        </>
      )}
      <AppearanceCard />
      <RegistrationInvoiceCard />
    </div>
  );
}
