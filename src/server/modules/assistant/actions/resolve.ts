import { type ClientKind, isBusinessKind } from "@shared/domain/client-kind";
import { matchByName } from "@shared/domain/name-match";
import { createClientInput } from "@shared/schemas/clients";
import { ACTIVE_PROJECT_STATUSES, type ProjectStatus } from "@shared/schemas/projects";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { clients, projects } from "../../../db/schema/index";
import { withTenant } from "../../../db/tenant";
import { AppError } from "../../../errors";
import { createClient } from "../../clients/clients.service";
import { nameList, type Prepared } from "./common";

/**
 * Names said in a request, resolved against the user's own clients and projects before anything is
 * proposed (spec §5 entities): one record → its id, several → a question, none → a new client (created as a
 * prospect only when the action runs) or, for a project, a question. Ids given by a caller are re-checked as
 * the user's own, so a stored proposal or a model cannot point at someone else's record.
 */

type Named = { id: string; name: string };

export type ClientRef = { client: string; clientId?: string; clientKind?: ClientKind };

const ambiguous = (kind: "clients" | "projets", said: string, names: string[]) =>
  `Plusieurs ${kind} correspondent à « ${said} » : ${nameList(names)}. Lequel ?`;

/** The request's client as the user knows it: the existing one (id and real name), or a new one by its name. */
export async function resolveClientRef<T extends ClientRef>(
  db: Db,
  userId: string,
  input: T,
): Promise<Prepared<T>> {
  const known = await withTenant(db, userId, (tx) =>
    tx
      .select({ id: clients.id, name: clients.name })
      .from(clients)
      .where(
        input.clientId
          ? and(eq(clients.userId, userId), eq(clients.id, input.clientId))
          : eq(clients.userId, userId),
      ),
  );
  if (input.clientId) {
    const [client] = known;
    if (!client) return { question: "Ce client est introuvable parmi les vôtres. Lequel voulez-vous ?" };
    return { input: { ...input, client: client.name } };
  }
  const said = spokenName(input.client);
  const matches = matchByName(said, known, (client) => client.name);
  const [first] = matches;
  if (matches.length > 1)
    return {
      question: ambiguous(
        "clients",
        said,
        matches.map((match) => match.item.name),
      ),
    };
  return {
    input: { ...input, ...(first ? { clientId: first.item.id, client: first.item.name } : { client: said }) },
  };
}

// Dictation says punctuation aloud: "la menuiserie girard virgule 500 euros" names "Menuiserie Girard".
const SPOKEN_PUNCTUATION = /(?<![\p{L}])(?:point[- ]virgule|deux[- ]points|virgule)(?![\p{L}])/giu;
const EDGE_PUNCTUATION = /^[\s,;:.!?«»"-]+|[\s,;:.!?«»"-]+$/gu;

/**
 * A name as the user said or typed it, fit to compare and, when it is new, to store: without the punctuation
 * a dictation spelled out or left at its ends. Its case stays as said (the offline engine has already
 * title-cased a name typed in lower case; comparing ignores case).
 */
function spokenName(name: string): string {
  return name.replace(SPOKEN_PUNCTUATION, " ").replace(EDGE_PUNCTUATION, "").replace(/\s+/g, " ");
}

/**
 * The client to write on the record: the resolved one, or a new prospect (AI-created clients start so), a
 * consumer when it was said to be one (documents ask), a business otherwise as the client form defaults.
 */
export async function clientForRun(
  db: Db,
  userId: string,
  { client, clientId, clientKind }: ClientRef,
): Promise<Named> {
  if (clientId) return { id: clientId, name: client };
  const created = await createClient(db, {
    userId,
    input: createClientInput.parse({
      name: client,
      status: "prospect",
      isBusiness: isBusinessKind(clientKind),
    }),
  });
  return { id: created.id, name: created.name };
}

/**
 * The client a caller that acts at once (the document generator) names: the existing one, or a new prospect.
 * Several matches are a 400 with the question, never a guess.
 */
export async function resolveClient(db: Db, userId: string, name: string): Promise<Named> {
  const prepared = await resolveClientRef(db, userId, { client: name });
  if (prepared.question !== undefined) throw new AppError("validation_failed", prepared.question);
  return clientForRun(db, userId, prepared.input);
}

type ProjectRow = Named & { clientId: string | null; status: ProjectStatus };

export type ProjectRef = { project?: string; projectId?: string; clientId?: string };

/**
 * The project a request names, by id or by name among the user's projects (those of its client when the
 * client is known). `isRequired` (a task) also picks the client's only active project, and otherwise asks
 * which active project is meant.
 */
export async function resolveProjectRef<T extends ProjectRef>(
  db: Db,
  userId: string,
  input: T,
  { isRequired = false } = {},
): Promise<Prepared<T>> {
  if (!input.projectId && !input.project && !isRequired) return { input };
  const owned: ProjectRow[] = await withTenant(db, userId, (tx) =>
    tx
      .select({ id: projects.id, name: projects.name, clientId: projects.clientId, status: projects.status })
      .from(projects)
      .where(
        input.projectId
          ? and(eq(projects.userId, userId), eq(projects.id, input.projectId))
          : eq(projects.userId, userId),
      ),
  );
  const active = owned.filter((project) => ACTIVE_PROJECT_STATUSES.includes(project.status));
  const chosen = (project: ProjectRow) => ({
    input: { ...input, projectId: project.id, project: project.name },
  });
  if (input.projectId) {
    const [project] = owned;
    return project ? chosen(project) : { question: "Ce projet est introuvable parmi les vôtres. Lequel ?" };
  }
  const ofClient = input.clientId ? owned.filter((project) => project.clientId === input.clientId) : owned;
  if (input.project) {
    const said = input.project;
    const matches = matchByName(said, ofClient.length > 0 ? ofClient : owned, (project) => project.name);
    const [first] = matches;
    if (matches.length === 1 && first) return chosen(first.item);
    if (matches.length > 1)
      return {
        question: ambiguous(
          "projets",
          said,
          matches.map((match) => match.item.name),
        ),
      };
    return { question: `Aucun de vos projets ne correspond à « ${said} ». ${whichActive(active)}` };
  }
  const activeOfClient = active.filter((project) => project.clientId === input.clientId);
  const [only] = activeOfClient;
  if (input.clientId && activeOfClient.length === 1 && only) return chosen(only);
  return { question: whichActive(input.clientId && activeOfClient.length > 1 ? activeOfClient : active) };
}

function whichActive(active: Named[]): string {
  return active.length > 0
    ? `Pour quel projet ? Projets actifs : ${nameList(active.map((project) => project.name))}.`
    : "Pour quel projet ? Vous n'avez aucun projet actif : créez d'abord le projet.";
}
