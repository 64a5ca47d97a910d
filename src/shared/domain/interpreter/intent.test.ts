import { describe, expect, it } from "vitest";
import type { InterpretationAction, InterpretationEntities } from "../../schemas/interpretation";
import { type Evidence, scoreActions } from "./intent";
import { interpretCommand } from "./interpret-command";

const now = new Date("2026-03-18T12:00:00Z");
const read = (text: string) => interpretCommand(text, now);

type Row = [text: string, action: InterpretationAction, entities?: Partial<InterpretationEntities>];

/** Sentences written after the scorer, as freelancers type or dictate them; none is in interpreter-cases. */
const IDIOM_TASKS: Row[] = [
  ["Note-moi de rappeler le comptable jeudi", "create_task", { title: "rappeler le comptable" }],
  ["note moi de commander des enveloppes", "create_task", { title: "commander des enveloppes" }],
  ["À faire : mettre à jour le portfolio", "create_task", { title: "mettre à jour le portfolio" }],
  ["a faire: scanner les tickets de caisse", "create_task", { title: "scanner les tickets de caisse" }],
  ["Rappel : renouveler l'assurance RC pro", "create_task", { title: "renouveler l'assurance RC pro" }],
  ["Pense à envoyer les photos à Garnier", "create_task", { title: "envoyer les photos à Garnier" }],
  ["n'oublie pas de sauvegarder le disque dur", "create_task", { title: "sauvegarder le disque dur" }],
  ["Noublie pas de payer la CFE", "create_task", { title: "payer la CFE" }],
  ["stp pense a renouveler le nom de domaine", "create_task", { title: "renouveler le nom de domaine" }],
  ["Fais-moi penser à réserver le train pour Nantes", "create_task"],
  ["Note de rappeler la banque lundi", "create_task", { title: "rappeler la banque", date: "2026-03-23" }],
];

const GREETED_IDIOM_TASKS: Row[] = [
  [
    "Salut, à faire : commander des cartes de visite",
    "create_task",
    { title: "commander des cartes de visite" },
  ],
  ["svp n'oublie pas de déclarer la TVA", "create_task", { title: "déclarer la TVA" }],
  [
    "rapelle-moi de changer le mot de passe jeudi",
    "create_task",
    { title: "changer le mot de passe", dueDate: "2026-03-19" },
  ],
  [
    "à faire pour jeudi : imprimer les badges",
    "create_task",
    { title: "imprimer les badges", dueDate: "2026-03-19" },
  ],
  [
    "Todo avant le 28 mars, renouveler le domaine",
    "create_task",
    { title: "renouveler le domaine", dueDate: "2026-03-28" },
  ],
  [
    "mets dans mes tâches : rappeler l'expert-comptable",
    "create_task",
    { title: "rappeler l'expert-comptable" },
  ],
  [
    "inscris sur ma liste : acheter du papier demain",
    "create_task",
    { title: "acheter du papier", dueDate: "2026-03-19" },
  ],
  [
    "nouvelle tche : trier les factures fournisseurs",
    "create_task",
    { title: "trier les factures fournisseurs" },
  ],
];

// The other party of a contract follows « avec », typed in lower case as often as with capitals.
const CONTRACT_PARTIES: Row[] = [
  [
    "contrat de maintenance avec imprimerie roy pour 600 €",
    "create_contract",
    { client: "Imprimerie Roy", title: "maintenance" },
  ],
  [
    "dresse un contrat pour Villa Sarment de 2 200 €",
    "create_contract",
    { client: "Villa Sarment", amount: 2200 },
  ],
  ["contrat avec garage leroux pour 1 200 €", "create_contract", { client: "Garage Leroux", amount: 1200 }],
  [
    "rédige un contrat avec marine dubois du 3 mars au 30/04",
    "create_contract",
    { client: "Marine Dubois", serviceStartDate: "2026-03-03", serviceEndDate: "2026-04-30" },
  ],
  [
    "Prépare un contrat avec Agence Lumen pour 900 €",
    "create_contract",
    { client: "Agence Lumen", amount: 900 },
  ],
];

// A payer whose name ends like « on » is no « on a payé »; « de 250 € » is the amount's « de », not the payer's.
const PAYERS_BEFORE_AND_AFTER: Row[] = [
  ["Manon a réglé 320 € ce matin", "record_payment", { client: "Manon", amount: 320 }],
  [
    "Jumbo Lyon a soldé la facture FAC-2026-0021",
    "record_payment",
    { client: "Jumbo Lyon", invoiceNumber: "FAC-2026-0021" },
  ],
  [
    "reçu un virement de 1 400 € de atelier ferrand",
    "record_payment",
    { client: "Atelier Ferrand", amount: 1400 },
  ],
];

const IDIOM_PAYMENTS: Row[] = [
  [
    "Garnier a payé 1 800 € ce matin",
    "record_payment",
    { client: "Garnier", amount: 1800, date: "2026-03-18" },
  ],
  [
    "la boulangerie Petit a réglé 640 € hier par virement",
    "record_payment",
    { amount: 640, paymentMethod: "virement", date: "2026-03-17" },
  ],
  [
    "J'ai reçu un chèque de 350 € de Moreau",
    "record_payment",
    { client: "Moreau", amount: 350, paymentMethod: "cheque" },
  ],
  [
    "jai recu un virement de 2000 euros de la société Alpha",
    "record_payment",
    { amount: 2000, paymentMethod: "virement" },
  ],
  [
    "Lefèvre m'a réglé la FAC-2026-0031",
    "record_payment",
    { invoiceNumber: "FAC-2026-0031", client: "Lefèvre" },
  ],
  [
    "virement reçu de Nexa pour la facture INV-2026-0044",
    "record_payment",
    { invoiceNumber: "INV-2026-0044", paymentMethod: "virement" },
  ],
  ["le client Dumas ma payé 450e", "record_payment", { client: "Dumas", amount: 450 }],
  ["Dupont mont réglé 300 €", "record_payment", { client: "Dupont", amount: 300 }],
  ["Chèque de 90 € encaissé pour Mme Blanc", "record_payment", { amount: 90, paymentMethod: "cheque" }],
];

// The payer after « de » once the amount and the method are taken, typed in lower case too.
const PAYERS_AFTER_THE_PAYMENT: Row[] = [
  [
    "paiement reçu de cabinet morin : 640 € par chèque",
    "record_payment",
    { client: "Cabinet Morin", amount: 640, paymentMethod: "cheque" },
  ],
  [
    "j'ai reçu 95 € d'hélène garcia en espèces",
    "record_payment",
    { client: "Hélène Garcia", amount: 95, paymentMethod: "especes" },
  ],
  [
    "J'ai reçu 1 250 € de Agence Tilt via PayPal",
    "record_payment",
    { client: "Agence Tilt", paymentMethod: "paypal" },
  ],
  ["j'ai reçu le virement pour la facture de mars", "record_payment", { paymentMethod: "virement" }],
  ["j'ai bien reçu l'acompte de lucie bertin", "record_payment", { client: "Lucie Bertin" }],
  [
    "j'ai encaissé le chèque de plomberie vidal",
    "record_payment",
    { client: "Plomberie Vidal", paymentMethod: "cheque" },
  ],
];

const IDIOM_REMINDERS: Row[] = [
  ["Programme les relances de la facture FAC-2026-0040", "general", { invoiceNumber: "FAC-2026-0040" }],
  ["planifie les rappels pour la facture INV-2026-0007", "general", { invoiceNumber: "INV-2026-0007" }],
  ["prépare les relances de toutes les factures impayées", "general"],
  ["Relance Garnier pour sa facture de février", "general"],
  ["relancer la facture INV-2026-0012 stp", "general", { invoiceNumber: "INV-2026-0012" }],
  ["Lance les rappels de paiement des clients en retard", "general"],
];

const FIGURES: Row[] = [
  ["c'est quoi mon CA ce mois ci", "view_data", { metric: "revenue_collected" }],
  ["C'est quoi ma marge cette année ?", "view_data", { metric: "margin" }],
  ["combien j'ai encaissé la semaine dernière ?", "view_data", { metric: "revenue_collected" }],
  ["Qui me doit le plus d'argent ?", "view_data", { metric: "top_debtor" }],
  ["c'est qui mon plus gros débiteur", "view_data", { metric: "top_debtor" }],
  // What one client brought in: its name after the verb or before it.
  [
    "combien m'a rapporté Atelier Vega l'an dernier ?",
    "view_data",
    { metric: "revenue_collected", client: "Atelier Vega" },
  ],
  [
    "combien Lucas Perrin m'a rapporté ?",
    "view_data",
    { metric: "revenue_collected", client: "Lucas Perrin" },
  ],
  ["Quelles factures arrivent à échéance cette semaine ?", "view_data", { metric: "due_soon" }],
  ["mes prochaines échéances", "view_data", { metric: "due_soon" }],
  ["Quel a été mon meilleur mois cette année ?", "view_data", { metric: "best_month" }],
  ["c'était quoi mon meilleur mois en 2025", "view_data", { metric: "best_month" }],
  ["Quels clients n'ont rien eu depuis six mois ?", "view_data", { metric: "dormant_clients" }],
  ["les clients que je n'ai pas facturés depuis 6 mois", "view_data", { metric: "dormant_clients" }],
];

const NEGATIVE_EVIDENCE: Row[] = [
  // « recette » in a quote is acceptance testing, « mission à Lille » a trip: neither is what it seems.
  [
    "Devis Orion : 4 jours de dev à 450 € et 1 jour de recette à 450 €",
    "create_quote",
    { client: "Orion", amount: 2250 },
  ],
  ["devis pour Nexa 2 jours de recette à 380 €", "create_quote", { amount: 760 }],
  ["Taxi 42 € pour la mission à Lille", "create_expense", { amount: 42, category: "transport" }],
  ["hôtel 110 € en mission à Bordeaux hier", "create_expense", { amount: 110, date: "2026-03-17" }],
  ["Note de frais : parking 8 € hier", "create_expense", { amount: 8, category: "transport" }],
  // Advice stays advice, even about one's figures.
  ["Comment augmenter mon CA ?", "general"],
  ["c'est quoi une marge brute", "general"],
  // A rule keeps being a rule when it speaks of reminders.
  ["Chaque lundi, relance les factures en retard", "create_automation"],
  // A task about an invoice's reminder is a task.
  ["Crée une tâche : relancer Garnier pour sa facture", "create_task"],
  ["Tâche : relancer Dupont pour sa facture", "create_task"],
  ["mes tâches de la semaine", "view_data", { dataType: "tasks" }],
  ["ajoute 50 € de fournitures au projet Refonte", "create_expense", { amount: 50 }],
  ["nouveau projet formation pour Dupont 2000 €", "create_project", { client: "Dupont", amount: 2000 }],
  ["Crée une facture pour Garnier de 900 €", "create_invoice", { client: "Garnier", amount: 900 }],
];

describe("the intent, scored from all the evidence", () => {
  const tables = {
    IDIOM_TASKS,
    GREETED_IDIOM_TASKS,
    CONTRACT_PARTIES,
    IDIOM_PAYMENTS,
    PAYERS_AFTER_THE_PAYMENT,
    PAYERS_BEFORE_AND_AFTER,
    IDIOM_REMINDERS,
    FIGURES,
    NEGATIVE_EVIDENCE,
  };
  for (const [name, rows] of Object.entries(tables))
    it.each(rows)(`${name}: %s → %s`, (text, action, entities) => {
      const result = read(text);
      expect(result.action).toBe(action);
      if (entities) expect(result.entities).toMatchObject(entities);
    });
});

describe("whom a task is about", () => {
  it("reads no client in a common noun after an elided article (« relancer l'expert-comptable »)", () => {
    const result = read("à faire : relancer l'expert-comptable");
    expect(result.entities.title).toBe("relancer l'expert-comptable");
    expect(result.entities.client).toBeUndefined();
  });

  it("still reads a client typed in lower case (« rappeler garnier »)", () => {
    expect(read("tâche : rappeler garnier lundi").entities.client).toBe("Garnier");
  });
});

describe("the evidence table", () => {
  const nothing: Evidence = {
    hasAmount: false,
    hasSpendingWord: false,
    hasMetric: false,
    isAboutOtherAccount: false,
    advice: false,
    ownFigureQuestion: false,
    isQuestion: false,
    automationAsked: false,
    invoiceReminders: false,
    paymentAsked: false,
    collecting: false,
    hasVerb: false,
    askingForm: false,
    projectAside: false,
    paidQuestion: false,
  };
  const winner = (evidence: Partial<Evidence>) => {
    const scores = scoreActions({ ...nothing, ...evidence });
    return Object.entries(scores).sort((a, b) => b[1] - a[1])[0]?.[0];
  };

  it("answers in general when nothing speaks", () => {
    expect(winner({})).toBe("general");
  });

  it("lets a figure of one's own outweigh the advice form of « c'est quoi »", () => {
    expect(winner({ advice: true, ownFigureQuestion: true, hasMetric: true })).toBe("view_data");
    expect(winner({ advice: true, hasMetric: true })).toBe("general");
  });

  it("lets a told payment outweigh the verb before the invoice word", () => {
    const invoice = { start: 0, end: 7, value: "invoice" as const };
    expect(
      winner({ subject: invoice, kind: "other", hasVerb: true, payment: { start: 0, end: 5, taken: [] } }),
    ).toBe("record_payment");
  });

  it("makes invoice reminders outweigh a creation verb, but not a rule", () => {
    const invoice = { start: 10, end: 17, value: "invoice" as const };
    expect(winner({ subject: invoice, kind: "create", hasVerb: true, invoiceReminders: true })).toBe(
      "general",
    );
    expect(winner({ invoiceReminders: true, automation: { start: 0, end: 5 } })).toBe("create_automation");
  });
});
