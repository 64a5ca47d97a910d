import { offerPrice } from "../offer-price";

const steps = [
  {
    title: "Créez votre compte",
    text: "Une adresse e-mail et un mot de passe. Vous confirmez votre adresse grâce au lien reçu par e-mail.",
  },
  {
    title: `Réglez ${offerPrice} TTC`,
    text: "Le paiement par carte se fait sur la page sécurisée de Stripe, ouverte dans un nouvel onglet. Ardoise ne voit jamais votre numéro de carte.",
  },
  {
    title: "Accédez à tout",
    text: "Dès le paiement confirmé, l'application s'ouvre : projets, clients, devis, factures, contrats, dépenses et assistant IA.",
  },
];

export function PricingSteps() {
  return (
    <section aria-labelledby="steps-title" className="border-t bg-muted/40">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="steps-title" className="text-center text-2xl font-semibold tracking-tight sm:text-3xl">
          Comment ça se passe
        </h2>
        <ol className="mt-10 grid gap-4 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title} className="rounded-2xl border bg-surface p-6">
              <span className="flex size-8 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
                {index + 1}
              </span>
              <h3 className="mt-4 font-semibold">{step.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
