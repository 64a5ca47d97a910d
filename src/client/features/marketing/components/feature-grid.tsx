import {
  BellRing,
  FilePen,
  FolderKanban,
  LayoutDashboard,
  type LucideIcon,
  ReceiptText,
  Repeat,
  Sparkles,
  Users,
  Wallet,
} from "lucide-react";

type Feature = {
  icon: LucideIcon;
  title: string;
  text: string;
};

const features: Feature[] = [
  {
    icon: Users,
    title: "Clients & CRM",
    text: "Une fiche par client avec ses coordonnées, ses devis, ses factures et vos notes. Suivez vos prospects jusqu'à la signature.",
  },
  {
    icon: FolderKanban,
    title: "Projets & tâches",
    text: "Découpez chaque mission en tâches, fixez des échéances et voyez d'un coup d'œil ce qui avance et ce qui bloque.",
  },
  {
    icon: Repeat,
    title: "Devis → factures en un clic",
    text: "Un devis accepté devient une facture sans rien ressaisir : client, lignes, taux de TVA et conditions sont repris.",
  },
  {
    icon: ReceiptText,
    title: "Factures conformes",
    text: "Mentions légales françaises, numérotation chronologique et continue, PDF Factur-X envoyé par e-mail, relances des impayés.",
  },
  {
    icon: FilePen,
    title: "Contrats",
    text: "Préparez vos contrats de prestation à partir des informations du client et du projet, et gardez-les à côté de la mission.",
  },
  {
    icon: Wallet,
    title: "Dépenses et justificatifs",
    text: "Notez vos dépenses, classez-les par catégorie et joignez le justificatif, photo ou PDF, pour votre comptabilité.",
  },
  {
    icon: LayoutDashboard,
    title: "Tableau de bord",
    text: "Chiffre d'affaires encaissé, factures en attente ou en retard, devis à relancer : l'essentiel, sans tableur.",
  },
  {
    icon: Sparkles,
    title: "Assistant IA",
    text: "« Crée une facture pour Dupont de 500 € » : l'assistant comprend, prépare le brouillon et vous le soumet avant toute action.",
  },
  {
    icon: BellRing,
    title: "Automatisations et relances",
    text: "Relances de paiement programmées et règles simples, pour ne plus courir après les factures impayées.",
  },
];

export function FeatureGrid() {
  return (
    <section
      id="fonctionnalites"
      aria-labelledby="features-title"
      className="scroll-mt-20 border-t bg-muted/40"
    >
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold text-primary">Fonctionnalités</p>
          <h2
            id="features-title"
            className="mt-3 text-3xl font-semibold tracking-tight text-balance sm:text-4xl"
          >
            Tout ce qu'il faut pour gérer votre activité, rien de superflu
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">
            Du premier contact au paiement encaissé, chaque étape a sa place, et les informations passent
            d'une étape à l'autre sans ressaisie.
          </p>
        </div>
        <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {features.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl border bg-surface p-6 shadow-sm">
              <span className="flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="mt-4 font-semibold">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
