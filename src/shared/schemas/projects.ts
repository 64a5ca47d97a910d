import { z } from "zod";
import {
  type ProjectStatus,
  projectStatusChoices,
  projectStatuses,
  projectStatusLabels,
} from "../domain/project-status";
import { atLeastOneField, optionalDay, optionalText } from "./fields";
import { emptyIsAll, listQuery, listResult, relatedInvoice, relatedQuote } from "./list";

// Defined with the domain, without zod (the palette reads them); every schema user finds them here too.
export { type ProjectStatus, projectStatusChoices, projectStatuses, projectStatusLabels };

/** Issue 4: 'active' (set by the assistant) and 'en-cours' (set by hand) both count as active projects. */
export const ACTIVE_PROJECT_STATUSES: readonly ProjectStatus[] = ["en-cours", "active"];
export const isActiveProject = (status: ProjectStatus) => ACTIVE_PROJECT_STATUSES.includes(status);

export const taskStatuses = ["a-faire", "en-cours", "terminee"] as const;
export type TaskStatus = (typeof taskStatuses)[number];

export const taskStatusLabels: Record<TaskStatus, string> = {
  "a-faire": "À faire",
  "en-cours": "En cours",
  terminee: "Terminée",
};

const projectStatus = z.enum(projectStatuses, {
  error: "Statut inconnu (en cours, en pause ou terminé).",
});
const taskStatus = z.enum(taskStatuses, { error: "Statut inconnu (à faire, en cours ou terminée)." });

/** Money in cents, never negative; 21 474 836,47 € fits the int4 column. */
const optionalCents = z
  .number({ error: "Indiquez un montant." })
  .int("Montant en centimes entiers.")
  .min(0, "Le montant ne peut pas être négatif.")
  .max(2_000_000_000, "Montant trop élevé.")
  .nullish();

export const END_BEFORE_START_MESSAGE = "La date de fin doit être postérieure ou égale à la date de début.";

const projectFields = z.object({
  name: z.string().trim().min(1, "Indiquez le nom du projet.").max(200, "200 caractères au maximum."),
  description: optionalText(5000),
  clientId: z.uuid("Client invalide.").nullish(),
  status: projectStatus.default("en-cours"),
  budgetCents: optionalCents,
  hourlyRateCents: optionalCents,
  startDate: optionalDay,
  endDate: optionalDay,
});

function datesInOrder(
  value: { startDate?: string | null; endDate?: string | null },
  context: z.RefinementCtx,
) {
  if (value.startDate && value.endDate && value.endDate < value.startDate)
    context.addIssue({ code: "custom", path: ["endDate"], message: END_BEFORE_START_MESSAGE });
}

export const createProjectInput = projectFields.strict().superRefine(datesInOrder);
export type CreateProjectInput = z.input<typeof createProjectInput>;
export type CreateProjectData = z.output<typeof createProjectInput>;

// Defaults belong to creation only: a PATCH that omits a field leaves it unchanged.
export const updateProjectInput = atLeastOneField(
  z
    .object({ ...projectFields.shape, status: projectStatus.optional() })
    .partial()
    .strict()
    .superRefine(datesInOrder),
);
export type UpdateProjectInput = z.input<typeof updateProjectInput>;
export type UpdateProjectData = z.output<typeof updateProjectInput>;

export const projectDto = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  clientId: z.string().nullable(),
  clientName: z.string().nullable(),
  status: z.enum(projectStatuses),
  budgetCents: z.number().int().nullable(),
  hourlyRateCents: z.number().int().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  /** Tasks of the project and how many are done (list and detail). */
  taskCount: z.number().int(),
  doneTaskCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProjectDto = z.infer<typeof projectDto>;

export const projectListQuery = listQuery.extend({
  status: emptyIsAll(projectStatus),
});
export type ProjectListQuery = z.input<typeof projectListQuery>;

export const projectList = listResult(projectDto);
export type ProjectList = z.infer<typeof projectList>;

// Tasks.
export const createTaskInput = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, "Indiquez l'intitulé de la tâche.")
      .max(300, "300 caractères au maximum."),
    status: taskStatus.default("a-faire"),
    dueDate: optionalDay,
  })
  .strict();
export type CreateTaskInput = z.input<typeof createTaskInput>;
export type CreateTaskData = z.output<typeof createTaskInput>;

export const updateTaskInput = atLeastOneField(
  z
    .object({
      title: createTaskInput.shape.title,
      status: taskStatus,
      dueDate: optionalDay,
    })
    .partial()
    .strict(),
);
export type UpdateTaskInput = z.input<typeof updateTaskInput>;
export type UpdateTaskData = z.output<typeof updateTaskInput>;

/** The new order of the project's tasks: every task id, once, first to last. */
export const reorderTasksInput = z
  .object({
    taskIds: z
      .array(z.uuid("Tâche invalide."))
      .max(1000, "1 000 tâches au maximum.")
      .refine((ids) => new Set(ids).size === ids.length, "Une tâche apparaît deux fois."),
  })
  .strict();
export type ReorderTasksInput = z.infer<typeof reorderTasksInput>;

export const taskDto = z.object({
  id: z.string(),
  projectId: z.string(),
  title: z.string(),
  status: z.enum(taskStatuses),
  dueDate: z.string().nullable(),
  position: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TaskDto = z.infer<typeof taskDto>;
export const taskList = z.array(taskDto);

const related = {
  invoice: relatedInvoice,
  quote: relatedQuote,
  contract: z.object({
    id: z.string(),
    number: z.string().nullable(),
    title: z.string(),
    status: z.string(),
    amountCents: z.number().int().nullable(),
  }),
};

export const projectDetailDto = z.object({
  project: projectDto,
  tasks: taskList,
  totals: z.object({
    /** Issued invoices excluding VAT, like the budget (drafts and cancelled invoices excluded). */
    invoicedCents: z.number().int(),
    /** Money received on those invoices. */
    paidCents: z.number().int(),
  }),
  invoices: z.array(related.invoice),
  quotes: z.array(related.quote),
  contracts: z.array(related.contract),
});
export type ProjectDetailDto = z.infer<typeof projectDetailDto>;
