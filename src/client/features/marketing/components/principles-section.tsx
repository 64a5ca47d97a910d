import { BadgeEuro, Download, type LucideIcon, Scale, ShieldCheck } from "lucide-react";

type Principle = {
  icon: LucideIcon;
  title: string;
  text: string;
};

const principles: Principle[] = [
  {
    icon: Download,
    title: "Vos données restent les vôtres",
    text: "Clients, devis, factures et dépenses s'exportent en CSV, vos factures en PDF. Vous pouvez partir avec votre historique quand vous le souhaitez.",
  },
  {
    icon: Scale,
    title: "La conformité d'abord",
    text: "Mentions légales françaises, numérotation continue sans trou ni doublon, factures émises non modifiables : une erreur se corrige par un avoir.",
  },
  {
    icon: ShieldCheck,
    title: "Un hébergement cloisonné",
    text: "Chaque compte est isolé : toute lecture est filtrée par votre identifiant, et la base de données applique une seconde barrière. Les mots de passe sont hachés, les sessions protégées.",
  },
  {
    icon: BadgeEuro,
    title: "Pas d'abonnement",
    text: "Une inscription payée une fois, par carte via Stripe. Pas de prélèvement mensuel à surveiller, pas de palier qui bloque une fonctionnalité.",
  },
];

export function PrinciplesSection() {
  return (
    <section aria-labelledby="principles-title" className="border-t bg-muted/40">
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <h2 id="principles-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
          Nos principes
        </h2>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2">
          {principles.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4 rounded-2xl border bg-surface p-6">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <div>
                <h3 className="font-semibold">{title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
