import { registrationOffer } from "@shared/offer";
import type { ReactNode } from "react";
import { offerPrice } from "../offer-price";

export type FaqItem = {
  id: string;
  question: string;
  answer: ReactNode;
};

export const faqItems: FaqItem[] = [
  {
    id: "paiement-unique",
    question: `Le paiement de ${offerPrice} est-il vraiment unique ?`,
    answer: (
      <p>
        Oui. Vous payez {offerPrice} TTC une seule fois, au moment de l'inscription, et votre compte accède à
        toute l'application. Il n'y a ni abonnement, ni renouvellement automatique, ni option payante en plus.
        Le paiement se fait par carte sur la page sécurisée de Stripe : Ardoise ne voit jamais votre numéro de
        carte.
      </p>
    ),
  },
  {
    id: "contenu",
    question: "Que comprend le prix ?",
    answer: (
      <>
        <p>Tout Ardoise, sans palier :</p>
        <ul className="mt-3 list-disc space-y-1 pl-5">
          {registrationOffer.inclusions.map((item) => (
            <li key={item.label}>
              <span className="font-medium text-foreground">{item.label}</span> : {item.detail}
            </li>
          ))}
        </ul>
      </>
    ),
  },
  {
    id: "mentions-legales",
    question: "Mes factures comportent-elles les mentions légales obligatoires ?",
    answer: (
      <>
        <p>
          Oui. Chaque facture reprend les mentions exigées en France : numéro unique, date d'émission, date de
          la prestation, identité et adresse des deux parties, votre SIREN ou SIRET et la mention « EI » si
          vous êtes entrepreneur individuel, votre numéro de TVA intracommunautaire le cas échéant, le détail
          des prestations, les totaux HT, TVA et TTC par taux, la date d'échéance, le taux des pénalités de
          retard et l'indemnité forfaitaire de 40 € pour frais de recouvrement.
        </p>
        <p className="mt-3">
          Vous saisissez vos informations légales une fois dans vos paramètres ; leur exactitude reste de
          votre responsabilité.
        </p>
      </>
    ),
  },
  {
    id: "franchise-tva",
    question: "Je suis micro-entrepreneur en franchise de TVA : comment sont faites mes factures ?",
    answer: (
      <p>
        Tant que vous bénéficiez de la franchise en base de TVA, vos factures sont établies sans TVA et
        portent la mention « TVA non applicable, art. 293 B du CGI ». Si votre chiffre d'affaires dépasse les
        seuils de la franchise, vous devenez redevable de la TVA : vous l'indiquez dans vos paramètres et les
        factures suivantes appliquent les taux de TVA, sans toucher à celles déjà émises.
      </p>
    ),
  },
  {
    id: "numerotation",
    question: "Comment fonctionne la numérotation des factures ?",
    answer: (
      <p>
        La loi impose une numérotation chronologique et continue, sans trou ni doublon. Ardoise attribue le
        numéro au moment où vous émettez la facture (un brouillon n'a pas encore de numéro), dans une série
        propre à votre compte. Une facture émise ne se modifie plus et ne se supprime pas : pour corriger une
        erreur, on émet un avoir qui l'annule, puis une nouvelle facture.
      </p>
    ),
  },
  {
    id: "facturation-electronique",
    question: "Et la réforme de la facture électronique de 2026‑2027 ?",
    answer: (
      <>
        <p>
          La réforme prévoit qu'à partir du 1<sup>er</sup> septembre 2026 toutes les entreprises,
          micro-entrepreneurs compris, puissent recevoir des factures électroniques. L'obligation d'en émettre
          s'applique le 1<sup>er</sup> septembre 2026 aux grandes entreprises et aux ETI, et le 1<sup>er</sup>{" "}
          septembre 2027 aux PME, TPE et micro-entreprises.
        </p>
        <p className="mt-3">
          Ardoise ne le fait pas encore : vos factures sont aujourd'hui des PDF conformes aux mentions légales
          françaises, pas des factures électroniques au sens de la réforme, et Ardoise ne les transmet ni ne
          reçoit celles de vos fournisseurs. D'ici l'échéance qui vous concerne, il vous faudra passer par une
          plateforme habilitée par l'administration.
        </p>
      </>
    ),
  },
  {
    id: "export",
    question: "Puis-je exporter mes données ?",
    answer: (
      <p>
        Oui. Vos clients, devis, factures et dépenses s'exportent au format CSV, que vous ouvrez dans Excel,
        LibreOffice ou Numbers, ou que vous transmettez à votre expert-comptable. Vos factures se téléchargent
        en PDF. Vos données restent les vôtres : vous pouvez partir avec votre historique à tout moment.
      </p>
    ),
  },
  {
    id: "assistant-ia",
    question: "Que fait l'assistant IA de mes données ?",
    answer: (
      <>
        <p>
          L'assistant ne lit que les données de votre compte, et seulement pour répondre à la demande que vous
          lui faites. Il comprend les commandes courantes en français, comme « Crée une facture pour Dupont de
          500 € ».
        </p>
        <p className="mt-3">
          Il crée des brouillons et ne fait rien d'irréversible seul : aucun document n'est envoyé, supprimé
          ou payé sans votre confirmation explicite. Lorsqu'une question est confiée à un modèle d'IA externe,
          seuls les éléments nécessaires pour y répondre lui sont transmis.
        </p>
      </>
    ),
  },
  {
    id: "comptable",
    question: "Ardoise remplace-t-il un expert-comptable ?",
    answer: (
      <p>
        Non. Ardoise gère votre activité au quotidien : devis, factures, encaissements, dépenses et
        justificatifs. La tenue de la comptabilité et les déclarations restent de votre ressort ou de celui de
        votre expert-comptable, à qui les exports CSV facilitent le travail.
      </p>
    ),
  },
];
