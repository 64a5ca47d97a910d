import { parisToday } from "@shared/domain/dates";
import { formatDate, formatMoney } from "@shared/format";
import { paths } from "@shared/paths";
import { createContractInput } from "@shared/schemas/contracts";
import { z } from "zod";
import { createContract as insertContract } from "../../contracts/contracts.service";
import {
  clientDetail,
  clientId,
  clientName,
  day,
  defineAction,
  euros,
  projectId,
  projectName,
  toCents,
} from "./common";
import { clientForRun, resolveClientRef, resolveProjectRef } from "./resolve";

const titleOf = (input: { title?: string; description?: string }) =>
  input.title ?? `Contrat de prestation${input.description ? ` — ${input.description}` : ""}`;

export const createContract = defineAction({
  input: z.object({
    client: clientName.describe("Nom du client (existant ou nouveau)"),
    clientId,
    title: z.string().trim().min(1).max(200).optional().describe("Titre du contrat"),
    description: z.string().trim().max(150).optional().describe("Objet de la prestation"),
    amount: euros.optional().describe("Montant HT du contrat en euros"),
    startDate: day.optional().describe("Début (AAAA-MM-JJ), aujourd'hui par défaut"),
    endDate: day.optional().describe("Fin (AAAA-MM-JJ)"),
    project: projectName,
    projectId,
  }),
  tool: "Crée un contrat de prestation en brouillon pour un client (jamais envoyé ni signé).",
  consent: "unless-agent-mode",
  failure: "Erreur lors de la création du contrat",
  prepare: async ({ db, userId }, input) => {
    const client = await resolveClientRef(db, userId, input);
    if (client.question !== undefined) return client;
    return resolveProjectRef(db, userId, client.input);
  },
  describe: (input) => ({
    summary: `Créer le contrat « ${titleOf(input)} » pour ${input.client}`,
    details: [
      clientDetail(input),
      ...(input.project ? [{ label: "Projet", value: input.project }] : []),
      ...(input.amount ? [{ label: "Montant HT", value: formatMoney(toCents(input.amount)) }] : []),
      ...(input.startDate ? [{ label: "Début", value: formatDate(input.startDate) }] : []),
      ...(input.endDate ? [{ label: "Fin", value: formatDate(input.endDate) }] : []),
    ],
  }),
  run: async ({ db, userId, now }, input) => {
    const client = await clientForRun(db, userId, input);
    const contract = await insertContract(db, {
      userId,
      now,
      input: createContractInput.parse({
        title: titleOf(input),
        clientId: client.id,
        projectId: input.projectId,
        startDate: input.startDate ?? parisToday(now),
        endDate: input.endDate,
        amountCents: input.amount === undefined ? undefined : toCents(input.amount),
        templateId: "prestation",
      }),
    });
    const number = contract.contractNumber ? ` ${contract.contractNumber}` : "";
    return {
      success: true,
      message: `Contrat${number} « ${contract.title} » créé en brouillon pour ${client.name}.`,
      data: { id: contract.id, label: contract.title, link: paths.app.contracts.detail(contract.id) },
    };
  },
});
