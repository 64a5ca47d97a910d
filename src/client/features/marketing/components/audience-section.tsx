import { Briefcase, type LucideIcon, Store, UserRound } from "lucide-react";

type Audience = {
  icon: LucideIcon;
  title: string;
  text: string;
};

const audiences: Audience[] = [
  {
    icon: UserRound,
    title: "Micro-entrepreneurs",
    text: "Factures sans TVA avec la mention « TVA non applicable, art. 293 B du CGI » tant que vous êtes en franchise, suivi de ce que vous encaissez, justificatifs rangés.",
  },
  {
    icon: Store,
    title: "Entrepreneurs individuels (EI)",
    text: "La mention « EI » à côté de votre nom, la TVA par taux quand vous y êtes soumis, et des documents cohérents du devis jusqu'à l'avoir.",
  },
  {
    icon: Briefcase,
    title: "Freelances et indépendants",
    text: "Développeurs, designers, consultants, formateurs, rédacteurs, photographes : toute activité de prestation qui vit de devis, de missions et de factures.",
  },
];

export function AudienceSection() {
  return (
    <section aria-labelledby="audience-title" className="mx-auto max-w-6xl px-4 pt-6 pb-20 sm:px-6">
      <h2 id="audience-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
        Pour qui ?
      </h2>
      <ul className="mt-8 grid gap-4 md:grid-cols-3">
        {audiences.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-2xl border bg-surface p-6 shadow-sm">
            <Icon className="size-6 text-primary" aria-hidden="true" />
            <h3 className="mt-4 font-semibold">{title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
