import type { Db } from "@server/db/client";
import { createProject, createTask } from "@server/modules/projects/projects.service";
import { computeTotals } from "@shared/domain/totals";
import type { LineInput } from "@shared/schemas/invoices";
import type { ProjectStatus, TaskStatus } from "@shared/schemas/projects";
import { dayAgo, momentAgo } from "./calendar";
import type { DemoClient } from "./clients";
import type { History } from "./history";
import { line } from "./lines";
import { named } from "./named";

type ProjectPlan = {
  name: string;
  clientName: string;
  status: ProjectStatus;
  description: string;
  startDaysAgo: number;
  /** Negative: the planned end is still ahead. */
  endDaysAgo: number;
  hourlyRateCents: number;
  /** The quote the client accepted; the project's budget is its total excluding VAT. */
  quoteLines: LineInput[];
  tasks: string[];
  /** A paused project stopped this many days ago: later tasks wait. */
  pausedDaysAgo?: number;
};

const PROJECTS: ProjectPlan[] = [
  {
    name: "Refonte du site vitrine",
    clientName: "Boulangerie Durand",
    status: "terminé",
    description:
      "Nouveau site WordPress avec la carte des pains et viennoiseries, les horaires et la commande de gâteaux.",
    startDaysAgo: 330,
    endDaysAgo: 250,
    hourlyRateCents: 6000,
    quoteLines: [
      line("Ateliers de cadrage et arborescence", 1, "forfait", 60000),
      line("Maquettes graphiques des pages (Figma)", 5, "page", 28000),
      line("Développement du thème WordPress sur mesure", 6, "jour", 45000),
      line("Mise en ligne, redirections et formation", 1, "forfait", 40000),
    ],
    tasks: [
      "Atelier de cadrage avec Claire Durand",
      "Arborescence et zoning",
      "Maquettes des pages principales",
      "Intégration WordPress",
      "Recette et corrections",
      "Mise en ligne et redirections 301",
    ],
  },
  {
    name: "Boutique en ligne de fromages affinés",
    clientName: "Fromagerie Vidal",
    status: "terminé",
    description: "Boutique WooCommerce avec livraison en point relais et retrait en magasin.",
    startDaysAgo: 300,
    endDaysAgo: 190,
    hourlyRateCents: 6000,
    quoteLines: [
      line("Cadrage du catalogue et du parcours d'achat", 1, "forfait", 80000),
      line("Design de la boutique (maquettes)", 1, "forfait", 150000),
      line("Intégration WooCommerce et paiement en ligne", 8, "jour", 48000),
      line("Import des fiches produits (120 références)", 1, "forfait", 90000),
      line("Formation à la gestion des commandes", 1, "jour", 60000),
    ],
    tasks: [
      "Cadrage du catalogue et des livraisons",
      "Maquettes de la fiche produit",
      "Paramétrage de WooCommerce",
      "Module de livraison en point relais",
      "Import des 120 références",
      "Tests de paiement",
      "Formation de l'équipe",
    ],
  },
  {
    name: "Site du cabinet et prise de rendez-vous",
    clientName: "Cabinet Lefèvre Avocats",
    status: "en-cours",
    description: "Site bilingue du cabinet, fiches des associés et prise de rendez-vous en ligne.",
    startDaysAgo: 80,
    endDaysAgo: -40,
    hourlyRateCents: 7000,
    quoteLines: [
      line("Conception et maquettes (8 pages)", 8, "page", 30000),
      line("Développement Next.js et CMS headless", 9, "jour", 50000),
      line("Module de prise de rendez-vous", 1, "forfait", 120000),
      line("Mentions légales et conformité RGPD", 1, "forfait", 35000),
    ],
    tasks: [
      "Entretien avec les associés",
      "Arborescence bilingue",
      "Maquettes validées",
      "Mise en place du CMS",
      "Pages des domaines d'expertise",
      "Module de prise de rendez-vous",
      "Traduction anglaise",
      "Recette avec le cabinet",
    ],
  },
  {
    name: "Identité visuelle et site du domaine",
    clientName: "Domaine des Coteaux",
    status: "en-cours",
    description: "Logo, charte graphique, étiquettes des cuvées et site vitrine français-anglais.",
    startDaysAgo: 140,
    endDaysAgo: -20,
    hourlyRateCents: 6000,
    quoteLines: [
      line("Création du logo et de la charte graphique", 1, "forfait", 180000),
      line("Étiquettes des cuvées (3 déclinaisons)", 3, "unité", 35000),
      line("Site vitrine bilingue français-anglais", 7, "jour", 45000),
      line("Coordination du reportage photo au domaine", 1, "forfait", 50000),
    ],
    tasks: [
      "Pistes de logo",
      "Charte graphique",
      "Étiquettes des cuvées",
      "Reportage photo au domaine",
      "Intégration du site",
      "Version anglaise",
    ],
  },
  {
    name: "Application de réservation des cours",
    clientName: "École de musique Allegro",
    status: "active",
    description:
      "Application web pour réserver les cours, gérer les plannings des professeurs et les absences.",
    startDaysAgo: 200,
    endDaysAgo: -60,
    hourlyRateCents: 6500,
    quoteLines: [
      line("Ateliers utilisateurs et spécifications", 2, "jour", 50000),
      line("Développement de l'application web (React)", 14, "jour", 50000),
      line("Espace professeurs et planning", 1, "forfait", 180000),
      line("Hébergement et mise en production", 1, "forfait", 45000),
    ],
    tasks: [
      "Ateliers avec les professeurs",
      "Spécifications fonctionnelles",
      "Maquettes de l'application",
      "Réservation des cours",
      "Espace professeurs",
      "Gestion des absences",
      "Mise en production",
    ],
  },
  {
    name: "Référencement local et fiche Google",
    clientName: "Garage Fontaine",
    status: "en-pause",
    description:
      "Audit SEO, pages services optimisées et articles de conseils. En attente des photos de l'atelier.",
    startDaysAgo: 110,
    endDaysAgo: -30,
    pausedDaysAgo: 55,
    hourlyRateCents: 6000,
    quoteLines: [
      line("Audit SEO technique et concurrentiel", 1, "forfait", 65000),
      line("Optimisation des pages services", 3, "jour", 42000),
      line("Rédaction d'articles de conseils", 6, "page", 9000),
    ],
    tasks: [
      "Audit technique",
      "Optimisation des pages services",
      "Photos de l'atelier",
      "Articles de conseils",
    ],
  },
  {
    name: "Catalogue en ligne des circuits",
    clientName: "Agence Horizon Voyages",
    status: "active",
    description:
      "Catalogue des circuits avec recherche par destination et connexion au logiciel de réservation.",
    startDaysAgo: 60,
    endDaysAgo: -90,
    hourlyRateCents: 6500,
    quoteLines: [
      line("Conception du catalogue et des filtres", 2, "jour", 50000),
      line("Développement du catalogue et de la recherche", 10, "jour", 50000),
      line("Connexion au logiciel de réservation (API)", 1, "forfait", 220000),
      line("Traduction et intégration des contenus", 1, "forfait", 60000),
    ],
    tasks: [
      "Cadrage des filtres de recherche",
      "Maquettes du catalogue",
      "Import des circuits",
      "Connexion à l'API de réservation",
      "Recette et mise en ligne",
    ],
  },
  {
    name: "Site et réservation en ligne du cabinet",
    clientName: "Studio Kiné Santé",
    status: "en-cours",
    description: "Site WordPress du cabinet de kinésithérapie avec réservation des séances.",
    startDaysAgo: 40,
    endDaysAgo: -50,
    hourlyRateCents: 6000,
    quoteLines: [
      line("Maquettes responsive (5 pages)", 5, "page", 28000),
      line("Intégration WordPress et module de réservation", 5, "jour", 45000),
      line("Optimisation du référencement local", 1, "forfait", 60000),
    ],
    tasks: [
      "Maquettes",
      "Intégration des pages",
      "Module de réservation",
      "Référencement local",
      "Mise en ligne",
    ],
  },
];

export type DemoProject = { id: string; client: DemoClient; budgetCents: number } & ProjectPlan;

/** Done before today (or before the pause), the next one under way, the rest still to do. */
function taskStatus(plan: ProjectPlan, dueDaysAgo: number, isNext: boolean): TaskStatus {
  if (plan.status === "terminé") return "terminee";
  if (plan.pausedDaysAgo !== undefined) return dueDaysAgo > plan.pausedDaysAgo ? "terminee" : "a-faire";
  if (dueDaysAgo > 0) return "terminee";
  return isNext ? "en-cours" : "a-faire";
}

async function seedTasks(db: Db, userId: string, project: DemoProject, history: History) {
  const span = project.startDaysAgo - project.endDaysAgo;
  let isNextTaken = false;
  for (const [index, title] of project.tasks.entries()) {
    // Due dates spread evenly from the start to the planned end.
    const dueDaysAgo = Math.round(project.startDaysAgo - (span * (index + 1)) / project.tasks.length);
    const status = taskStatus(project, dueDaysAgo, !isNextTaken && dueDaysAgo <= 0);
    if (status === "en-cours") isNextTaken = true;
    const task = await createTask(db, {
      userId,
      projectId: project.id,
      input: { title, status, dueDate: dayAgo(dueDaysAgo) },
    });
    history.record("tasks", task.id, momentAgo(project.startDaysAgo));
  }
}

export async function seedProjects(
  db: Db,
  { userId, clients, history }: { userId: string; clients: DemoClient[]; history: History },
): Promise<DemoProject[]> {
  const projects: DemoProject[] = [];
  for (const plan of PROJECTS) {
    const client = named(clients, plan.clientName);
    const budgetCents = computeTotals(plan.quoteLines).subtotalCents;
    const created = await createProject(db, {
      userId,
      input: {
        name: plan.name,
        description: plan.description,
        clientId: client.id,
        status: plan.status,
        budgetCents,
        hourlyRateCents: plan.hourlyRateCents,
        startDate: dayAgo(plan.startDaysAgo),
        endDate: dayAgo(plan.endDaysAgo),
      },
    });
    history.record("projects", created.id, momentAgo(plan.startDaysAgo + 12));
    const project = { ...plan, id: created.id, client, budgetCents };
    await seedTasks(db, userId, project, history);
    projects.push(project);
  }
  return projects;
}
