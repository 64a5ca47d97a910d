import { matchByName } from "@shared/domain/name-match";
import { paths } from "@shared/paths";
import { createClientInput } from "@shared/schemas/clients";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { clients } from "../../../db/schema/index";
import { withTenant } from "../../../db/tenant";
import { createClient as insertClient } from "../../clients/clients.service";
import { defineAction, nameList } from "./common";

export const createClient = defineAction({
  input: z.object({
    name: z.string().trim().min(2, "Indiquez le nom du client.").max(49).describe("Nom du client"),
    email: z.email("Adresse e-mail invalide.").optional(),
    phone: z.string().trim().max(30).optional(),
  }),
  tool: "Ajoute un client (statut prospect), sauf s'il existe déjà.",
  consent: "unless-agent-mode",
  failure: "Erreur lors de la création du client",
  // "Ajoute le client les jardins de provence" when SARL Les Jardins de Provence exists: no duplicate.
  prepare: async ({ db, userId }, input) => {
    const known = await withTenant(db, userId, (tx) =>
      tx.select({ name: clients.name }).from(clients).where(eq(clients.userId, userId)),
    );
    const same = matchByName(input.name, known, (client) => client.name).filter((match) => match.score === 1);
    if (same.length === 0) return { input };
    return { question: `Vous avez déjà ce client : ${nameList(same.map((match) => match.item.name))}.` };
  },
  describe: (input) => ({
    summary: `Ajouter le client ${input.name} (prospect)`,
    details: [
      { label: "Nom", value: input.name },
      ...(input.email ? [{ label: "E-mail", value: input.email }] : []),
      ...(input.phone ? [{ label: "Téléphone", value: input.phone }] : []),
    ],
  }),
  run: async ({ db, userId }, input) => {
    const client = await insertClient(db, {
      userId,
      input: createClientInput.parse({ ...input, status: "prospect" }),
    });
    return {
      success: true,
      message: `Client ${client.name} ajouté (prospect).`,
      data: { id: client.id, label: client.name, link: paths.app.clients.detail(client.id) },
    };
  },
});
