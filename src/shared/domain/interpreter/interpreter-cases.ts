import type { InterpretationAction, InterpretationEntities } from "../../schemas/interpretation";

/**
 * French commands as freelancers type them (formal, casual, without accents, with typos, amounts and dates
 * written every French way), with what the interpreter must understand. Dates count from INTERPRETER_NOW,
 * a Tuesday: hier 2026-03-09, demain 2026-03-11, dans 15 jours 2026-03-25, fin du mois 2026-03-31.
 *
 * Every entity in KEY_ENTITIES that a case does not list must be absent; titles and descriptions are checked
 * only where a case gives one.
 */
export const INTERPRETER_NOW = "2026-03-10";

export type InterpreterCase = {
  text: string;
  action: InterpretationAction;
  entities?: InterpretationEntities;
  ambiguities?: string[];
  confidence?: number;
  needsPlanning?: boolean;
};

export const KEY_ENTITIES = [
  "client",
  "amount",
  "category",
  "date",
  "dueDate",
  "email",
  "phone",
  "name",
  "dataType",
  "integration",
  "project",
  "invoiceNumber",
  "paymentMethod",
  "lines",
  "priceBasis",
  "validUntil",
  "serviceStartDate",
  "serviceEndDate",
  "metric",
  "period",
  "compare",
  "status",
  "otherAccount",
] as const satisfies readonly (keyof InterpretationEntities)[];

const TODAY = INTERPRETER_NOW;

const invoices: InterpreterCase[] = [
  {
    text: "Crée une facture pour Dupont de 500 €",
    action: "create_invoice",
    entities: { client: "Dupont", amount: 500 },
    ambiguities: [],
    confidence: 0.9,
    needsPlanning: true,
  },
  {
    text: "facture dupont 500 euros échéance 15/12/2026",
    action: "create_invoice",
    entities: { client: "Dupont", amount: 500, dueDate: "2026-12-15" },
  },
  {
    text: "Créer une facture de 1 250,75 € pour la société Martin & Fils",
    action: "create_invoice",
    entities: { client: "Martin & Fils", amount: 1250.75 },
  },
  {
    text: "Fais une facture à Durand SARL de 2 400 € HT",
    action: "create_invoice",
    entities: { client: "Durand SARL", amount: 2400, priceBasis: "HT" },
  },
  {
    text: "cree une factrue pour leroy 300e",
    action: "create_invoice",
    entities: { client: "Leroy", amount: 300 },
  },
  {
    text: "Nouvelle facture client ACME 1500€ pour le développement de l'API",
    action: "create_invoice",
    entities: { client: "ACME", amount: 1500, title: "développement de l'API" },
    confidence: 1,
  },
  {
    text: "Facture Bernard 750 € à payer sous 30 jours",
    action: "create_invoice",
    entities: { client: "Bernard", amount: 750, dueDate: "2026-04-09" },
  },
  {
    text: "Peux-tu créer une facture pour Mme Lefebvre de 320,50 euros stp ?",
    action: "create_invoice",
    entities: { client: "Lefebvre", amount: 320.5 },
    ambiguities: [],
  },
  {
    text: "Je dois facturer 2k€ à Pixel Studio",
    action: "create_invoice",
    entities: { client: "Pixel Studio", amount: 2000 },
  },
  {
    text: "je voudrais facturer 2k au studio Pixel",
    action: "create_invoice",
    entities: { client: "Pixel", amount: 2000 },
  },
  {
    text: "Facture de 850 € pour Dupont, échéance le 31/03/2026",
    action: "create_invoice",
    entities: { client: "Dupont", amount: 850, dueDate: "2026-03-31" },
  },
  {
    text: "Établis une facture pour la boîte Nexa, montant 4 000 €, pour la mission de conseil",
    action: "create_invoice",
    entities: { client: "Nexa", amount: 4000, title: "mission de conseil" },
  },
  {
    text: "facture 1.250,75 € pour Garnier",
    action: "create_invoice",
    entities: { client: "Garnier", amount: 1250.75 },
  },
  {
    text: "Facturer Moreau 1250.75 euros",
    action: "create_invoice",
    entities: { client: "Moreau", amount: 1250.75 },
  },
  {
    text: "Nouvelle facture pour Jean-Pierre Roux : 600 € pour la formation React",
    action: "create_invoice",
    entities: { client: "Jean-Pierre Roux", amount: 600, title: "formation React" },
  },
  {
    text: "Crée une facture pour Dupont",
    action: "create_invoice",
    entities: { client: "Dupont" },
    ambiguities: ["Montant non spécifié"],
    confidence: 0.75,
  },
  {
    text: "Crée une facture de 500 €",
    action: "create_invoice",
    entities: { amount: 500 },
    ambiguities: ["Client non spécifié"],
    confidence: 0.75,
  },
  {
    text: "Crée une facture",
    action: "create_invoice",
    entities: {},
    ambiguities: ["Client non spécifié", "Montant non spécifié"],
    confidence: 0.6,
    needsPlanning: true,
  },
  {
    text: "Une facture chez Durand SARL de 900 € stp",
    action: "create_invoice",
    entities: { client: "Durand SARL", amount: 900 },
  },
  {
    text: "Facture Leroy 1200 € HT pour le site e-commerce, échéance dans 15 jours",
    action: "create_invoice",
    entities: {
      client: "Leroy",
      amount: 1200,
      title: "site e-commerce",
      dueDate: "2026-03-25",
      priceBasis: "HT",
    },
  },
  {
    text: "Faire une facture de 450€ à Petit pour la maintenance du mois de mars",
    action: "create_invoice",
    entities: {
      client: "Petit",
      amount: 450,
      title: "maintenance",
      serviceStartDate: "2026-03-01",
      serviceEndDate: "2026-03-31",
    },
  },
  {
    text: "facture pr dupont 300 balles",
    action: "create_invoice",
    entities: { client: "Dupont", amount: 300 },
  },
  { text: "FACTURE DUPONT 500 EUROS", action: "create_invoice", entities: { client: "Dupont", amount: 500 } },
  {
    text: "Crée une facture pour M. Girard de 95 € pour un audit SEO",
    action: "create_invoice",
    entities: { client: "Girard", amount: 95, title: "audit SEO" },
  },
  {
    text: "Facture de 2,5k€ pour la société Alpha Conseil",
    action: "create_invoice",
    entities: { client: "Alpha Conseil", amount: 2500 },
  },
  {
    text: "Créé une facture de 780 € pour le client Fournier avec échéance au 30 avril",
    action: "create_invoice",
    entities: { client: "Fournier", amount: 780, dueDate: "2026-04-30" },
  },
  {
    text: "Facture Lambert 3 mille euros",
    action: "create_invoice",
    entities: { client: "Lambert", amount: 3000 },
  },
  {
    text: "Il me faut une facture pour Mercier de 640 euros payable fin du mois",
    action: "create_invoice",
    entities: { client: "Mercier", amount: 640, dueDate: "2026-03-31" },
  },
  {
    text: "Facture pour la SARL Bonnet 1 800 €",
    action: "create_invoice",
    entities: { client: "SARL Bonnet", amount: 1800 },
  },
  {
    text: "Facture d'acompte de 30 % pour Dupont",
    action: "create_invoice",
    entities: { client: "Dupont" },
    ambiguities: ["Montant non spécifié"],
  },
  {
    text: "Émets une facture de 1 000 € à l'entreprise Vidal",
    action: "create_invoice",
    entities: { client: "Vidal", amount: 1000 },
  },
  {
    text: "facturer dupont",
    action: "create_invoice",
    entities: { client: "Dupont" },
    ambiguities: ["Montant non spécifié"],
  },
  {
    text: "Facture n°45 pour Dupont 300 €",
    action: "create_invoice",
    entities: { client: "Dupont", amount: 300 },
  },
  {
    text: "Crée une facture pour Dupont de 500 € datée du 01/03/2026",
    action: "create_invoice",
    entities: { client: "Dupont", amount: 500, date: "2026-03-01" },
  },
  {
    text: "Nouvelle facture Dupont 500€ le 15 mars",
    action: "create_invoice",
    entities: { client: "Dupont", amount: 500, date: "2026-03-15" },
  },
  {
    text: "facture leroy 1200 a regler avant le 5 avril",
    action: "create_invoice",
    entities: { client: "Leroy", amount: 1200, dueDate: "2026-04-05" },
  },
  {
    text: "Fait moi une facture pour Blanc de 250 €",
    action: "create_invoice",
    entities: { client: "Blanc", amount: 250 },
  },
  {
    text: "Crée une facture pour Dupont de 500 € payable par Stripe",
    action: "create_invoice",
    entities: { client: "Dupont", amount: 500, integration: "stripe" },
  },
  {
    text: "facure pour Roussel 150€",
    action: "create_invoice",
    entities: { client: "Roussel", amount: 150 },
  },
  {
    text: "Je dois facturer 12 jours de développement à 450 € à Dupont",
    action: "create_invoice",
    entities: {
      client: "Dupont",
      amount: 5400,
      title: "développement",
      lines: [{ description: "développement", quantity: 12, unit: "jour", unitPrice: 450 }],
    },
  },
  {
    text: "facture Dupont",
    action: "create_invoice",
    entities: { client: "Dupont" },
    ambiguities: ["Montant non spécifié"],
  },
  {
    text: "Facture pour Dupont de 1 250,75 € payable dans 30 jours",
    action: "create_invoice",
    entities: { client: "Dupont", amount: 1250.75, dueDate: "2026-04-09" },
  },
  {
    text: "Facture de 600 euros pour Dupont, règlement à 45 jours",
    action: "create_invoice",
    entities: { client: "Dupont", amount: 600, dueDate: "2026-04-24" },
  },
  {
    text: "Crée une facture pour Dupont de 500 € échéance le 15/04",
    action: "create_invoice",
    entities: { client: "Dupont", amount: 500, dueDate: "2026-04-15" },
  },
  {
    text: "Crée une facture pour Dupont de 500 € et envoie-la",
    action: "create_invoice",
    entities: { client: "Dupont", amount: 500 },
    confidence: 0.9,
  },
  {
    text: "Crée une facture pour l'association Les Amis du Vélo de 150 €",
    action: "create_invoice",
    entities: { client: "Les Amis du Vélo", amount: 150 },
  },
  {
    text: "Facture 450 € HT à M. et Mme Dupont",
    action: "create_invoice",
    entities: { client: "Dupont", amount: 450, priceBasis: "HT" },
  },
  {
    text: "nouvelle facture pour sophie durand 80 euros cours de piano",
    action: "create_invoice",
    entities: { client: "Sophie Durand", amount: 80, title: "cours de piano" },
  },
  {
    text: "Salut, tu peux me faire une facture de 1500 balles pour Lemoine ?",
    action: "create_invoice",
    entities: { client: "Lemoine", amount: 1500 },
  },
  {
    text: "facturer 3 200,00 EUR à la société Brico Pro",
    action: "create_invoice",
    entities: { client: "Brico Pro", amount: 3200 },
  },
  {
    text: "Nouvelle facture : client Hugo Lambert, 420 €, coaching",
    action: "create_invoice",
    entities: { client: "Hugo Lambert", amount: 420, title: "coaching" },
  },
  {
    text: "Edite une facture de 75€ pour madame Roche",
    action: "create_invoice",
    entities: { client: "Roche", amount: 75 },
  },
  {
    text: "facture a envoyer a Dubois 890 euros pour le 1er mai",
    action: "create_invoice",
    entities: { client: "Dubois", amount: 890, dueDate: "2026-05-01" },
  },
  {
    text: "Crée la facture de Marchand : 1 100 € pour la rédaction d'articles",
    action: "create_invoice",
    entities: { client: "Marchand", amount: 1100, title: "rédaction d'articles" },
  },
  {
    text: "J'aimerais facturer Colin pour 250 euros",
    action: "create_invoice",
    entities: { client: "Colin", amount: 250 },
  },
  {
    text: "Facture TechCorp 5000 € HT, échéance 30 jours",
    action: "create_invoice",
    entities: { client: "TechCorp", amount: 5000, dueDate: "2026-04-09", priceBasis: "HT" },
  },
  {
    text: "Crée une facture pour l'hôtel Ibis de 300 €",
    action: "create_invoice",
    entities: { client: "Ibis", amount: 300 },
  },
];

const quotes: InterpreterCase[] = [
  {
    text: "Nouveau devis pour la société Martin de 1 250,75 € pour la refonte du site",
    action: "create_quote",
    entities: { client: "Martin", amount: 1250.75, title: "refonte du site" },
    confidence: 1,
  },
  {
    text: "devis pour Leroy 800€ a payer dans 45 jours",
    action: "create_quote",
    entities: { client: "Leroy", amount: 800, dueDate: "2026-04-24", validUntil: "2026-04-24" },
  },
  {
    text: "Prépare un devis de 3 500 € pour Garcia",
    action: "create_quote",
    entities: { client: "Garcia", amount: 3500 },
  },
  {
    text: "Fais-moi un devi pour Durand, 1200 euros, création d'un logo",
    action: "create_quote",
    entities: { client: "Durand", amount: 1200, title: "création d'un logo" },
  },
  {
    text: "Crée un devis pour le client Petit & Associés de 980 €",
    action: "create_quote",
    entities: { client: "Petit & Associés", amount: 980 },
  },
  {
    text: "devis refonte site pour Leroy 2400 €",
    action: "create_quote",
    entities: { client: "Leroy", amount: 2400, title: "refonte site" },
  },
  {
    text: "Génère un devis de 15 000 € pour l'agence Horizon valable 30 jours",
    action: "create_quote",
    entities: { client: "Horizon", amount: 15000, dueDate: "2026-04-09", validUntil: "2026-04-09" },
  },
  {
    text: "Rédige une proposition commerciale pour Nova SAS de 7 200 € HT",
    action: "create_quote",
    entities: { client: "Nova SAS", amount: 7200, priceBasis: "HT" },
  },
  {
    text: "nouveau devis dupont 650 euros",
    action: "create_quote",
    entities: { client: "Dupont", amount: 650 },
  },
  {
    text: "Je voudrais un devis pour Mme Caron : 3 jours de formation à 600 € par jour",
    action: "create_quote",
    entities: {
      client: "Caron",
      amount: 1800,
      lines: [{ description: "formation", quantity: 3, unit: "jour", unitPrice: 600 }],
    },
  },
  {
    text: "Devis pour Dupont",
    action: "create_quote",
    entities: { client: "Dupont" },
    ambiguities: ["Montant non spécifié"],
  },
  {
    text: "Crée un devis de 1 500 €",
    action: "create_quote",
    entities: { amount: 1500 },
    ambiguities: ["Client non spécifié"],
  },
  {
    text: "Peux-tu préparer un devis pour la société Lumière, 4 200 euros, pour un site vitrine ?",
    action: "create_quote",
    entities: { client: "Lumière", amount: 4200, title: "site vitrine" },
  },
  {
    text: "Devis 2 000 € chez Roux pour l'aménagement du bureau",
    action: "create_quote",
    entities: { client: "Roux", amount: 2000, title: "aménagement du bureau" },
  },
  {
    text: "Établis un devis pour Faure de 560 € avec une validité de 15 jours",
    action: "create_quote",
    entities: { client: "Faure", amount: 560, dueDate: "2026-03-25", validUntil: "2026-03-25" },
  },
  {
    text: "Un devis pour Morel, 1 250 €, échéance au 30/04",
    action: "create_quote",
    entities: { client: "Morel", amount: 1250, dueDate: "2026-04-30", validUntil: "2026-04-30" },
  },
  {
    text: "Devis pour Leroy de 800 € a payer dans 2 semaines",
    action: "create_quote",
    entities: { client: "Leroy", amount: 800, dueDate: "2026-03-24", validUntil: "2026-03-24" },
  },
  {
    text: "Crée un devis pour Durand de 2k",
    action: "create_quote",
    entities: { client: "Durand", amount: 2000 },
  },
  {
    text: "Crée un devis de 990 € pour Dupont pour la refonte de son logo",
    action: "create_quote",
    entities: { client: "Dupont", amount: 990, title: "refonte de son logo" },
  },
  {
    text: "propal pour Renault 12 000 €",
    action: "create_quote",
    entities: { client: "Renault", amount: 12000 },
  },
  {
    text: "Envoie un devis à Leroy pour 800€",
    action: "create_quote",
    entities: { client: "Leroy", amount: 800 },
  },
  {
    text: "deviss pour gauthier de 300€",
    action: "create_quote",
    entities: { client: "Gauthier", amount: 300 },
  },
  {
    text: "Faire un devis de mille euros pour Bertrand",
    action: "create_quote",
    entities: { client: "Bertrand", amount: 1000 },
  },
  {
    text: "Nouveau devis pour Perrin de 420,00 €",
    action: "create_quote",
    entities: { client: "Perrin", amount: 420 },
  },
  {
    text: "devis pour dupont de 1.250,75 euros pour la creation du logo a rendre pour le 20/04/2026",
    action: "create_quote",
    entities: {
      client: "Dupont",
      amount: 1250.75,
      title: "creation du logo",
      dueDate: "2026-04-20",
      validUntil: "2026-04-20",
    },
  },
  {
    text: "Crée un devis pour Dupont & fils 300 €",
    action: "create_quote",
    entities: { client: "Dupont & fils", amount: 300 },
  },
  {
    text: "fais un devis a martin 1200 balles pr le site",
    action: "create_quote",
    entities: { client: "Martin", amount: 1200, title: "site" },
  },
  {
    text: "Donne-moi un devis pour Leroy de 300 €",
    action: "create_quote",
    entities: { client: "Leroy", amount: 300 },
  },
  {
    text: "DEVIS POUR LEROY 800 € A PAYER DANS 45 JOURS",
    action: "create_quote",
    entities: { client: "Leroy", amount: 800, dueDate: "2026-04-24", validUntil: "2026-04-24" },
  },
  {
    text: "Fais un devis pour Boulanger de 600 € pour un shooting photo",
    action: "create_quote",
    entities: { client: "Boulanger", amount: 600, title: "shooting photo" },
  },
  {
    text: "devis 3k pour la boite Zenith",
    action: "create_quote",
    entities: { client: "Zenith", amount: 3000 },
  },
  {
    text: "Prépare-moi un devis pour l'association Sport Plus, 1 800 €",
    action: "create_quote",
    entities: { client: "Sport Plus", amount: 1800 },
  },
  {
    text: "Nouveau devis Chevalier 2500 € valable jusqu'au 30/04/2026",
    action: "create_quote",
    entities: { client: "Chevalier", amount: 2500, dueDate: "2026-04-30", validUntil: "2026-04-30" },
  },
  {
    text: "Estime un devis pour Picard",
    action: "create_quote",
    entities: { client: "Picard" },
    ambiguities: ["Montant non spécifié"],
  },
];

const clients: InterpreterCase[] = [
  {
    text: "Ajoute le client Jean Martin, jean.martin@gmail.com, 06 12 34 56 78",
    action: "create_client",
    entities: { name: "Jean Martin", email: "jean.martin@gmail.com", phone: "06 12 34 56 78" },
    ambiguities: [],
    confidence: 0.65,
    needsPlanning: true,
  },
  {
    text: "Nouveau client : ACME SAS, contact@acme.fr",
    action: "create_client",
    entities: { name: "ACME SAS", email: "contact@acme.fr" },
  },
  {
    text: "Crée un client nommé Boulangerie Petit",
    action: "create_client",
    entities: { name: "Boulangerie Petit" },
  },
  {
    text: "ajoute un nouveau client dupont sarl tel 01 23 45 67 89",
    action: "create_client",
    entities: { name: "Dupont SARL", phone: "01 23 45 67 89" },
  },
  { text: "Ajoute Jean Martin comme client", action: "create_client", entities: { name: "Jean Martin" } },
  {
    text: "Enregistre le client Sophie Bernard, sophie.bernard@orange.fr, +33 6 98 76 54 32",
    action: "create_client",
    entities: { name: "Sophie Bernard", email: "sophie.bernard@orange.fr", phone: "06 98 76 54 32" },
  },
  {
    text: "Crée une fiche client pour la société Lumière Studio",
    action: "create_client",
    entities: { name: "Lumière Studio" },
  },
  {
    text: "Nouveau client Marc Dubois 06.11.22.33.44",
    action: "create_client",
    entities: { name: "Marc Dubois", phone: "06 11 22 33 44" },
  },
  {
    text: "Ajouter client: Atelier Bois & Co, 0612345678",
    action: "create_client",
    entities: { name: "Atelier Bois & Co", phone: "06 12 34 56 78" },
  },
  {
    text: "Ajoute un client",
    action: "create_client",
    entities: {},
    ambiguities: ["Nom du client non spécifié"],
    confidence: 0.5,
  },
  {
    text: "Nouveau prospect : Claire Fontaine, claire@fontaine.fr",
    action: "create_client",
    entities: { name: "Claire Fontaine", email: "claire@fontaine.fr" },
  },
  {
    text: "cree un cleint qui s'appelle Vincent Leroy",
    action: "create_client",
    entities: { name: "Vincent Leroy" },
  },
  {
    text: "Ajoute le client SARL Martin, 0033 1 44 55 66 77",
    action: "create_client",
    entities: { name: "SARL Martin", phone: "01 44 55 66 77" },
  },
  {
    text: "Enregistre un nouveau client : Mairie de Lyon, mairie@lyon.fr",
    action: "create_client",
    entities: { name: "Mairie de Lyon", email: "mairie@lyon.fr" },
  },
  {
    text: "Ajoute le client Dupont",
    action: "create_client",
    entities: { name: "Dupont" },
    confidence: 0.65,
  },
  {
    text: "Nouvelle cliente Julie Perrin julie.perrin@yahoo.fr 07 81 23 45 67",
    action: "create_client",
    entities: { name: "Julie Perrin", email: "julie.perrin@yahoo.fr", phone: "07 81 23 45 67" },
  },
  {
    text: "Crée le client Boucherie Sanchez, tél. 04 78 12 34 56",
    action: "create_client",
    entities: { name: "Boucherie Sanchez", phone: "04 78 12 34 56" },
  },
  { text: "Ajoute le client ACME", action: "create_client", entities: { name: "ACME" } },
  {
    text: "nouveau client jean dupont jean.dupont@free.fr",
    action: "create_client",
    entities: { name: "Jean Dupont", email: "jean.dupont@free.fr" },
  },
  {
    text: "Ajoute la cliente Mme Durand, portable +33 (0)6 45 67 89 01",
    action: "create_client",
    entities: { name: "Durand", phone: "06 45 67 89 01" },
  },
  {
    text: "Ajoute un nouveau client : Garage Martin, garage.martin@wanadoo.fr",
    action: "create_client",
    entities: { name: "Garage Martin", email: "garage.martin@wanadoo.fr" },
  },
  {
    text: "créer client Léa Moreau 06 01 02 03 04",
    action: "create_client",
    entities: { name: "Léa Moreau", phone: "06 01 02 03 04" },
  },
  {
    text: "Enregistre Paul Girard comme nouveau client, paul@girard.io",
    action: "create_client",
    entities: { name: "Paul Girard", email: "paul@girard.io" },
  },
  {
    text: "Ajoute le prospect Digital Factory",
    action: "create_client",
    entities: { name: "Digital Factory" },
  },
];

const expenses: InterpreterCase[] = [
  {
    text: "J'ai payé 45,90 € de train hier",
    action: "create_expense",
    entities: { amount: 45.9, description: "train", category: "transport", date: "2026-03-09" },
    ambiguities: [],
    confidence: 0.85,
    needsPlanning: false,
  },
  {
    text: "Ajoute une dépense de 120 € pour un écran",
    action: "create_expense",
    entities: { amount: 120, description: "écran", category: "materiel", date: TODAY },
  },
  {
    text: "Note de frais : taxi 25 € avant-hier",
    action: "create_expense",
    entities: { amount: 25, description: "taxi", category: "transport", date: "2026-03-08" },
  },
  {
    text: "Dépense 32,50 € restaurant avec un client",
    action: "create_expense",
    entities: { amount: 32.5, description: "restaurant avec un client", category: "repas", date: TODAY },
  },
  {
    text: "J'ai dépensé 89 euros pour une formation en ligne",
    action: "create_expense",
    entities: { amount: 89, description: "formation en ligne", category: "formation", date: TODAY },
  },
  {
    text: "Hôtel à Lyon 2 nuits 180 €",
    action: "create_expense",
    entities: { amount: 180, description: "Hôtel à Lyon 2 nuits", category: "hebergement", date: TODAY },
  },
  {
    text: "jai paye 60 balles d'essence",
    action: "create_expense",
    entities: { amount: 60, description: "essence", category: "transport", date: TODAY },
  },
  {
    text: "Ajoute une dépense : abonnement logiciel Adobe 59,99 €",
    action: "create_expense",
    entities: { amount: 59.99, description: "abonnement logiciel Adobe", category: "materiel", date: TODAY },
  },
  {
    text: "Dépense de 15 € de parking le 02/03",
    action: "create_expense",
    entities: { amount: 15, description: "parking", category: "transport", date: "2026-03-02" },
  },
  {
    text: "Enregistre un achat d'ordinateur portable à 1 299 €",
    action: "create_expense",
    entities: { amount: 1299, description: "ordinateur portable", category: "materiel", date: TODAY },
  },
  {
    text: "Frais de repas 18,50 € hier midi",
    action: "create_expense",
    entities: { amount: 18.5, description: "repas", category: "repas", date: "2026-03-09" },
  },
  {
    text: "Péage autoroute 12,40€",
    action: "create_expense",
    entities: { amount: 12.4, description: "Péage autoroute", category: "transport", date: TODAY },
  },
  {
    text: "Taxi 25 € hier",
    action: "create_expense",
    entities: { amount: 25, description: "Taxi", category: "transport", date: "2026-03-09" },
  },
  {
    text: "Uber 18€ ce matin",
    action: "create_expense",
    entities: { amount: 18, category: "transport", date: TODAY },
  },
  {
    text: "Dépense Airbnb 320 € pour le séminaire de Lyon",
    action: "create_expense",
    entities: { amount: 320, category: "hebergement", date: TODAY },
  },
  {
    text: "J'ai acheté un clavier à 79 €",
    action: "create_expense",
    entities: { amount: 79, description: "clavier", category: "materiel", date: TODAY },
  },
  {
    text: "Ajoute 45 € de déjeuner client vendredi dernier",
    action: "create_expense",
    entities: { amount: 45, category: "repas", date: "2026-03-06" },
  },
  {
    text: "Note de frais conférence Web2Day 150 euros",
    action: "create_expense",
    entities: { amount: 150, description: "conférence Web2Day", category: "formation", date: TODAY },
  },
  {
    text: "Dépense 9,90 € café",
    action: "create_expense",
    entities: { amount: 9.9, description: "café", category: "repas", date: TODAY },
  },
  {
    text: "J'ai payé 35 € de fournitures de bureau",
    action: "create_expense",
    entities: { amount: 35, description: "fournitures de bureau", category: "materiel", date: TODAY },
  },
  {
    text: "Frais kilométriques 84,20 € le 3 mars",
    action: "create_expense",
    entities: { amount: 84.2, description: "kilométriques", category: "transport", date: "2026-03-03" },
  },
  {
    text: "ajoute une depense de 200 euros",
    action: "create_expense",
    entities: { amount: 200, category: "autre", date: TODAY },
    ambiguities: ["Description non spécifiée"],
    confidence: 0.75,
  },
  {
    text: "Ajoute une dépense pour le train",
    action: "create_expense",
    entities: { description: "train", category: "transport", date: TODAY },
    ambiguities: ["Montant non spécifié"],
    confidence: 0.7,
  },
  {
    text: "J'ai payé 1.250,00 € de billets d'avion pour la conférence de Berlin",
    action: "create_expense",
    entities: { amount: 1250, category: "transport", date: TODAY },
  },
  {
    text: "Dépense hôtel Ibis 89 € du 05/03/2026",
    action: "create_expense",
    entities: { amount: 89, description: "hôtel Ibis", category: "hebergement", date: "2026-03-05" },
  },
  {
    text: "Achat de livres techniques 42 €",
    action: "create_expense",
    entities: { amount: 42, description: "livres techniques", category: "formation", date: TODAY },
  },
  {
    text: "Dépense de 60 € lundi dernier pour l'essence",
    action: "create_expense",
    entities: { amount: 60, description: "essence", category: "transport", date: "2026-03-09" },
  },
  {
    text: "Saisis une dépense de 14 € de métro",
    action: "create_expense",
    entities: { amount: 14, description: "métro", category: "transport", date: TODAY },
  },
  {
    text: "dépense 50€ cadeau client",
    action: "create_expense",
    entities: { amount: 50, category: "autre", date: TODAY },
  },
  {
    text: "frais restau 23 € avec Dupont",
    action: "create_expense",
    entities: { amount: 23, category: "repas", date: TODAY },
  },
  {
    text: "J'ai payé 120€ d'hôtel le 28/02",
    action: "create_expense",
    entities: { amount: 120, description: "hôtel", category: "hebergement", date: "2026-02-28" },
  },
  {
    text: "depense 2 500 € macbook",
    action: "create_expense",
    entities: { amount: 2500, description: "macbook", category: "materiel", date: TODAY },
  },
  {
    text: "Ajoute une note de frais de 42,30 € pour le déjeuner avec Durand aujourd'hui",
    action: "create_expense",
    entities: { amount: 42.3, category: "repas", date: TODAY },
  },
  {
    text: "J'ai payé 15 € de parking le 15 décembre",
    action: "create_expense",
    entities: { amount: 15, description: "parking", category: "transport", date: "2025-12-15" },
  },
  {
    text: "J'ai pris un taxi pour 32 € ce matin",
    action: "create_expense",
    entities: { amount: 32, category: "transport", date: TODAY },
  },
  {
    text: "Dépense de 250 € pour une formation Figma le 04/03",
    action: "create_expense",
    entities: { amount: 250, description: "formation Figma", category: "formation", date: "2026-03-04" },
  },
  {
    text: "ajoute 12,90 de parking",
    action: "create_expense",
    entities: { amount: 12.9, description: "parking", category: "transport", date: TODAY },
  },
  {
    text: "Note de frais : dîner client 68 € hier",
    action: "create_expense",
    entities: { amount: 68, category: "repas", date: "2026-03-09" },
  },
  {
    text: "J'ai acheté une souris 25€",
    action: "create_expense",
    entities: { amount: 25, description: "souris", category: "materiel", date: TODAY },
  },
  {
    text: "nuit d'hôtel à Nantes 95 euros avant hier",
    action: "create_expense",
    entities: { amount: 95, category: "hebergement", date: "2026-03-08" },
  },
  {
    text: "Frais d'essence 70 € mardi dernier",
    action: "create_expense",
    entities: { amount: 70, description: "essence", category: "transport", date: "2026-03-03" },
  },
];

const projects: InterpreterCase[] = [
  {
    text: "Crée un projet Refonte site vitrine pour Durand",
    action: "create_project",
    entities: { name: "Refonte site vitrine", client: "Durand" },
    ambiguities: [],
    confidence: 0.85,
  },
  {
    text: "Nouveau projet : application mobile pour la société Kéa",
    action: "create_project",
    entities: { name: "application mobile", client: "Kéa" },
  },
  {
    text: "Lance le projet Site e-commerce chez Boutique Lila",
    action: "create_project",
    entities: { name: "Site e-commerce", client: "Boutique Lila" },
  },
  {
    text: "Crée un projet pour Durand",
    action: "create_project",
    entities: { client: "Durand" },
    ambiguities: ["Nom du projet non spécifié"],
  },
  {
    text: "Crée un projet Identité visuelle",
    action: "create_project",
    entities: { name: "Identité visuelle" },
    ambiguities: ["Client non spécifié"],
  },
  {
    text: "Nouveau projet nommé Migration cloud pour le client Orange",
    action: "create_project",
    entities: { name: "Migration cloud", client: "Orange" },
  },
  {
    text: "Crée un projet de refonte du site pour le client Durand avec un budget de 5 000 €",
    action: "create_project",
    entities: { name: "refonte du site", client: "Durand", amount: 5000 },
  },
  {
    text: "Démarre un nouveau projet « Audit SEO » pour Leroy, livraison le 30/04/2026",
    action: "create_project",
    entities: { name: "Audit SEO", client: "Leroy", dueDate: "2026-04-30" },
  },
  {
    text: "Créer un projet Application RH pour Nova SAS, deadline fin du mois",
    action: "create_project",
    entities: { name: "Application RH", client: "Nova SAS", dueDate: "2026-03-31" },
  },
  {
    text: "porjet site vitrine pour dupont",
    action: "create_project",
    entities: { name: "site vitrine", client: "Dupont" },
  },
  {
    text: "Nouvelle mission Dev backend pour Qonto",
    action: "create_project",
    entities: { name: "Dev backend", client: "Qonto" },
  },
  {
    text: "Crée un projet Refonte du site pour Durand avec une date limite au 15 juin",
    action: "create_project",
    entities: { name: "Refonte du site", client: "Durand", dueDate: "2026-06-15" },
  },
  {
    text: "crée un projet appli mobile pour acme budget 3000 euros",
    action: "create_project",
    entities: { name: "appli mobile", client: "Acme", amount: 3000 },
  },
  {
    text: "Ajoute un projet Site web pour le cabinet Morel",
    action: "create_project",
    entities: { name: "Site web", client: "Morel" },
  },
  {
    text: "Créer un nouveau projet pour le client Garnier : Newsletter mensuelle",
    action: "create_project",
    entities: { name: "Newsletter mensuelle", client: "Garnier" },
  },
  {
    text: "Crée un projet Formation Excel pour la société Lumière, à livrer dans 3 semaines",
    action: "create_project",
    entities: { name: "Formation Excel", client: "Lumière", dueDate: "2026-03-31" },
  },
  {
    text: "nouveau projet dashboard analytics chez Durand",
    action: "create_project",
    entities: { name: "dashboard analytics", client: "Durand" },
  },
  {
    text: "Crée un projet Site vitrine pour la boulangerie Durand",
    action: "create_project",
    entities: { name: "Site vitrine", client: "Durand" },
  },
  {
    text: 'Nouveau projet "Refonte intranet" pour Orange',
    action: "create_project",
    entities: { name: "Refonte intranet", client: "Orange" },
  },
  {
    text: "Lance un projet de migration vers AWS pour Decathlon",
    action: "create_project",
    entities: { name: "migration vers AWS", client: "Decathlon" },
  },
];

const views: InterpreterCase[] = [
  {
    text: "Quelles factures sont en retard ?",
    action: "view_data",
    entities: { dataType: "invoices", metric: "overdue", status: "en-retard" },
    confidence: 0.6,
    needsPlanning: true,
  },
  {
    text: "Montre-moi mes dépenses du mois",
    action: "view_data",
    entities: { dataType: "expenses", period: { from: "2026-03-01", to: "2026-03-31", label: "ce mois-ci" } },
    needsPlanning: false,
  },
  { text: "Liste mes clients", action: "view_data", entities: { dataType: "clients" } },
  {
    text: "Affiche les devis en attente",
    action: "view_data",
    entities: { dataType: "quotes", metric: "pending_quotes", status: "envoyé" },
  },
  { text: "Où en sont mes projets ?", action: "view_data", entities: { dataType: "projects" } },
  {
    text: "Combien j'ai facturé ce mois-ci ?",
    action: "view_data",
    entities: {
      dataType: "invoices",
      metric: "revenue_invoiced",
      period: { from: "2026-03-01", to: "2026-03-31", label: "ce mois-ci" },
    },
  },
  {
    text: "Quelles sont mes tâches pour aujourd'hui ?",
    action: "view_data",
    entities: { dataType: "tasks", period: { from: "2026-03-10", to: "2026-03-10", label: "aujourd'hui" } },
  },
  { text: "Affiche les paiements reçus", action: "view_data", entities: { dataType: "payments" } },
  {
    text: "Montre les factures de Dupont",
    action: "view_data",
    entities: { dataType: "invoices", client: "Dupont" },
    confidence: 0.75,
  },
  {
    text: "mes factures impayées",
    action: "view_data",
    entities: { dataType: "invoices", metric: "unpaid" },
  },
  {
    text: "factures en retard ?",
    action: "view_data",
    entities: { dataType: "invoices", metric: "overdue", status: "en-retard" },
  },
  {
    text: "Combien de nouveaux clients ce mois-ci ?",
    action: "view_data",
    entities: { dataType: "clients", period: { from: "2026-03-01", to: "2026-03-31", label: "ce mois-ci" } },
  },
  {
    text: "Donne-moi la liste des devis acceptés",
    action: "view_data",
    entities: { dataType: "quotes", status: "accepté" },
  },
  {
    text: "Ai-je des factures impayées ?",
    action: "view_data",
    entities: { dataType: "invoices", metric: "unpaid" },
  },
  {
    text: "Quel est le total de mes dépenses ?",
    action: "view_data",
    entities: { dataType: "expenses", metric: "expenses_total" },
  },
  {
    text: "Montre moi les projets en cours",
    action: "view_data",
    entities: { dataType: "projects", metric: "active_projects", status: "en-cours" },
  },
  {
    text: "Liste des factures du client Durand",
    action: "view_data",
    entities: { dataType: "invoices", client: "Durand" },
  },
  { text: "Je veux voir mes derniers paiements", action: "view_data", entities: { dataType: "payments" } },
  {
    text: "Quels devis attendent une réponse ?",
    action: "view_data",
    entities: { dataType: "quotes", metric: "pending_quotes" },
  },
  {
    text: "quels sont les devis en attente de signature",
    action: "view_data",
    entities: { dataType: "quotes", metric: "pending_quotes", status: "envoyé" },
  },
  {
    text: "quels devis sont en attente",
    action: "view_data",
    entities: { dataType: "quotes", metric: "pending_quotes", status: "envoyé" },
  },
  { text: "Affiche mes 5 dernières factures", action: "view_data", entities: { dataType: "invoices" } },
  {
    text: "Combien j'ai dépensé en transport ce mois ?",
    action: "view_data",
    entities: {
      dataType: "expenses",
      metric: "expenses_total",
      category: "transport",
      period: { from: "2026-03-01", to: "2026-03-31", label: "ce mois-ci" },
    },
  },
  {
    text: "Y a-t-il des virements reçus cette semaine ?",
    action: "view_data",
    entities: {
      dataType: "payments",
      period: { from: "2026-03-09", to: "2026-03-15", label: "cette semaine" },
    },
  },
  { text: "Montre mes taches en retard", action: "view_data", entities: { dataType: "tasks" } },
  {
    text: "Récapitulatif des dépenses de février",
    action: "view_data",
    entities: {
      dataType: "expenses",
      period: { from: "2026-02-01", to: "2026-02-28", label: "en février 2026" },
    },
  },
  {
    text: "Quel est mon chiffre d'affaires ce mois-ci ?",
    action: "view_data",
    entities: {
      dataType: "invoices",
      metric: "revenue_collected",
      period: { from: "2026-03-01", to: "2026-03-31", label: "ce mois-ci" },
    },
  },
  { text: "Analyse mes factures", action: "view_data", entities: { dataType: "invoices" } },
  {
    text: "affiche les facture en retard",
    action: "view_data",
    entities: { dataType: "invoices", metric: "overdue", status: "en-retard" },
  },
  { text: "Qui sont mes clients ?", action: "view_data", entities: { dataType: "clients" } },
  { text: "factures de dupont", action: "view_data", entities: { dataType: "invoices" } },
  { text: "Les devis de Leroy", action: "view_data", entities: { dataType: "quotes", client: "Leroy" } },
  {
    text: "Quel client me doit le plus ?",
    action: "view_data",
    // Issue 27: the client who owes the most, by name and amount (was the unpaid total before top_debtor).
    entities: { dataType: "clients", metric: "top_debtor" },
  },
  {
    text: "La facture de Dupont est-elle payée ?",
    action: "view_data",
    entities: { dataType: "invoices", client: "Dupont", status: "payée" },
  },
  { text: "Montre-moi les clients", action: "view_data", entities: { dataType: "clients" } },
  {
    text: "Quels sont mes projets actifs ?",
    action: "view_data",
    entities: { dataType: "projects", metric: "active_projects", status: "en-cours" },
  },
  {
    text: "affiche les depenses de ce mois",
    action: "view_data",
    entities: { dataType: "expenses", period: { from: "2026-03-01", to: "2026-03-31", label: "ce mois-ci" } },
  },
  {
    text: "Combien de factures sont impayées ?",
    action: "view_data",
    entities: { dataType: "invoices", metric: "unpaid" },
  },
  {
    text: "Liste les devis envoyés à Dupont",
    action: "view_data",
    entities: { dataType: "quotes", client: "Dupont", status: "envoyé" },
  },
  { text: "Où en est le projet Alpha ?", action: "view_data", entities: { dataType: "projects" } },
];

const automations: InterpreterCase[] = [
  {
    text: "Crée une automatisation pour relancer les factures impayées",
    action: "create_automation",
    entities: { title: "relancer les factures impayées" },
    confidence: 0.7,
    needsPlanning: true,
  },
  { text: "Automatise les relances de paiement", action: "create_automation", entities: {} },
  {
    text: "Relance automatiquement les clients 7 jours avant l'échéance",
    action: "create_automation",
    entities: {},
  },
  {
    text: "Tous les mois, envoie un rappel aux clients en retard",
    action: "create_automation",
    entities: {},
  },
  { text: "Chaque lundi, envoie-moi le récap des factures", action: "create_automation", entities: {} },
  {
    text: "Quand un devis est accepté, crée automatiquement la facture",
    action: "create_automation",
    entities: {},
  },
  { text: "Mets en place une règle automatique pour les rappels", action: "create_automation", entities: {} },
  {
    text: "Crée un workflow Zapier pour chaque nouveau client",
    action: "create_automation",
    entities: { integration: "zapier" },
  },
  {
    text: "Dès qu'une facture est payée, envoie un email de remerciement",
    action: "create_automation",
    entities: {},
  },
  {
    text: "Programme une facture récurrente pour Dupont de 500 € chaque mois",
    action: "create_automation",
    entities: {},
  },
  { text: "cree une automatisation de relance", action: "create_automation", entities: {} },
  { text: "Mets en place une relance automatique à J+7", action: "create_automation", entities: {} },
  { text: "Automatiser l'envoi des factures chaque fin de mois", action: "create_automation", entities: {} },
  // Issue 14 §3: the kinds that run, said as the user says them.
  { text: "Facture Dupont 500 € HT chaque mois le 1er", action: "create_automation", entities: {} },
  { text: "Envoie un mail de bienvenue à chaque nouveau client", action: "create_automation", entities: {} },
  { text: "Remercie le client quand une facture est payée", action: "create_automation", entities: {} },
  { text: "Rappelle-moi les tâches la veille de leur échéance", action: "create_automation", entities: {} },
  { text: "Préviens-moi 3 jours avant l'expiration d'un devis", action: "create_automation", entities: {} },
];

const integrations: InterpreterCase[] = [
  {
    text: "Synchronise avec Google Calendar",
    action: "use_integration",
    entities: { integration: "google_calendar" },
    confidence: 0.6,
  },
  { text: "Connecte mon compte Stripe", action: "use_integration", entities: { integration: "stripe" } },
  {
    text: "Ajoute mes contacts à Mailchimp",
    action: "use_integration",
    entities: { integration: "mailchimp" },
  },
  {
    text: "Envoie les nouveaux clients vers Mailchimp",
    action: "use_integration",
    entities: { integration: "mailchimp" },
  },
  {
    text: "Utilise Zapier pour envoyer mes factures",
    action: "use_integration",
    entities: { integration: "zapier" },
  },
  {
    text: "Crée un lien de paiement Stripe pour la facture Dupont",
    action: "use_integration",
    entities: { integration: "stripe" },
  },
  {
    text: "Ajoute ce rendez-vous dans mon agenda Google",
    action: "use_integration",
    entities: { integration: "google_calendar" },
  },
  {
    text: "Exporte mes factures vers Zapier",
    action: "use_integration",
    entities: { integration: "zapier" },
  },
  {
    text: "synchro google agenda stp",
    action: "use_integration",
    entities: { integration: "google_calendar" },
  },
  {
    text: "Paiement Stripe de la facture Dupont",
    action: "use_integration",
    entities: { integration: "stripe" },
  },
  { text: "Connecte Zapier", action: "use_integration", entities: { integration: "zapier" } },
  {
    text: "Envoie mes clients sur Mailchimp",
    action: "use_integration",
    entities: { integration: "mailchimp" },
  },
  {
    text: "Active Stripe pour mes paiements",
    action: "use_integration",
    entities: { integration: "stripe" },
  },
];

const general: InterpreterCase[] = [
  {
    text: "Bonjour, comment ça va ?",
    action: "general",
    entities: {},
    ambiguities: [],
    confidence: 0.5,
    needsPlanning: false,
  },
  { text: "Merci beaucoup !", action: "general", entities: {} },
  { text: "Quelle est la météo demain ?", action: "general", entities: {} },
  { text: "Raconte-moi une blague", action: "general", entities: {} },
  { text: "Supprime la facture de Dupont", action: "general", entities: {}, needsPlanning: true },
  { text: "Relance Dupont pour sa facture impayée", action: "general", entities: {}, needsPlanning: true },
  { text: "Envoie la facture à Dupont par email", action: "general", entities: {} },
  { text: "Convertis le devis Leroy en facture", action: "general", entities: {} },
  { text: "Comment fonctionne la TVA pour un auto-entrepreneur ?", action: "general", entities: {} },
  { text: "Aide-moi à rédiger un email", action: "general", entities: {} },
  { text: "salut", action: "general", entities: {}, confidence: 0.5 },
  { text: "Modifie le projet Alpha", action: "general", entities: {} },
  { text: "", action: "general", entities: {}, needsPlanning: false },
  { text: "Qu'est-ce que la TVA intracommunautaire ?", action: "general", entities: {} },
  { text: "Merci, c'est parfait", action: "general", entities: {} },
];

const MARCH = { from: "2026-03-01", to: "2026-03-31", label: "ce mois-ci" };
const FEBRUARY = { from: "2026-02-01", to: "2026-02-28", label: "le mois dernier" };
const YEAR = { from: "2026-01-01", to: "2026-12-31", label: "cette année" };
const YEAR_TO_DATE = { from: "2026-01-01", to: TODAY, label: "depuis le début de l'année" };
const LAST_YEAR = { from: "2025-01-01", to: "2025-12-31", label: "l'an dernier" };
const QUARTER = { from: "2026-01-01", to: "2026-03-31", label: "ce trimestre" };

// Issue 11: billed lines ("3 jours à 450 €"), whose total is the amount, and the HT/TTC basis.
const lines: InterpreterCase[] = [
  {
    text: "Facture Girard 3 jours à 500 €",
    action: "create_invoice",
    entities: { client: "Girard", amount: 1500, lines: [{ quantity: 3, unit: "jour", unitPrice: 500 }] },
  },
  {
    text: "Crée une facture pour Lambert : 8 h à 65 € de l'heure",
    action: "create_invoice",
    entities: { client: "Lambert", amount: 520, lines: [{ quantity: 8, unit: "heure", unitPrice: 65 }] },
  },
  {
    text: "devis rousseau 5 jours x 480 €",
    action: "create_quote",
    entities: { client: "Rousseau", amount: 2400, lines: [{ quantity: 5, unit: "jour", unitPrice: 480 }] },
  },
  {
    text: "Facture pour Vincent, 6 demi-journées à 280 € HT",
    action: "create_invoice",
    entities: {
      client: "Vincent",
      amount: 1680,
      priceBasis: "HT",
      lines: [{ quantity: 6, unit: "demi-journée", unitPrice: 280 }],
    },
  },
  {
    text: "Facture Mercier : 3 séances de yoga à 60 € et 1 forfait matériel de 25 €",
    action: "create_invoice",
    entities: {
      client: "Mercier",
      amount: 205,
      lines: [
        { description: "yoga", quantity: 3, unit: "séance", unitPrice: 60 },
        { description: "matériel", quantity: 1, unit: "forfait", unitPrice: 25 },
      ],
    },
  },
  {
    text: "Prépare un devis pour Fontaine : 15 heures de développement à 70 €/h",
    action: "create_quote",
    entities: {
      client: "Fontaine",
      amount: 1050,
      title: "développement",
      lines: [{ description: "développement", quantity: 15, unit: "heure", unitPrice: 70 }],
    },
  },
  {
    text: "facture chevalier 2 jours a 400e",
    action: "create_invoice",
    entities: { client: "Chevalier", amount: 800, lines: [{ quantity: 2, unit: "jour", unitPrice: 400 }] },
  },
  {
    text: "Facture Blanc 4j à 550 € HT",
    action: "create_invoice",
    entities: {
      client: "Blanc",
      amount: 2200,
      priceBasis: "HT",
      lines: [{ quantity: 4, unit: "jour", unitPrice: 550 }],
    },
  },
  {
    text: "Fais un devis pour Roche, 550 € par jour pendant 4 jours",
    action: "create_quote",
    entities: { client: "Roche", amount: 2200, lines: [{ quantity: 4, unit: "jour", unitPrice: 550 }] },
  },
  {
    text: "Facture Colin TJM 600 € sur 5 jours",
    action: "create_invoice",
    entities: { client: "Colin", amount: 3000, lines: [{ quantity: 5, unit: "jour", unitPrice: 600 }] },
  },
  {
    text: "Nouvelle facture pour Perrin : 3 logos à 250 € pièce",
    action: "create_invoice",
    entities: {
      client: "Perrin",
      amount: 750,
      title: "logos",
      lines: [{ description: "logos", quantity: 3, unitPrice: 250 }],
    },
  },
  {
    text: "Facture Gauthier 2 jours de formation Excel à 700 € TTC",
    action: "create_invoice",
    entities: {
      client: "Gauthier",
      amount: 1400,
      priceBasis: "TTC",
      title: "formation Excel",
      lines: [{ description: "formation Excel", quantity: 2, unit: "jour", unitPrice: 700 }],
    },
  },
  {
    text: "Devis pour Marchand : deux journées à 650 euros",
    action: "create_quote",
    entities: { client: "Marchand", amount: 1300, lines: [{ quantity: 2, unit: "jour", unitPrice: 650 }] },
  },
  {
    text: "Facture Boyer 10 séances à 45 €",
    action: "create_invoice",
    entities: { client: "Boyer", amount: 450, lines: [{ quantity: 10, unit: "séance", unitPrice: 45 }] },
  },
  {
    text: "Facturer à Renaud 12 mois de maintenance à 90 € par mois",
    action: "create_invoice",
    entities: {
      client: "Renaud",
      amount: 1080,
      title: "maintenance",
      lines: [{ description: "maintenance", quantity: 12, unit: "mois", unitPrice: 90 }],
    },
  },
  {
    text: "Facture Dumas 20 pages à 15 € et 1 forfait mise en page de 120 €",
    action: "create_invoice",
    entities: {
      client: "Dumas",
      amount: 420,
      lines: [
        { quantity: 20, unit: "page", unitPrice: 15 },
        { description: "mise en page", quantity: 1, unit: "forfait", unitPrice: 120 },
      ],
    },
  },
  {
    text: "Un devis Lucas de 3 jours à 1 200 € hors taxes",
    action: "create_quote",
    entities: {
      client: "Lucas",
      amount: 3600,
      priceBasis: "HT",
      lines: [{ quantity: 3, unit: "jour", unitPrice: 1200 }],
    },
  },
  {
    text: "Facture Brun 450 €/jour x 3 jours",
    action: "create_invoice",
    entities: { client: "Brun", amount: 1350, lines: [{ quantity: 3, unit: "jour", unitPrice: 450 }] },
  },
  {
    text: "facture pour meunier 7 heures a 50 euros",
    action: "create_invoice",
    entities: { client: "Meunier", amount: 350, lines: [{ quantity: 7, unit: "heure", unitPrice: 50 }] },
  },
  {
    text: "Facture Arnaud 1 500 € TTC",
    action: "create_invoice",
    entities: { client: "Arnaud", amount: 1500, priceBasis: "TTC" },
  },
  {
    text: "Facture de 3 000 € pour Picard pour 3 jours de conseil",
    action: "create_invoice",
    entities: { client: "Picard", amount: 3000 },
  },
  {
    text: "J'ai acheté 3 cartouches d'encre à 25 €",
    action: "create_expense",
    entities: { amount: 75, category: "materiel", date: TODAY },
  },
];

// Issue 11: a business's name is kept whole, as typed; civility stays out.
const businessNames: InterpreterCase[] = [
  {
    text: "Facture pour Studio Nébuleuse de 900 €",
    action: "create_invoice",
    entities: { client: "Studio Nébuleuse", amount: 900 },
  },
  {
    text: "Devis pour le Cabinet Morel & Associés de 2 000 €",
    action: "create_quote",
    entities: { client: "Cabinet Morel & Associés", amount: 2000 },
  },
  {
    text: "Facture SARL Les Vergers du Sud 1 100 €",
    action: "create_invoice",
    entities: { client: "SARL Les Vergers du Sud", amount: 1100 },
  },
  {
    text: "Crée une facture pour l'Auberge du Moulin de 640 €",
    action: "create_invoice",
    entities: { client: "Auberge du Moulin", amount: 640 },
  },
  {
    text: "Devis au Domaine de la Roche-Haute 4 500 €",
    action: "create_quote",
    entities: { client: "Domaine de la Roche-Haute", amount: 4500 },
  },
  {
    text: "Facture pour la Pâtisserie Au Petit Four 85 €",
    action: "create_invoice",
    entities: { client: "Pâtisserie Au Petit Four", amount: 85 },
  },
  {
    text: "Nouveau devis Agence Orbite & Co 3 200 €",
    action: "create_quote",
    entities: { client: "Agence Orbite & Co", amount: 3200 },
  },
  {
    text: "facture pour l'hotel des voyageurs 300 €",
    action: "create_invoice",
    entities: { client: "Hotel des Voyageurs", amount: 300 },
  },
  {
    text: "Facture pour Mme Aubert de 180 €",
    action: "create_invoice",
    entities: { client: "Aubert", amount: 180 },
  },
  {
    text: "Devis pour M. Hubert Lemoine de 760 €",
    action: "create_quote",
    entities: { client: "Hubert Lemoine", amount: 760 },
  },
  {
    text: "Facture EURL Atelier Bois Flotté 2 300 €",
    action: "create_invoice",
    entities: { client: "EURL Atelier Bois Flotté", amount: 2300 },
  },
  {
    text: "Facture pour la SAS Les Délices de Lina, 420 €",
    action: "create_invoice",
    entities: { client: "SAS Les Délices de Lina", amount: 420 },
  },
  {
    text: "Devis pour Garage du Centre 1 250 €",
    action: "create_quote",
    entities: { client: "Garage du Centre", amount: 1250 },
  },
  {
    text: "Facture pour la Librairie Le Chat Lettré de 210 €",
    action: "create_invoice",
    entities: { client: "Librairie Le Chat Lettré", amount: 210 },
  },
  {
    text: "Crée un devis pour le Château de Vaux-Blanc de 8 000 €",
    action: "create_quote",
    entities: { client: "Château de Vaux-Blanc", amount: 8000 },
  },
  {
    text: "Facture Cabinet Faure 990 €",
    action: "create_invoice",
    entities: { client: "Cabinet Faure", amount: 990 },
  },
  {
    text: "facture pour agence horizon 1200 euros",
    action: "create_invoice",
    entities: { client: "Agence Horizon", amount: 1200 },
  },
];

// Issue 11: deadlines, quote validity and the days of the service.
const deadlines: InterpreterCase[] = [
  {
    text: "Facture Poirier 700 € échéance fin du mois",
    action: "create_invoice",
    entities: { client: "Poirier", amount: 700, dueDate: "2026-03-31" },
  },
  {
    text: "Facture Giraud 950 € à régler avant le 20/04",
    action: "create_invoice",
    entities: { client: "Giraud", amount: 950, dueDate: "2026-04-20" },
  },
  {
    text: "Facture Collet 1 300 € payable sous 45 jours",
    action: "create_invoice",
    entities: { client: "Collet", amount: 1300, dueDate: "2026-04-24" },
  },
  {
    text: "Facture Masson 400 € payable à réception",
    action: "create_invoice",
    entities: { client: "Masson", amount: 400, dueDate: TODAY },
  },
  {
    text: "facture huet 250 euros paiement a reception",
    action: "create_invoice",
    entities: { client: "Huet", amount: 250, dueDate: TODAY },
  },
  {
    text: "Facture Noël 800 € échéance fin avril",
    action: "create_invoice",
    entities: { client: "Noël", amount: 800, dueDate: "2026-04-30" },
  },
  {
    text: "Facture Caron 1 000 € à 30 jours fin de mois",
    action: "create_invoice",
    entities: { client: "Caron", amount: 1000, dueDate: "2026-04-30" },
  },
  {
    text: "Devis Leclerc 2 600 € valable jusqu'au 15 avril",
    action: "create_quote",
    entities: { client: "Leclerc", amount: 2600, dueDate: "2026-04-15", validUntil: "2026-04-15" },
  },
  {
    text: "Devis pour Benoit de 900 €, validité 1 mois",
    action: "create_quote",
    entities: { client: "Benoit", amount: 900, dueDate: "2026-04-10", validUntil: "2026-04-10" },
  },
  {
    text: "Facture Riviere 1 800 € pour la prestation du 2 au 6 mars",
    action: "create_invoice",
    entities: {
      client: "Riviere",
      amount: 1800,
      title: "prestation",
      serviceStartDate: "2026-03-02",
      serviceEndDate: "2026-03-06",
    },
  },
  {
    text: "Facture Barbier 600 € pour l'intervention du 04/03",
    action: "create_invoice",
    entities: {
      client: "Barbier",
      amount: 600,
      title: "intervention",
      serviceStartDate: "2026-03-04",
      serviceEndDate: "2026-03-04",
    },
  },
  {
    text: "Facture Lemaire 2 400 € pour la mission du 23 février au 6 mars, à payer sous 30 jours",
    action: "create_invoice",
    entities: {
      client: "Lemaire",
      amount: 2400,
      title: "mission",
      serviceStartDate: "2026-02-23",
      serviceEndDate: "2026-03-06",
      dueDate: "2026-04-09",
    },
  },
  {
    text: "Facture Royer 500 € sous huitaine",
    action: "create_invoice",
    entities: { client: "Royer", amount: 500, dueDate: "2026-03-18" },
  },
  {
    text: "Facture Paris Events 3 jours à 400 € échéance le 30/04",
    action: "create_invoice",
    entities: {
      client: "Paris Events",
      amount: 1200,
      dueDate: "2026-04-30",
      lines: [{ quantity: 3, unit: "jour", unitPrice: 400 }],
    },
  },
  {
    text: "Facture Dupuis 750 € d'ici le 25 mars",
    action: "create_invoice",
    entities: { client: "Dupuis", amount: 750, dueDate: "2026-03-25" },
  },
];

const tasks: InterpreterCase[] = [
  {
    text: "Ajoute une tâche : appeler Dupont",
    action: "create_task",
    entities: { title: "appeler Dupont", client: "Dupont" },
    ambiguities: [],
  },
  {
    text: "Crée une tâche : rappeler Moreau demain",
    action: "create_task",
    entities: { title: "rappeler Moreau", client: "Moreau", date: "2026-03-11", dueDate: "2026-03-11" },
  },
  {
    text: "Nouvelle tâche pour le projet Refonte : préparer les maquettes avant vendredi",
    action: "create_task",
    entities: {
      title: "préparer les maquettes",
      project: "Refonte",
      date: "2026-03-13",
      dueDate: "2026-03-13",
    },
  },
  {
    text: "ajoute une tache envoyer la facture a Leroy lundi",
    action: "create_task",
    entities: {
      title: "envoyer la facture a Leroy",
      client: "Leroy",
      date: "2026-03-16",
      dueDate: "2026-03-16",
    },
  },
  {
    text: "Rappelle-moi de relancer Mme Petit jeudi",
    action: "create_task",
    entities: { title: "relancer Mme Petit", client: "Petit", date: "2026-03-12", dueDate: "2026-03-12" },
  },
  {
    text: "Crée une tâche pour le client Nexa : envoyer le contrat le 20/03",
    action: "create_task",
    entities: { title: "envoyer le contrat", client: "Nexa", date: "2026-03-20", dueDate: "2026-03-20" },
  },
  {
    text: "Ajoute à ma to-do : faire la compta",
    action: "create_task",
    entities: { title: "faire la compta" },
  },
  {
    text: "Crée une tâche",
    action: "create_task",
    entities: {},
    ambiguities: ["Intitulé de la tâche non spécifié"],
  },
  {
    text: "Tâche : écrire la newsletter pour le projet Blog Horizon d'ici vendredi",
    action: "create_task",
    entities: {
      title: "écrire la newsletter",
      project: "Blog Horizon",
      date: "2026-03-13",
      dueDate: "2026-03-13",
    },
  },
  {
    text: "Peux-tu ajouter une tâche « mettre à jour le portfolio » pour après-demain ?",
    action: "create_task",
    entities: { title: "mettre à jour le portfolio", date: "2026-03-12", dueDate: "2026-03-12" },
  },
  {
    text: "Ajoute une tâche dans le projet Site vitrine : intégrer la page contact",
    action: "create_task",
    entities: { title: "intégrer la page contact", project: "Site vitrine" },
  },
  {
    text: "Fais-moi penser à envoyer le devis à Martin demain",
    action: "create_task",
    entities: {
      title: "envoyer le devis à Martin",
      client: "Martin",
      date: "2026-03-11",
      dueDate: "2026-03-11",
    },
  },
  {
    text: "Crée une tache : preparer la reunion avec Nexa le 17/03",
    action: "create_task",
    entities: {
      title: "preparer la reunion avec Nexa",
      client: "Nexa",
      date: "2026-03-17",
      dueDate: "2026-03-17",
    },
  },
  {
    text: "Nouvelle tâche : commander des cartes de visite",
    action: "create_task",
    entities: { title: "commander des cartes de visite" },
  },
  {
    text: "Montre mes tâches à faire",
    action: "view_data",
    entities: { dataType: "tasks", status: "a-faire" },
  },
  {
    text: "Quelles tâches sont terminées ?",
    action: "view_data",
    entities: { dataType: "tasks", status: "terminee" },
  },
];

const contracts: InterpreterCase[] = [
  {
    text: "Crée un contrat pour Nexa de 5 000 €",
    action: "create_contract",
    entities: { client: "Nexa", amount: 5000 },
    ambiguities: [],
  },
  {
    text: "Nouveau contrat de maintenance pour la SARL Bonnet, 200 € par mois pendant 12 mois",
    action: "create_contract",
    entities: {
      client: "SARL Bonnet",
      amount: 2400,
      title: "maintenance",
      lines: [{ quantity: 12, unit: "mois", unitPrice: 200 }],
    },
  },
  {
    text: "Rédige un contrat de prestation pour Studio Lumière de 3 500 € HT",
    action: "create_contract",
    entities: { client: "Studio Lumière", amount: 3500, priceBasis: "HT", title: "prestation" },
  },
  {
    text: "contrat pour dupont 1200 euros",
    action: "create_contract",
    entities: { client: "Dupont", amount: 1200 },
  },
  {
    text: "Crée un contrat",
    action: "create_contract",
    entities: {},
    ambiguities: ["Client non spécifié"],
  },
  {
    text: "Prépare un NDA pour Altis",
    action: "create_contract",
    entities: { client: "Altis" },
  },
  {
    text: "Crée un contrat pour Orion du 1er avril au 30 juin de 9 000 €",
    action: "create_contract",
    entities: {
      client: "Orion",
      amount: 9000,
      serviceStartDate: "2026-04-01",
      serviceEndDate: "2026-06-30",
    },
  },
  {
    text: "Établis un contrat pour le projet Application mobile avec Kéa, 12 000 €",
    action: "create_contract",
    entities: { client: "Kéa", amount: 12000, project: "Application mobile" },
  },
  {
    text: "Fais un contrat de développement web pour Vega Conseil",
    action: "create_contract",
    entities: { client: "Vega Conseil", title: "développement web" },
  },
  { text: "Montre mes contrats", action: "general", entities: {} },
];

const payments: InterpreterCase[] = [
  {
    text: "La facture INV-2026-0042 a été payée hier par virement",
    action: "record_payment",
    entities: { invoiceNumber: "INV-2026-0042", date: "2026-03-09", paymentMethod: "virement" },
    ambiguities: [],
  },
  {
    text: "Dupont m'a réglé 1 200 € par chèque",
    action: "record_payment",
    entities: { client: "Dupont", amount: 1200, paymentMethod: "cheque" },
  },
  {
    text: "J'ai reçu le virement de Nexa pour la facture INV-2026-0007",
    action: "record_payment",
    entities: { invoiceNumber: "INV-2026-0007", client: "Nexa", paymentMethod: "virement" },
  },
  {
    text: "Marque la facture INV-2026-0012 comme payée",
    action: "record_payment",
    entities: { invoiceNumber: "INV-2026-0012" },
  },
  {
    text: "Marque la facture Dupont comme payée",
    action: "record_payment",
    entities: { client: "Dupont" },
  },
  {
    text: "Enregistre un paiement de 350 € en espèces pour la facture INV-2026-0031",
    action: "record_payment",
    entities: { invoiceNumber: "INV-2026-0031", amount: 350, paymentMethod: "especes" },
  },
  {
    text: "facture inv-2026-0050 reglee par cb aujourd'hui",
    action: "record_payment",
    entities: { invoiceNumber: "INV-2026-0050", paymentMethod: "carte", date: TODAY },
  },
  {
    text: "Paiement reçu de Garnier : 800 € via PayPal",
    action: "record_payment",
    entities: { client: "Garnier", amount: 800, paymentMethod: "paypal" },
  },
  {
    text: "Mme Lopez m'a viré 450 € le 05/03",
    action: "record_payment",
    entities: { client: "Lopez", amount: 450, paymentMethod: "virement", date: "2026-03-05" },
  },
  {
    text: "Encaisse le chèque de Martin de 300 €",
    action: "record_payment",
    entities: { client: "Martin", amount: 300, paymentMethod: "cheque" },
  },
  {
    text: "La facture FAC-2026-0003 est réglée par prélèvement",
    action: "record_payment",
    entities: { invoiceNumber: "FAC-2026-0003", paymentMethod: "prelevement" },
  },
  {
    text: "Nexa a payé sa facture INV-2026-0019 avant-hier",
    action: "record_payment",
    entities: { invoiceNumber: "INV-2026-0019", client: "Nexa", date: "2026-03-08" },
  },
  {
    text: "J'ai encaissé 2 000 € de la SARL Bonnet",
    action: "record_payment",
    entities: { client: "SARL Bonnet", amount: 2000 },
  },
  {
    text: "La facture INV-2026-0044 a été payée via Stripe",
    action: "record_payment",
    entities: { invoiceNumber: "INV-2026-0044", paymentMethod: "stripe" },
  },
  {
    text: "Acompte de 500 € reçu de Leroy",
    action: "record_payment",
    entities: { client: "Leroy", amount: 500 },
  },
  {
    text: "Enregistre un règlement",
    action: "record_payment",
    entities: {},
    ambiguities: ["Facture non spécifiée"],
  },
  {
    text: "Encaisser la facture INV-2026-0042 via Stripe",
    action: "use_integration",
    entities: { integration: "stripe", invoiceNumber: "INV-2026-0042" },
  },
  {
    text: "Fais payer la facture INV-2026-0081 via Stripe",
    action: "use_integration",
    entities: { integration: "stripe", invoiceNumber: "INV-2026-0081" },
  },
  {
    text: "Combien a encaissé mon associé ce mois-ci ?",
    action: "view_data",
    entities: {
      dataType: "invoices",
      metric: "revenue_collected",
      otherAccount: "mon associé",
      period: MARCH,
    },
  },
  {
    text: "Tâche : préparer le devis Nexa",
    action: "create_task",
    entities: { title: "préparer le devis Nexa" },
  },
  {
    text: "Crée une tâche pour le projet Boutique en ligne : tester le paiement vendredi",
    action: "create_task",
    entities: {
      title: "tester le paiement",
      project: "Boutique en ligne",
      date: "2026-03-13",
      dueDate: "2026-03-13",
    },
  },
  {
    text: "Crée un lien de paiement Stripe pour la facture INV-2026-0051",
    action: "use_integration",
    entities: { integration: "stripe", invoiceNumber: "INV-2026-0051" },
  },
  {
    text: "Est-ce que Dupont a payé ?",
    action: "view_data",
    entities: { dataType: "invoices", client: "Dupont", status: "payée" },
  },
  {
    text: "Montre les factures qui sont payées",
    action: "view_data",
    entities: { dataType: "invoices", status: "payée" },
  },
  {
    text: "J'ai payé 60 € de parking hier",
    action: "create_expense",
    entities: { amount: 60, category: "transport", date: "2026-03-09" },
  },
  {
    text: "Relance la facture INV-2026-0040",
    action: "general",
    entities: { invoiceNumber: "INV-2026-0040" },
  },
];

// Issue 11: questions about one's figures, with the period they cover.
const figures: InterpreterCase[] = [
  {
    text: "Combien j'ai encaissé ce mois-ci ?",
    action: "view_data",
    entities: { dataType: "invoices", metric: "revenue_collected", period: MARCH },
  },
  {
    text: "Quel est mon CA du mois dernier ?",
    action: "view_data",
    entities: { dataType: "invoices", metric: "revenue_collected", period: FEBRUARY },
  },
  {
    text: "combien j'ai gagné cette année",
    action: "view_data",
    entities: { dataType: "invoices", metric: "revenue_collected", period: YEAR },
  },
  {
    text: "Quel chiffre d'affaires en janvier 2026 ?",
    action: "view_data",
    entities: {
      dataType: "invoices",
      metric: "revenue_collected",
      period: { from: "2026-01-01", to: "2026-01-31", label: "en janvier 2026" },
    },
  },
  {
    text: "Combien ai-je facturé depuis le début de l'année ?",
    action: "view_data",
    entities: { dataType: "invoices", metric: "revenue_invoiced", period: YEAR_TO_DATE },
  },
  {
    text: "Total facturé l'an dernier",
    action: "view_data",
    entities: { dataType: "invoices", metric: "revenue_invoiced", period: LAST_YEAR },
  },
  {
    text: "Combien mes clients me doivent-ils ?",
    action: "view_data",
    entities: { dataType: "clients", metric: "unpaid" },
  },
  {
    text: "Montant total des impayés ?",
    action: "view_data",
    entities: { dataType: "invoices", metric: "unpaid" },
  },
  {
    text: "Combien de factures en retard ai-je ?",
    action: "view_data",
    entities: { dataType: "invoices", metric: "overdue", status: "en-retard" },
  },
  {
    text: "Combien me doit Dupont ?",
    action: "view_data",
    entities: { dataType: "invoices", metric: "client_balance", client: "Dupont" },
  },
  {
    text: "Combien Nexa me doit encore ?",
    action: "view_data",
    entities: { dataType: "invoices", metric: "client_balance", client: "Nexa" },
  },
  {
    text: "Qu'est-ce que la SARL Bonnet me doit ?",
    action: "view_data",
    entities: { dataType: "invoices", metric: "client_balance", client: "SARL Bonnet" },
  },
  {
    text: "Quel est le solde de Studio Lumière ?",
    action: "view_data",
    entities: { dataType: "invoices", metric: "client_balance", client: "Studio Lumière" },
  },
  {
    text: "Qui sont mes meilleurs clients ?",
    action: "view_data",
    entities: { dataType: "clients", metric: "best_clients" },
  },
  {
    text: "top 5 clients de l'an dernier",
    action: "view_data",
    entities: { dataType: "clients", metric: "best_clients", period: LAST_YEAR },
  },
  {
    text: "Quelle est ma marge ce trimestre ?",
    action: "view_data",
    entities: { dataType: "invoices", metric: "margin", period: QUARTER },
  },
  {
    text: "Analyse ma rentabilité",
    action: "view_data",
    entities: { dataType: "invoices", metric: "margin" },
    needsPlanning: true,
  },
  {
    text: "Quel bénéfice j'ai fait le mois dernier ?",
    action: "view_data",
    entities: { dataType: "invoices", metric: "margin", period: FEBRUARY },
  },
  {
    text: "Combien j'ai dépensé ce mois-ci ?",
    action: "view_data",
    entities: { dataType: "expenses", metric: "expenses_total", period: MARCH },
  },
  {
    text: "Combien j'ai dépensé en restaurant cette année ?",
    action: "view_data",
    entities: { dataType: "expenses", metric: "expenses_total", category: "repas", period: YEAR },
  },
  {
    text: "Mes dépenses par catégorie depuis janvier",
    action: "view_data",
    entities: { dataType: "expenses", metric: "expenses_by_category", period: YEAR_TO_DATE },
  },
  {
    text: "Répartition de mes dépenses l'an dernier",
    action: "view_data",
    entities: { dataType: "expenses", metric: "expenses_by_category", period: LAST_YEAR },
  },
  {
    text: "Sur quels projets je travaille en ce moment ?",
    action: "view_data",
    entities: { dataType: "projects" },
  },
  {
    text: "Combien de projets actifs ?",
    action: "view_data",
    entities: { dataType: "projects", metric: "active_projects", status: "en-cours" },
  },
  {
    text: "Quels devis sont sans réponse ?",
    action: "view_data",
    entities: { dataType: "quotes", metric: "pending_quotes", status: "envoyé" },
  },
  {
    text: "Quel est mon taux de conversion des devis cette année ?",
    action: "view_data",
    entities: { dataType: "quotes", metric: "quote_conversion", period: YEAR },
  },
  {
    text: "taux d'acceptation de mes devis",
    action: "view_data",
    entities: { dataType: "quotes", metric: "quote_conversion" },
  },
  {
    text: "Prévision de trésorerie pour le mois prochain",
    action: "view_data",
    entities: {
      dataType: "invoices",
      metric: "cash_forecast",
      period: { from: "2026-04-01", to: "2026-04-30", label: "le mois prochain" },
    },
  },
  {
    text: "Combien je vais encaisser dans les prochaines semaines ?",
    action: "view_data",
    entities: { dataType: "invoices", metric: "cash_forecast" },
  },
  {
    text: "Mon CA ce mois-ci par rapport au mois dernier",
    action: "view_data",
    entities: { dataType: "invoices", metric: "revenue_collected", period: MARCH, compare: true },
  },
  {
    text: "Compare mon chiffre d'affaires avec l'an dernier",
    action: "view_data",
    entities: { dataType: "invoices", metric: "revenue_collected", period: YEAR, compare: true },
  },
  {
    text: "Évolution de mes dépenses ce trimestre",
    action: "view_data",
    entities: { dataType: "expenses", period: QUARTER, compare: true },
  },
  {
    text: "Combien j'ai encaissé au premier trimestre 2025 ?",
    action: "view_data",
    entities: {
      dataType: "invoices",
      metric: "revenue_collected",
      period: { from: "2025-01-01", to: "2025-03-31", label: "au 1er trimestre 2025" },
    },
  },
  {
    text: "Quel est mon CA sur les 30 derniers jours ?",
    action: "view_data",
    entities: {
      dataType: "invoices",
      metric: "revenue_collected",
      period: { from: "2026-02-09", to: TODAY, label: "les 30 derniers jours" },
    },
  },
  {
    text: "Ce que j'ai encaissé cette semaine",
    action: "view_data",
    entities: {
      dataType: "invoices",
      metric: "revenue_collected",
      period: { from: "2026-03-09", to: "2026-03-15", label: "cette semaine" },
    },
  },
  {
    text: "Combien j'ai encaissé en 2025 ?",
    action: "view_data",
    entities: {
      dataType: "invoices",
      metric: "revenue_collected",
      period: { from: "2025-01-01", to: "2025-12-31", label: "en 2025" },
    },
  },
  {
    text: "Quelles sont mes recettes de décembre ?",
    action: "view_data",
    entities: {
      dataType: "invoices",
      metric: "revenue_collected",
      period: { from: "2025-12-01", to: "2025-12-31", label: "en décembre 2025" },
    },
  },
  {
    text: "Quel est mon chiffre d'affaires de janvier à mars ?",
    action: "view_data",
    entities: {
      dataType: "invoices",
      metric: "revenue_collected",
      period: { from: "2026-01-01", to: "2026-03-31", label: "de janvier 2026 à mars 2026" },
    },
  },
  {
    text: "combien jai encaisse hier",
    action: "view_data",
    entities: {
      dataType: "invoices",
      metric: "revenue_collected",
      period: { from: "2026-03-09", to: "2026-03-09", label: "le 09/03/2026" },
    },
  },
  {
    text: "Ma tréso prévisionnelle ?",
    action: "view_data",
    entities: { dataType: "invoices", metric: "cash_forecast" },
  },
];

// Issue 11: lists with filters, with the lists' own status values.
const filteredLists: InterpreterCase[] = [
  {
    text: "Montre les factures payées de Dupont en février",
    action: "view_data",
    entities: {
      dataType: "invoices",
      status: "payée",
      client: "Dupont",
      period: { from: "2026-02-01", to: "2026-02-28", label: "en février 2026" },
    },
  },
  {
    text: "Liste les factures brouillon",
    action: "view_data",
    entities: { dataType: "invoices", status: "brouillon" },
  },
  {
    text: "Affiche les devis refusés de l'an dernier",
    action: "view_data",
    entities: { dataType: "quotes", status: "refusé", period: LAST_YEAR },
  },
  {
    text: "Montre-moi les devis acceptés par Leroy",
    action: "view_data",
    entities: { dataType: "quotes", status: "accepté", client: "Leroy" },
  },
  {
    text: "Quels projets sont terminés ?",
    action: "view_data",
    entities: { dataType: "projects", status: "terminé" },
  },
  {
    text: "projets en pause",
    action: "view_data",
    entities: { dataType: "projects", status: "en-pause" },
  },
  {
    text: "Montre mes projets en cours",
    action: "view_data",
    entities: { dataType: "projects", status: "en-cours", metric: "active_projects" },
  },
  {
    text: "Liste les factures en attente de Nexa",
    action: "view_data",
    entities: { dataType: "invoices", status: "en-attente", client: "Nexa" },
  },
  {
    text: "Affiche les factures annulées",
    action: "view_data",
    entities: { dataType: "invoices", status: "annulée" },
  },
  {
    text: "Montre mes dépenses de transport du mois dernier",
    action: "view_data",
    entities: { dataType: "expenses", category: "transport", period: FEBRUARY },
  },
  {
    text: "Liste mes prospects",
    action: "view_data",
    entities: { dataType: "clients", status: "prospect" },
  },
  {
    text: "Factures en retard de Studio Lumière",
    action: "view_data",
    entities: { dataType: "invoices", status: "en-retard", metric: "overdue", client: "Studio Lumière" },
  },
  {
    text: "Affiche les devis expirés",
    action: "view_data",
    entities: { dataType: "quotes", status: "expiré" },
  },
  {
    text: "Montre la facture INV-2026-0042",
    action: "view_data",
    entities: { dataType: "invoices", invoiceNumber: "INV-2026-0042" },
  },
];

// Issue 11: someone else's account is named, and only the user's own data is read.
const otherAccounts: InterpreterCase[] = [
  {
    text: "Montre les factures du compte de Paul",
    action: "view_data",
    entities: { dataType: "invoices", otherAccount: "Paul" },
  },
  {
    text: "Affiche les clients de mon collègue",
    action: "view_data",
    entities: { dataType: "clients", otherAccount: "mon collègue" },
  },
  {
    text: "Quel est le chiffre d'affaires de mon associé ?",
    action: "view_data",
    entities: { dataType: "invoices", metric: "revenue_collected", otherAccount: "mon associé" },
  },
  {
    text: "Connecte-toi au compte de Sophie et liste ses devis",
    action: "view_data",
    entities: { dataType: "quotes", otherAccount: "Sophie" },
  },
  {
    text: "les dépenses de ma collègue Julie",
    action: "view_data",
    entities: { dataType: "expenses", otherAccount: "Julie" },
  },
  {
    text: "Montre les projets d'un autre utilisateur",
    action: "view_data",
    entities: { dataType: "projects", otherAccount: "un autre compte" },
  },
];

// Issue 11: advice and how-to questions are answered in words.
const advice: InterpreterCase[] = [
  { text: "Des conseils pour trouver des clients", action: "general", entities: {} },
  { text: "Comment fixer mon TJM ?", action: "general", entities: {} },
  { text: "Comment augmenter mon chiffre d'affaires ?", action: "general", entities: {} },
  { text: "Tu as des astuces pour être payé plus vite ?", action: "general", entities: {} },
  { text: "Comment relancer un client poliment ?", action: "general", entities: {} },
  { text: "Quel tarif devrais-je pratiquer pour un site vitrine ?", action: "general", entities: {} },
  { text: "Dois-je facturer la TVA à un client belge ?", action: "general", entities: {} },
  { text: "Donne-moi des idées pour prospecter de nouveaux clients", action: "general", entities: {} },
  { text: "comment faire un devis qui convainc", action: "general", entities: {} },
  { text: "Que me conseilles-tu pour réduire mes dépenses ?", action: "general", entities: {} },
];

export const INTERPRETER_CASES: InterpreterCase[] = [
  ...invoices,
  ...quotes,
  ...clients,
  ...expenses,
  ...projects,
  ...views,
  ...automations,
  ...integrations,
  ...general,
  ...lines,
  ...businessNames,
  ...deadlines,
  ...tasks,
  ...contracts,
  ...payments,
  ...figures,
  ...filteredLists,
  ...otherAccounts,
  ...advice,
];
