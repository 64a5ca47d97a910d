import type { Db } from "@server/db/client";
import { createClient } from "@server/modules/clients/clients.service";
import { type ClientStatus, createClientInput } from "@shared/schemas/clients";
import { siren } from "./account";
import { momentAgo, pick } from "./calendar";
import type { History } from "./history";

type ClientPlan = {
  name: string;
  contact: string;
  street: string;
  postalCode: string;
  city: string;
  status: ClientStatus;
  /** When the relationship began: no document of theirs is older. */
  sinceDaysAgo: number;
  paymentTermsDays?: number;
};

const CLIENTS: ClientPlan[] = [
  {
    name: "Boulangerie Durand",
    contact: "Claire Durand",
    street: "18 rue Mercière",
    postalCode: "69002",
    city: "Lyon",
    status: "actif",
    sinceDaysAgo: 420,
  },
  {
    name: "Atelier Moreau",
    contact: "Julien Moreau",
    street: "7 quai de la Fosse",
    postalCode: "44000",
    city: "Nantes",
    status: "actif",
    sinceDaysAgo: 400,
  },
  {
    name: "Cabinet Lefèvre Avocats",
    contact: "Sophie Lefèvre",
    street: "42 avenue Hoche",
    postalCode: "75008",
    city: "Paris",
    status: "actif",
    sinceDaysAgo: 230,
    paymentTermsDays: 45,
  },
  {
    name: "Brasserie du Port",
    contact: "Marc Giraud",
    street: "3 quai du Port",
    postalCode: "13002",
    city: "Marseille",
    status: "actif",
    sinceDaysAgo: 390,
  },
  {
    name: "Librairie des Halles",
    contact: "Anne Roussel",
    street: "15 rue Sainte-Catherine",
    postalCode: "33000",
    city: "Bordeaux",
    status: "inactif",
    sinceDaysAgo: 410,
  },
  {
    name: "Garage Fontaine",
    contact: "Pierre Fontaine",
    street: "88 rue Nationale",
    postalCode: "59000",
    city: "Lille",
    status: "actif",
    sinceDaysAgo: 300,
  },
  {
    name: "Studio Kiné Santé",
    contact: "Léa Martin",
    street: "21 allées Jean-Jaurès",
    postalCode: "31000",
    city: "Toulouse",
    status: "actif",
    sinceDaysAgo: 200,
  },
  {
    name: "Domaine des Coteaux",
    contact: "Henri Blanc",
    street: "2 route des Vignes",
    postalCode: "21200",
    city: "Beaune",
    status: "actif",
    sinceDaysAgo: 170,
    paymentTermsDays: 45,
  },
  {
    name: "Agence Horizon Voyages",
    contact: "Nadia Benali",
    street: "9 promenade des Anglais",
    postalCode: "06000",
    city: "Nice",
    status: "actif",
    sinceDaysAgo: 120,
  },
  {
    name: "Fromagerie Vidal",
    contact: "Thomas Vidal",
    street: "5 rue Royale",
    postalCode: "74000",
    city: "Annecy",
    status: "actif",
    sinceDaysAgo: 415,
  },
  {
    name: "Pharmacie Centrale",
    contact: "Isabelle Caron",
    street: "1 place de la Mairie",
    postalCode: "35000",
    city: "Rennes",
    status: "actif",
    sinceDaysAgo: 380,
  },
  {
    name: "Coopérative Bio Val",
    contact: "Luc Perrin",
    street: "30 avenue Alsace-Lorraine",
    postalCode: "38000",
    city: "Grenoble",
    status: "prospect",
    sinceDaysAgo: 45,
  },
  {
    name: "Institut Beauté Éclat",
    contact: "Camille Roy",
    street: "11 rue Foch",
    postalCode: "34000",
    city: "Montpellier",
    status: "prospect",
    sinceDaysAgo: 75,
  },
  {
    name: "Menuiserie Lambert",
    contact: "Olivier Lambert",
    street: "6 rue du Faubourg",
    postalCode: "67000",
    city: "Strasbourg",
    status: "inactif",
    sinceDaysAgo: 405,
  },
  {
    name: "École de musique Allegro",
    contact: "Élise Faure",
    street: "14 rue de la Liberté",
    postalCode: "21000",
    city: "Dijon",
    status: "actif",
    sinceDaysAgo: 260,
  },
];

/** Inactive clients stopped ordering this long ago. */
const INACTIVE_FOR_DAYS = 150;

export type DemoClient = { id: string; name: string } & ClientPlan;

/** Whether the client could order `daysAgo` days ago: after the relationship began, before it ended. */
const isClientAt = (client: DemoClient, daysAgo: number) =>
  client.status !== "prospect" &&
  daysAgo < client.sinceDaysAgo - 7 &&
  (client.status !== "inactif" || daysAgo > INACTIVE_FOR_DAYS);

const plain = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[^a-z]+/g, "-")
    .replace(/^-|-$/g, "");

export async function seedClients(db: Db, userId: string, history: History): Promise<DemoClient[]> {
  const clients: DemoClient[] = [];
  for (const [index, plan] of CLIENTS.entries()) {
    const client = await createClient(db, {
      userId,
      input: createClientInput.parse({
        name: plan.name,
        contactName: plan.contact,
        // A reserved domain (RFC 2606): the reminder job and "send by e-mail" never reach a real company.
        email: `${plain(plan.contact.split(" ")[0] ?? "contact")}@${plain(plan.name)}.example`,
        siren: siren(310_000 + index * 7919),
        addressLine1: plan.street,
        postalCode: plan.postalCode,
        city: plan.city,
        status: plan.status,
        paymentTermsDays: plan.paymentTermsDays,
      }),
    });
    history.record("clients", client.id, momentAgo(plan.sinceDaysAgo));
    clients.push({ ...plan, id: client.id, name: client.name });
  }
  return clients;
}

/** A client who could order `daysAgo` days ago; a prospect too when only a quote is wanted. */
export function clientAt(clients: readonly DemoClient[], daysAgo: number, canBeProspect = false): DemoClient {
  const eligible = clients.filter(
    (client) =>
      isClientAt(client, daysAgo) ||
      (canBeProspect && client.status === "prospect" && daysAgo < client.sinceDaysAgo - 2),
  );
  return pick(eligible.length > 0 ? eligible : clients);
}
