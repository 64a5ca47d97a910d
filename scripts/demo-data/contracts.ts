import type { Db } from "@server/db/client";
import { changeContractStatus, createContract } from "@server/modules/contracts/contracts.service";
import type { ContractStatus, ContractTemplateId } from "@shared/schemas/contracts";
import { dayAgo, momentAgo } from "./calendar";
import { named } from "./named";
import type { DemoStory } from "./story";

type ContractPlan = {
  templateId: ContractTemplateId;
  title: string;
  clientName: string;
  /** The project the contract frames: its dates and budget when none are given. */
  projectName?: string;
  createdDaysAgo: number;
  startDaysAgo?: number;
  endDaysAgo?: number;
  amountCents?: number | null;
  /** Each later status, with the day the contract reached it. */
  steps: [Exclude<ContractStatus, "brouillon">, number][];
};

const CONTRACTS: ContractPlan[] = [
  {
    templateId: "prestation",
    title: "Refonte du site vitrine de la boulangerie",
    clientName: "Boulangerie Durand",
    projectName: "Refonte du site vitrine",
    createdDaysAgo: 336,
    steps: [
      ["envoyé", 335],
      ["signé", 331],
      ["terminé", 248],
    ],
  },
  {
    templateId: "maintenance",
    title: "Maintenance de la boutique en ligne",
    clientName: "Fromagerie Vidal",
    createdDaysAgo: 192,
    startDaysAgo: 186,
    endDaysAgo: -179,
    amountCents: 12 * 22000,
    steps: [
      ["envoyé", 191],
      ["signé", 187],
    ],
  },
  {
    templateId: "prestation",
    title: "Site du cabinet et prise de rendez-vous en ligne",
    clientName: "Cabinet Lefèvre Avocats",
    projectName: "Site du cabinet et prise de rendez-vous",
    createdDaysAgo: 88,
    steps: [
      ["envoyé", 87],
      ["signé", 81],
    ],
  },
  {
    templateId: "maintenance",
    title: "Maintenance du catalogue des circuits",
    clientName: "Agence Horizon Voyages",
    projectName: "Catalogue en ligne des circuits",
    createdDaysAgo: 7,
    startDaysAgo: -90,
    endDaysAgo: -455,
    amountCents: 12 * 15000,
    steps: [["envoyé", 6]],
  },
  {
    templateId: "confidentialite",
    title: "Projet d'intranet de la coopérative",
    clientName: "Coopérative Bio Val",
    createdDaysAgo: 3,
    startDaysAgo: 0,
    endDaysAgo: -730,
    amountCents: null,
    steps: [],
  },
];

/** Five contracts written from the templates, moved through brouillon → envoyé → signé → terminé. */
export async function seedContracts(db: Db, { userId, clients, projects, history }: DemoStory) {
  for (const plan of CONTRACTS) {
    const project = plan.projectName ? named(projects, plan.projectName) : undefined;
    const startDaysAgo = plan.startDaysAgo ?? project?.startDaysAgo;
    const endDaysAgo = plan.endDaysAgo ?? project?.endDaysAgo;
    const contract = await createContract(db, {
      userId,
      now: momentAgo(plan.createdDaysAgo),
      input: {
        templateId: plan.templateId,
        title: plan.title,
        clientId: named(clients, plan.clientName).id,
        projectId: project?.id,
        startDate: startDaysAgo === undefined ? null : dayAgo(startDaysAgo),
        endDate: endDaysAgo === undefined ? null : dayAgo(endDaysAgo),
        amountCents: plan.amountCents !== undefined ? plan.amountCents : project?.budgetCents,
        content: "",
      },
    });
    history.record("contracts", contract.id, momentAgo(plan.createdDaysAgo));
    for (const [status, daysAgo] of plan.steps)
      await changeContractStatus(db, { userId, id: contract.id, status, now: momentAgo(daysAgo) });
  }
  return CONTRACTS.length;
}
