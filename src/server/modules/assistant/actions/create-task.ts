import { formatDate } from "@shared/format";
import { paths } from "@shared/paths";
import { createTaskInput } from "@shared/schemas/projects";
import { z } from "zod";
import { AppError } from "../../../errors";
import { createTask as insertTask } from "../../projects/projects.service";
import { clientId, clientName, day, defineAction, projectId, projectName } from "./common";
import { resolveClientRef, resolveProjectRef } from "./resolve";

export const createTask = defineAction({
  input: z.object({
    title: z.string().trim().min(1, "Quelle est la tâche ?").max(300).describe("Intitulé de la tâche"),
    dueDate: day.optional().describe("Échéance de la tâche (AAAA-MM-JJ)"),
    project: projectName,
    projectId,
    client: clientName.optional().describe("Client dont le projet actif reçoit la tâche"),
    clientId,
  }),
  tool: "Ajoute une tâche à un projet, nommé ou seul projet actif du client.",
  consent: "unless-agent-mode",
  failure: "Erreur lors de la création de la tâche",
  prepare: async ({ db, userId }, input) => {
    const { client, clientId: ownerId } = input;
    let withClient = input;
    if (client || ownerId) {
      const resolved = await resolveClientRef(db, userId, { ...input, client: client ?? "" });
      if (resolved.question !== undefined) return resolved;
      // A client the user does not have only narrows nothing: the project question follows.
      withClient = resolved.input;
    }
    return resolveProjectRef(db, userId, withClient, { isRequired: true });
  },
  describe: (input) => ({
    summary: `Ajouter la tâche « ${input.title} » au projet ${input.project ?? ""}`.trim(),
    details: [
      { label: "Tâche", value: input.title },
      ...(input.project ? [{ label: "Projet", value: input.project }] : []),
      ...(input.dueDate ? [{ label: "Échéance", value: formatDate(input.dueDate) }] : []),
    ],
  }),
  run: async ({ db, userId }, input) => {
    if (!input.projectId) throw new AppError("validation_failed", "Pour quel projet ?");
    const task = await insertTask(db, {
      userId,
      projectId: input.projectId,
      input: createTaskInput.parse({ title: input.title, dueDate: input.dueDate }),
    });
    return {
      success: true,
      message: `Tâche « ${task.title} » ajoutée au projet ${input.project ?? ""}${task.dueDate ? `, pour le ${formatDate(task.dueDate)}` : ""}.`,
      data: { id: task.id, label: task.title, link: paths.app.projects.detail(input.projectId) },
    };
  },
});
