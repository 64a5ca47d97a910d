import { Logo } from "@client/components/logo";
import { paths } from "@shared/paths";
import { Link } from "react-router";
import { offerPrice } from "../offer-price";

const columns = [
  {
    title: "Produit",
    links: [
      { to: `${paths.home}#fonctionnalites`, label: "Fonctionnalités" },
      { to: paths.pricing, label: "Tarif" },
      { to: paths.faq, label: "Questions fréquentes" },
    ],
  },
  {
    title: "Ardoise",
    links: [
      { to: paths.about, label: "À propos" },
      { to: paths.auth.signIn, label: "Se connecter" },
      { to: paths.auth.register, label: "Créer mon compte" },
    ],
  },
];

export function SiteFooter() {
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_1fr_1fr]">
        <div className="col-span-2 max-w-sm md:col-span-1">
          <Logo />
          <p className="mt-4 text-sm text-muted-foreground">
            La gestion de votre activité freelance : clients, projets, devis, factures, contrats et dépenses,
            avec un assistant IA en français.
          </p>
        </div>
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold">{column.title}</h2>
            <ul className="mt-4 space-y-3">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="rounded text-sm text-muted-foreground transition-colors hover:text-foreground"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-6xl px-4 py-6 text-xs text-muted-foreground sm:px-6">
          © {new Date().getFullYear()} Ardoise · Paiement unique de {offerPrice} TTC, sans abonnement ·
          Paiement sécurisé par Stripe
        </p>
      </div>
    </footer>
  );
}
