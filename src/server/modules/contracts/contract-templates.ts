import type { ContractTemplateDto, ContractTemplateId } from "@shared/schemas/contracts";

/**
 * The French contract templates. Text is plain: a line starting with "## " is a heading (the PDF and
 * the preview print it bold), blank lines separate paragraphs, and {{placeholders}} are filled from the
 * seller's identity, the client and the contract when the template is chosen. A value we do not know
 * stays visible as "[à compléter]" so the freelancer completes it before sending.
 */
export type ContractTemplate = ContractTemplateDto & { defaultTitle: string; body: string };

export const MISSING_VALUE = "[à compléter]";

const parties = `Entre les soussignés :

{{prestataire.nom}}{{prestataire.entreprise}}, entrepreneur individuel, immatriculé sous le numéro {{prestataire.immatriculation}}, dont l'adresse professionnelle est {{prestataire.adresse}}, ci-après dénommé « le Prestataire »,

et

{{client.nom}}, {{client.identifiant}}, dont le siège ou le domicile est situé {{client.adresse}}, représenté par {{client.representant}}, ci-après dénommé « le Client »,

ci-après dénommés ensemble « les Parties ».`;

const closing = `## Droit applicable et litiges
Le présent contrat est soumis au droit français. En cas de différend, les Parties rechercheront d'abord une solution amiable. À défaut, le litige sera porté devant les tribunaux compétents du ressort du domicile du Prestataire.

Fait en deux exemplaires originaux, le {{date}}.`;

export const CONTRACT_TEMPLATES: Record<ContractTemplateId, ContractTemplate> = {
  prestation: {
    id: "prestation",
    title: "Contrat de prestation de services",
    description: "Mission ponctuelle : objet, livrables, prix, délais, propriété intellectuelle.",
    defaultTitle: "Contrat de prestation de services",
    body: `${parties}

## Article 1 – Objet
Le présent contrat a pour objet de définir les conditions dans lesquelles le Prestataire réalise pour le Client la mission suivante : {{contrat.titre}}{{projet.reference}}.

## Article 2 – Durée
Le contrat prend effet le {{contrat.debut}} et s'achève le {{contrat.fin}}, date à laquelle la mission devra être achevée, sauf prolongation convenue par écrit entre les Parties.

## Article 3 – Obligations du Prestataire
Le Prestataire s'engage à exécuter la mission avec soin, conformément aux règles de l'art, et à informer le Client de toute difficulté susceptible d'en affecter le bon déroulement. Il organise librement son travail et exerce en toute indépendance ; aucun lien de subordination n'existe entre les Parties.

## Article 4 – Obligations du Client
Le Client s'engage à fournir au Prestataire, dans les délais utiles, toutes les informations et tous les documents nécessaires à la réalisation de la mission, et à désigner un interlocuteur disponible.

## Article 5 – Prix et modalités de paiement
En contrepartie de la mission, le Client versera au Prestataire la somme de {{contrat.montant}}. Les factures sont payables à 30 jours à compter de leur date d'émission, par virement. Tout retard de paiement entraîne l'application de pénalités au taux de 3 fois le taux d'intérêt légal et, pour un client professionnel, d'une indemnité forfaitaire pour frais de recouvrement de 40 €.

## Article 6 – Propriété intellectuelle
Les droits patrimoniaux sur les livrables sont cédés au Client au fur et à mesure de leur paiement intégral, pour le monde entier et pour la durée légale de protection. Le Prestataire conserve la faculté de mentionner la mission à titre de référence.

## Article 7 – Confidentialité
Chaque Partie s'engage à ne pas divulguer les informations confidentielles reçues de l'autre Partie pendant la durée du contrat et deux ans après son terme.

## Article 8 – Résiliation
En cas de manquement grave de l'une des Parties à ses obligations, non réparé dans un délai de quinze jours après mise en demeure adressée par lettre recommandée avec accusé de réception, l'autre Partie pourra résilier le contrat de plein droit. Les prestations réalisées jusqu'à la résiliation restent dues.

${closing}`,
  },
  maintenance: {
    id: "maintenance",
    title: "Contrat de maintenance",
    description: "Suivi récurrent : périmètre, délais d'intervention, forfait, reconduction.",
    defaultTitle: "Contrat de maintenance",
    body: `${parties}

## Article 1 – Objet
Le présent contrat a pour objet la maintenance corrective et évolutive assurée par le Prestataire pour le Client : {{contrat.titre}}{{projet.reference}}.

## Article 2 – Durée
Le contrat prend effet le {{contrat.debut}} pour une durée s'achevant le {{contrat.fin}}. Il pourra être reconduit par écrit pour une durée identique.

## Article 3 – Périmètre des interventions
La maintenance comprend la correction des anomalies signalées par le Client, les mises à jour de sécurité et un suivi préventif régulier. Les évolutions fonctionnelles importantes font l'objet d'un devis séparé.

## Article 4 – Délais d'intervention
Le Prestataire prend en compte toute demande dans un délai de deux jours ouvrés à compter de sa réception par e-mail. Une anomalie bloquante est traitée en priorité.

## Article 5 – Prix et modalités de paiement
La maintenance est facturée pour un montant de {{contrat.montant}} sur la durée du contrat. Les factures sont payables à 30 jours à compter de leur date d'émission, par virement. Tout retard de paiement entraîne l'application de pénalités au taux de 3 fois le taux d'intérêt légal et, pour un client professionnel, d'une indemnité forfaitaire pour frais de recouvrement de 40 €.

## Article 6 – Responsabilité
Le Prestataire est tenu d'une obligation de moyens. Sa responsabilité ne saurait être engagée pour des dommages indirects, ni au-delà des sommes perçues au titre du présent contrat.

## Article 7 – Résiliation
Chaque Partie peut mettre fin au contrat à tout moment moyennant un préavis d'un mois notifié par lettre recommandée avec accusé de réception. Les prestations réalisées jusqu'à la date d'effet de la résiliation restent dues.

${closing}`,
  },
  confidentialite: {
    id: "confidentialite",
    title: "Accord de confidentialité",
    description: "NDA réciproque avant d'échanger des informations sensibles.",
    defaultTitle: "Accord de confidentialité",
    body: `${parties}

## Article 1 – Objet
Dans le cadre de leurs échanges relatifs à {{contrat.titre}}{{projet.reference}}, les Parties sont amenées à se communiquer des informations confidentielles. Le présent accord a pour objet d'en définir les conditions de protection.

## Article 2 – Informations confidentielles
Sont confidentielles toutes les informations de nature technique, commerciale, financière ou stratégique communiquées par une Partie à l'autre, quel qu'en soit le support, à l'exception de celles qui sont dans le domaine public ou que la Partie réceptrice détenait déjà légitimement.

## Article 3 – Engagements
Chaque Partie s'engage à n'utiliser les informations confidentielles qu'aux fins des échanges mentionnés à l'article 1, à ne les communiquer qu'aux personnes qui ont besoin de les connaître et qui sont tenues à la même obligation, et à les restituer ou les détruire sur simple demande.

## Article 4 – Durée
Le présent accord prend effet le {{contrat.debut}} et s'applique jusqu'au {{contrat.fin}}. Les obligations de confidentialité survivent deux ans après son terme.

## Article 5 – Absence de cession de droits
La communication d'informations confidentielles n'emporte aucune cession ni licence de droits de propriété intellectuelle au profit de la Partie réceptrice.

${closing}`,
  },
};

export const templateList = (): ContractTemplateDto[] =>
  Object.values(CONTRACT_TEMPLATES).map(({ id, title, description }) => ({ id, title, description }));

/** Replaces every {{key}} by its value; an unknown or empty value prints as "[à compléter]". */
export function fillTemplate(body: string, values: Record<string, string | null | undefined>): string {
  return body.replace(/\{\{([a-z.]+)\}\}/g, (_match, key: string) => {
    const value = values[key];
    if (value === "") return "";
    return value?.trim() ? value : MISSING_VALUE;
  });
}
