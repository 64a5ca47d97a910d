import { paths } from "@shared/paths";
import { z } from "zod";
import { createProject as insertProject } from "../../projects/projects.service";
import { clientDetail, clientId, clientName, defineAction } from "./common";
import { clientForRun, resolveClientRef } from "./resolve";

export const createProject = defineAction({
  input: z.object({
    name: z.string().trim().min(1, "Le nom du projet et le client sont requis.").max(200),
    client: clientName.describe("Client du projet (existant ou nouveau)"),
    clientId,
    description: z.string().trim().max(2000).optional(),
  }),
  tool: "Crée un projet actif pour un client.",
  consent: "unless-agent-mode",
  failure: "Échec de la création du projet",
  prepare: ({ db, userId }, input) => resolveClientRef(db, userId, input),
  describe: (input) => ({
    summary: `Créer le projet « ${input.name} » pour ${input.client}`,
    details: [{ label: "Projet", value: input.name }, clientDetail(input)],
  }),
  run: async ({ db, userId }, input) => {
    const client = await clientForRun(db, userId, input);
    const project = await insertProject(db, {
      userId,
      input: { name: input.name, description: input.description, clientId: client.id, status: "active" },
    });
    return {
      success: true,
      message: `Projet « ${project.name} » créé pour ${client.name}.`,
      data: { id: project.id, label: project.name, link: paths.app.projects.detail(project.id) },
    };
  },
});
