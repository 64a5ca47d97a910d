import { z } from "zod";
import { type ContractStatus, contractStatuses, contractStatusLabels } from "../domain/contract-status";
import { atLeastOneField, optionalDay } from "./fields";
import { emptyIsAll, listQuery, listResult } from "./list";

// Defined with the domain, without zod (the palette reads them); every schema user finds them here too.
export { type ContractStatus, contractStatuses, contractStatusLabels };

/** The only moves a contract makes: brouillon → envoyé → signé → terminé. */
export const NEXT_CONTRACT_STATUS: Record<ContractStatus, Exclude<ContractStatus, "brouillon"> | null> = {
  brouillon: "envoyé",
  envoyé: "signé",
  signé: "terminé",
  terminé: null,
};

/** The button that moves a contract to its next status. */
export const contractTransitionLabels: Record<Exclude<ContractStatus, "brouillon">, string> = {
  envoyé: "Marquer comme envoyé",
  signé: "Marquer comme signé",
  terminé: "Terminer le contrat",
};

export const contractTemplateIds = ["prestation", "maintenance", "confidentialite"] as const;
export type ContractTemplateId = (typeof contractTemplateIds)[number];

const contractStatus = z.enum(contractStatuses, {
  error: "Statut inconnu (brouillon, envoyé, signé ou terminé).",
});
const templateId = z.enum(contractTemplateIds, { error: "Modèle de contrat inconnu." });

export const CONTRACT_END_BEFORE_START_MESSAGE =
  "La date de fin doit être postérieure ou égale à la date de début.";
export const CONTRACT_CONTENT_MAX = 100_000;

const contractFields = z.object({
  title: z.string().trim().min(1, "Indiquez le titre du contrat.").max(200, "200 caractères au maximum."),
  clientId: z.uuid("Client invalide.").nullish(),
  projectId: z.uuid("Projet invalide.").nullish(),
  startDate: optionalDay,
  endDate: optionalDay,
  amountCents: z
    .number({ error: "Indiquez un montant." })
    .int("Montant en centimes entiers.")
    .min(0, "Le montant ne peut pas être négatif.")
    .max(2_000_000_000, "Montant trop élevé.")
    .nullish(),
  content: z
    .string()
    .max(CONTRACT_CONTENT_MAX, "Contenu trop long (100 000 caractères au maximum).")
    .transform((value) => value.replace(/\r\n?/g, "\n").trim()),
});

function datesInOrder(
  value: { startDate?: string | null; endDate?: string | null },
  context: z.RefinementCtx,
) {
  if (value.startDate && value.endDate && value.endDate < value.startDate)
    context.addIssue({ code: "custom", path: ["endDate"], message: CONTRACT_END_BEFORE_START_MESSAGE });
}

/**
 * A new contract. With a `templateId` and no content, the server writes the template's text filled
 * with the seller's identity, the client and the contract's own fields (the assistant creates them so).
 */
export const createContractInput = contractFields
  .extend({ content: contractFields.shape.content.default(""), templateId: templateId.optional() })
  .strict()
  .superRefine(datesInOrder);
export type CreateContractInput = z.input<typeof createContractInput>;
export type CreateContractData = z.output<typeof createContractInput>;

export const updateContractInput = atLeastOneField(
  contractFields.partial().strict().superRefine(datesInOrder),
);
export type UpdateContractInput = z.input<typeof updateContractInput>;
export type UpdateContractData = z.output<typeof updateContractInput>;

export const changeContractStatusInput = z.object({ status: contractStatus }).strict();
export type ChangeContractStatusInput = z.infer<typeof changeContractStatusInput>;

/** What a template is filled with; every field is optional (a blank stays visible as "[à compléter]"). */
export const renderTemplateInput = z
  .object({
    templateId,
    title: z.string().trim().max(200).optional(),
    clientId: z.uuid("Client invalide.").nullish(),
    projectId: z.uuid("Projet invalide.").nullish(),
    startDate: optionalDay,
    endDate: optionalDay,
    amountCents: contractFields.shape.amountCents,
  })
  .strict();
export type RenderTemplateInput = z.input<typeof renderTemplateInput>;
export type RenderTemplateData = z.output<typeof renderTemplateInput>;

export const contractTemplateDto = z.object({
  id: z.enum(contractTemplateIds),
  title: z.string(),
  description: z.string(),
});
export type ContractTemplateDto = z.infer<typeof contractTemplateDto>;
export const contractTemplateList = z.array(contractTemplateDto);

export const renderedTemplateDto = z.object({ title: z.string(), content: z.string() });
export type RenderedTemplateDto = z.infer<typeof renderedTemplateDto>;

export const contractDto = z.object({
  id: z.string(),
  contractNumber: z.string().nullable(),
  title: z.string(),
  clientId: z.string().nullable(),
  clientName: z.string().nullable(),
  projectId: z.string().nullable(),
  projectName: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  amountCents: z.number().int().nullable(),
  content: z.string(),
  status: z.enum(contractStatuses),
  sentAt: z.string().nullable(),
  signedAt: z.string().nullable(),
  /** When the contract was marked terminé (its last change: a terminé contract is frozen). */
  endedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContractDto = z.infer<typeof contractDto>;

/** The list leaves the content out: it can be long. */
export const contractListItem = contractDto.omit({ content: true });
export type ContractListItem = z.infer<typeof contractListItem>;

export const contractListQuery = listQuery.extend({
  status: emptyIsAll(contractStatus),
});
export type ContractListQuery = z.input<typeof contractListQuery>;

export const contractList = listResult(contractListItem);
export type ContractList = z.infer<typeof contractList>;
