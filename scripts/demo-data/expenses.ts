import type { Db } from "@server/db/client";
import { createExpense } from "@server/modules/expenses/expenses.service";
import type { ExpenseCategory, ExpenseStatus } from "@shared/schemas/expenses";
import { between, dayAgo, momentAgo, random } from "./calendar";
import { named } from "./named";
import type { DemoProject } from "./projects";
import type { DemoStory } from "./story";

type ExpensePlan = {
  title: string;
  supplier: string;
  category: ExpenseCategory;
  /** TTC, in cents: a fixed price, or a range. */
  amountCents: number | [number, number];
  /** Passenger transport, hotels and restaurants 10 %, books 5,5 %, insurance and bank fees exempt. */
  vatRateBp: 2000 | 1000 | 550 | 0;
  times: number;
  /** Spent for this project, between its start and today. */
  projectName?: string;
};

const MONTHLY: ExpensePlan[] = [
  {
    title: "Abonnement coworking",
    supplier: "La Cordée Lyon",
    category: "autre",
    amountCents: 24000,
    vatRateBp: 2000,
    times: 12,
  },
  {
    title: "Adobe Creative Cloud",
    supplier: "Adobe",
    category: "materiel",
    amountCents: 7199,
    vatRateBp: 2000,
    times: 12,
  },
];

const ONE_OFF: ExpensePlan[] = [
  {
    title: "Billet de train Lyon – Paris",
    supplier: "SNCF Voyageurs",
    category: "transport",
    amountCents: [6500, 12500],
    vatRateBp: 1000,
    times: 5,
    projectName: "Site du cabinet et prise de rendez-vous",
  },
  {
    title: "Billet de train Lyon – Beaune",
    supplier: "SNCF Voyageurs",
    category: "transport",
    amountCents: [2200, 3200],
    vatRateBp: 1000,
    times: 3,
    projectName: "Identité visuelle et site du domaine",
  },
  {
    title: "Billet de train Lyon – Nice",
    supplier: "SNCF Voyageurs",
    category: "transport",
    amountCents: [7800, 11900],
    vatRateBp: 1000,
    times: 2,
    projectName: "Catalogue en ligne des circuits",
  },
  {
    title: "Taxi jusqu'au client",
    supplier: "G7",
    category: "transport",
    amountCents: [1800, 3500],
    vatRateBp: 1000,
    times: 3,
  },
  {
    title: "Parking Part-Dieu",
    supplier: "Indigo",
    category: "transport",
    amountCents: [1200, 2400],
    vatRateBp: 2000,
    times: 3,
  },
  {
    title: "Carburant (déplacement client)",
    supplier: "TotalEnergies",
    category: "transport",
    amountCents: [4500, 7500],
    vatRateBp: 2000,
    times: 3,
  },
  {
    title: "MacBook Pro 14 pouces",
    supplier: "Apple Store Part-Dieu",
    category: "materiel",
    amountCents: 249900,
    vatRateBp: 2000,
    times: 1,
  },
  {
    title: "Écran 27 pouces",
    supplier: "LDLC",
    category: "materiel",
    amountCents: 32990,
    vatRateBp: 2000,
    times: 1,
  },
  {
    title: "Disque SSD externe pour les sauvegardes",
    supplier: "LDLC",
    category: "materiel",
    amountCents: 12990,
    vatRateBp: 2000,
    times: 1,
  },
  {
    title: "Clavier et souris sans fil",
    supplier: "Boulanger",
    category: "materiel",
    amountCents: 11990,
    vatRateBp: 2000,
    times: 1,
  },
  {
    title: "Licence Figma Professional (annuelle)",
    supplier: "Figma",
    category: "materiel",
    amountCents: 14400,
    vatRateBp: 2000,
    times: 1,
  },
  {
    title: "Formation accessibilité numérique (RGAA)",
    supplier: "Access42",
    category: "formation",
    amountCents: 99000,
    vatRateBp: 0,
    times: 1,
  },
  {
    title: "Billet Paris Web",
    supplier: "Paris Web",
    category: "formation",
    amountCents: 25000,
    vatRateBp: 2000,
    times: 1,
  },
  {
    title: "Conférence Blend Web Mix",
    supplier: "La Cuisine du Web",
    category: "formation",
    amountCents: 18000,
    vatRateBp: 2000,
    times: 1,
  },
  {
    title: "Livre sur le CSS moderne",
    supplier: "Librairie Decitre",
    category: "formation",
    amountCents: [2900, 4500],
    vatRateBp: 550,
    times: 2,
  },
  {
    title: "Déjeuner avec un client",
    supplier: "Le Bouchon des Filles",
    category: "repas",
    amountCents: [3500, 9000],
    vatRateBp: 1000,
    times: 8,
  },
  {
    title: "Repas pendant un déplacement",
    supplier: "Brasserie de la gare",
    category: "repas",
    amountCents: [1500, 2800],
    vatRateBp: 1000,
    times: 4,
  },
  {
    title: "Nuit d'hôtel à Paris (réunion client)",
    supplier: "Hôtel Ibis Paris Gare de Lyon",
    category: "hebergement",
    amountCents: [11000, 16000],
    vatRateBp: 1000,
    times: 2,
    projectName: "Site du cabinet et prise de rendez-vous",
  },
  {
    title: "Nuit d'hôtel à Nice (atelier client)",
    supplier: "Hôtel Le Negresco",
    category: "hebergement",
    amountCents: [13000, 18000],
    vatRateBp: 1000,
    times: 1,
    projectName: "Catalogue en ligne des circuits",
  },
  {
    title: "Chambre d'hôtes à Beaune (reportage photo)",
    supplier: "Les Remparts",
    category: "hebergement",
    amountCents: 9500,
    vatRateBp: 1000,
    times: 1,
    projectName: "Identité visuelle et site du domaine",
  },
  {
    title: "Hébergement des sites clients (VPS)",
    supplier: "OVHcloud",
    category: "autre",
    amountCents: 7188,
    vatRateBp: 2000,
    times: 4,
  },
  {
    title: "Noms de domaine",
    supplier: "Gandi",
    category: "autre",
    amountCents: [1500, 6000],
    vatRateBp: 2000,
    times: 2,
  },
  {
    title: "Assurance responsabilité civile professionnelle",
    supplier: "Hiscox",
    category: "autre",
    amountCents: 42000,
    vatRateBp: 0,
    times: 1,
  },
  {
    title: "Fournitures de bureau",
    supplier: "Bureau Vallée",
    category: "autre",
    amountCents: [1500, 4500],
    vatRateBp: 2000,
    times: 2,
  },
  {
    title: "Frais de tenue de compte professionnel",
    supplier: "Qonto",
    category: "autre",
    amountCents: 2700,
    vatRateBp: 0,
    times: 2,
  },
];

/** Recent receipts are not checked yet; meals and travel advanced personally are often reimbursed. */
function statusOf(plan: ExpensePlan, daysAgo: number): ExpenseStatus {
  if (daysAgo < 20) return "pending";
  const isAdvanced = plan.category === "repas" || plan.category === "transport";
  return isAdvanced && random() < 0.5 ? "remboursee" : "validee";
}

/** Days the expenses of a plan fall on: once a month for subscriptions, else within the project or the year. */
function daysFor(plan: ExpensePlan, projects: readonly DemoProject[]): number[] {
  if (MONTHLY.includes(plan)) return Array.from({ length: plan.times }, (_, month) => 5 + month * 30);
  const project = plan.projectName ? named(projects, plan.projectName) : undefined;
  const newest = project ? Math.max(0, project.endDaysAgo) : 0;
  const oldest = project ? project.startDaysAgo : 355;
  return Array.from({ length: plan.times }, () => between(newest, oldest));
}

/** 80 expenses over the year, in every category, through the real service (VAT computed from the rate). */
export async function seedExpenses(db: Db, { userId, projects, history }: DemoStory) {
  let count = 0;
  for (const plan of [...MONTHLY, ...ONE_OFF]) {
    const projectId = plan.projectName ? named(projects, plan.projectName).id : undefined;
    for (const daysAgo of daysFor(plan, projects)) {
      const expense = await createExpense(db, {
        userId,
        input: {
          title: plan.title,
          supplier: plan.supplier,
          category: plan.category,
          amountCents: Array.isArray(plan.amountCents) ? between(...plan.amountCents) : plan.amountCents,
          vatRateBp: plan.vatRateBp,
          date: dayAgo(daysAgo),
          status: statusOf(plan, daysAgo),
          projectId,
        },
      });
      history.record("expenses", expense.id, momentAgo(daysAgo));
      count++;
    }
  }
  return count;
}
