import { parisToday, yearOf } from "@shared/domain/dates";
import { formatDate, formatMoney } from "@shared/format";
import type {
  ContractDto,
  ContractListItem,
  ContractStatus,
  CreateContractData,
  RenderedTemplateDto,
  RenderTemplateData,
  UpdateContractData,
} from "@shared/schemas/contracts";
import {
  CONTRACT_END_BEFORE_START_MESSAGE,
  contractStatusLabels,
  NEXT_CONTRACT_STATUS,
} from "@shared/schemas/contracts";
import type { ListResult } from "@shared/schemas/list";
import { and, count, desc, eq, getTableColumns, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type PageExtras, pageTotal, pageWindow, totalOf } from "../../db/paging";
import { businessIdentities, clients, contracts, projects } from "../../db/schema/index";
import { type Tx, withTenant } from "../../db/tenant";
import { AppError } from "../../errors";
import { ownClient } from "../clients/own-client";
import { containing, folded } from "../clients/text-search";
import { takeNextNumber } from "../invoices/numbering";
import { ownProject } from "../projects/own-project";
import { CONTRACT_TEMPLATES, fillTemplate } from "./contract-templates";

type ContractRow = typeof contracts.$inferSelect;
type ContractWithNames = ContractRow & { clientName: string | null; projectName: string | null };
type ClientRow = typeof clients.$inferSelect;
type IdentityRow = typeof businessIdentities.$inferSelect;

export const CONTRACT_NOT_FOUND = "Contrat introuvable.";
export const contractNotFound = () => new AppError("not_found", CONTRACT_NOT_FOUND);
export const ONLY_DRAFT_MESSAGE =
  "Seul un contrat en brouillon peut être modifié ou supprimé : celui-ci a déjà été envoyé.";

function toListItem(row: ContractWithNames): ContractListItem {
  return {
    id: row.id,
    contractNumber: row.contractNumber,
    title: row.title,
    clientId: row.clientId,
    clientName: row.clientName,
    projectId: row.projectId,
    projectName: row.projectName,
    startDate: row.startDate,
    endDate: row.endDate,
    amountCents: row.amountCents,
    status: row.status,
    sentAt: row.sentAt?.toISOString() ?? null,
    signedAt: row.signedAt?.toISOString() ?? null,
    // No column of its own: a terminé contract is frozen, so its last update is when it ended.
    endedAt: row.status === "terminé" ? row.updatedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const toDto = (row: ContractWithNames): ContractDto => ({ ...toListItem(row), content: row.content });

type Filters = { search?: string; status?: ContractStatus };

function listWhere(userId: string, { search, status }: Filters): SQL | undefined {
  const pattern = search ? containing(search) : null;
  return and(
    eq(contracts.userId, userId),
    status ? eq(contracts.status, status) : undefined,
    pattern
      ? or(
          sql`${folded(contracts.title)} like ${pattern}`,
          sql`${folded(contracts.contractNumber)} like ${pattern}`,
          sql`${folded(clients.name)} like ${pattern}`,
        )
      : undefined,
  );
}

function selectContracts<Extra extends PageExtras = Record<never, never>>(
  tx: Tx,
  userId: string,
  extra = {} as Extra,
) {
  return tx
    .select({ ...getTableColumns(contracts), clientName: clients.name, projectName: projects.name, ...extra })
    .from(contracts)
    .leftJoin(clients, and(eq(clients.id, contracts.clientId), eq(clients.userId, userId)))
    .leftJoin(projects, and(eq(projects.id, contracts.projectId), eq(projects.userId, userId)));
}

type ListParams = { userId: string; page: number; pageSize: number } & Filters;

export async function listContracts(db: Db, params: ListParams): Promise<ListResult<ContractListItem>> {
  const { userId, page, pageSize } = params;
  const where = listWhere(userId, params);
  const { limit, offset } = pageWindow({ page, pageSize });
  return withTenant(db, userId, async (tx) => {
    const counting = tx
      .select({ n: count() })
      .from(contracts)
      .leftJoin(clients, and(eq(clients.id, contracts.clientId), eq(clients.userId, userId)))
      .where(where);
    const rows = await selectContracts(tx, userId, { total: totalOf(counting) })
      .where(where)
      .orderBy(desc(contracts.createdAt), desc(contracts.id))
      .limit(limit)
      .offset(offset);
    return { items: rows.map(toListItem), total: await pageTotal(rows, counting, offset), page, pageSize };
  });
}

export async function exportContracts(
  db: Db,
  params: { userId: string } & Filters,
): Promise<ContractListItem[]> {
  return withTenant(db, params.userId, async (tx) => {
    const rows = await selectContracts(tx, params.userId)
      .where(listWhere(params.userId, params))
      .orderBy(desc(contracts.createdAt), desc(contracts.id));
    return rows.map(toListItem);
  });
}

async function findOwn(tx: Tx, userId: string, id: string): Promise<ContractWithNames> {
  const [row] = await selectContracts(tx, userId).where(
    and(eq(contracts.id, id), eq(contracts.userId, userId)),
  );
  if (!row) throw contractNotFound();
  return row;
}

async function lockOwn(tx: Tx, userId: string, id: string): Promise<ContractRow> {
  const [row] = await tx
    .select()
    .from(contracts)
    .where(and(eq(contracts.id, id), eq(contracts.userId, userId)))
    .for("update");
  if (!row) throw contractNotFound();
  return row;
}

export async function getContract(db: Db, { userId, id }: { userId: string; id: string }) {
  return toDto(await withTenant(db, userId, (tx) => findOwn(tx, userId, id)));
}

const joined = (parts: (string | null | undefined)[], separator = ", ") =>
  parts.filter((part) => part?.trim()).join(separator);

type TemplateContext = {
  identity: IdentityRow | undefined;
  client: ClientRow | undefined;
  projectName: string | null;
  title: string | null | undefined;
  startDate: string | null | undefined;
  endDate: string | null | undefined;
  amountCents: number | null | undefined;
  today: string;
};

/** The values a template's {{placeholders}} are filled with. */
function templateValues({ identity, client, projectName, title, ...contract }: TemplateContext) {
  const clientId = client?.siret
    ? `immatriculé sous le numéro SIRET ${client.siret}`
    : client?.siren
      ? `immatriculé sous le numéro SIREN ${client.siren}`
      : null;
  return {
    "prestataire.nom": identity?.legalName,
    "prestataire.entreprise": identity?.companyName
      ? `, exerçant sous le nom commercial ${identity.companyName}`
      : "",
    "prestataire.immatriculation": identity?.siret
      ? `SIRET ${identity.siret}`
      : identity?.siren
        ? `SIREN ${identity.siren}`
        : null,
    "prestataire.adresse": identity
      ? joined([
          identity.addressLine1,
          identity.addressLine2,
          joined([identity.postalCode, identity.city], " "),
        ])
      : null,
    "client.nom": client ? joined([client.company ?? client.name]) : null,
    "client.identifiant": client && !client.isBusiness ? "agissant à titre personnel" : clientId,
    "client.adresse": client
      ? joined([client.addressLine1, client.addressLine2, joined([client.postalCode, client.city], " ")])
      : null,
    "client.representant": client?.isBusiness === false ? client.name : client?.contactName,
    "contrat.titre": title,
    "projet.reference": projectName ? ` (projet « ${projectName} »)` : "",
    "contrat.montant":
      contract.amountCents == null ? null : `${formatMoney(contract.amountCents)} hors taxes`,
    "contrat.debut": contract.startDate ? formatDate(contract.startDate) : null,
    "contrat.fin": contract.endDate ? formatDate(contract.endDate) : null,
    date: formatDate(contract.today),
  };
}

async function renderIn(
  tx: Tx,
  userId: string,
  input: RenderTemplateData,
  now: Date,
): Promise<RenderedTemplateDto> {
  const template = CONTRACT_TEMPLATES[input.templateId];
  const [[identity], client, project] = await Promise.all([
    tx.select().from(businessIdentities).where(eq(businessIdentities.userId, userId)),
    ownClient(tx, userId, input.clientId),
    ownProject(tx, userId, input.projectId),
  ]);
  const title = input.title?.trim() || template.defaultTitle;
  const content = fillTemplate(
    template.body,
    templateValues({
      identity,
      client,
      projectName: project?.name ?? null,
      title,
      startDate: input.startDate,
      endDate: input.endDate,
      amountCents: input.amountCents,
      today: parisToday(now),
    }),
  );
  return { title, content };
}

/** A template filled with the seller's identity, the client and the contract's fields, for the editor. */
export async function renderContractTemplate(
  db: Db,
  { userId, input, now = new Date() }: { userId: string; input: RenderTemplateData; now?: Date },
): Promise<RenderedTemplateDto> {
  return withTenant(db, userId, (tx) => renderIn(tx, userId, input, now));
}

/** Creates a draft with the next CTR-YYYY-NNNN number, from a template when asked and no text was given. */
export async function createContract(
  db: Db,
  { userId, input, now = new Date() }: { userId: string; input: CreateContractData; now?: Date },
): Promise<ContractDto> {
  const { templateId, ...fields } = input;
  return withTenant(db, userId, async (tx) => {
    await ownClient(tx, userId, fields.clientId);
    await ownProject(tx, userId, fields.projectId);
    const content =
      !fields.content && templateId
        ? (await renderIn(tx, userId, { ...fields, templateId }, now)).content
        : fields.content;
    const contractNumber = await takeNextNumber(tx, {
      userId,
      series: "contrat",
      year: yearOf(parisToday(now)),
    });
    const [row] = await tx
      .insert(contracts)
      .values({ ...fields, content, contractNumber, userId })
      .returning({ id: contracts.id });
    if (!row) throw new Error("insert into contracts returned no row");
    return toDto(await findOwn(tx, userId, row.id));
  });
}

function assertDraft(row: ContractRow) {
  if (row.status !== "brouillon") throw new AppError("conflict", ONLY_DRAFT_MESSAGE);
}

export async function updateContract(
  db: Db,
  { userId, id, input }: { userId: string; id: string; input: UpdateContractData },
): Promise<ContractDto> {
  return withTenant(db, userId, async (tx) => {
    const current = await lockOwn(tx, userId, id);
    assertDraft(current);
    const startDate = input.startDate === undefined ? current.startDate : input.startDate;
    const endDate = input.endDate === undefined ? current.endDate : input.endDate;
    if (startDate && endDate && endDate < startDate)
      throw new AppError("validation_failed", "Certaines informations sont invalides.", [
        { path: "endDate", message: CONTRACT_END_BEFORE_START_MESSAGE },
      ]);
    await ownClient(tx, userId, input.clientId);
    await ownProject(tx, userId, input.projectId);
    if (Object.keys(input).length > 0)
      await tx
        .update(contracts)
        .set(input)
        .where(and(eq(contracts.id, id), eq(contracts.userId, userId)));
    return toDto(await findOwn(tx, userId, id));
  });
}

export async function deleteContract(db: Db, { userId, id }: { userId: string; id: string }) {
  await withTenant(db, userId, async (tx) => {
    assertDraft(await lockOwn(tx, userId, id));
    await tx.delete(contracts).where(and(eq(contracts.id, id), eq(contracts.userId, userId)));
  });
}

/** Moves a contract one step: brouillon → envoyé (sent_at) → signé (signed_at) → terminé. */
export async function changeContractStatus(
  db: Db,
  {
    userId,
    id,
    status,
    now = new Date(),
  }: { userId: string; id: string; status: ContractStatus; now?: Date },
): Promise<ContractDto> {
  return withTenant(db, userId, async (tx) => {
    const current = await lockOwn(tx, userId, id);
    if (NEXT_CONTRACT_STATUS[current.status] !== status) {
      const next = NEXT_CONTRACT_STATUS[current.status];
      throw new AppError(
        "conflict",
        next
          ? `Ce contrat est « ${contractStatusLabels[current.status]} » : il ne peut passer qu'à « ${contractStatusLabels[next]} ».`
          : "Ce contrat est terminé : son statut ne change plus.",
      );
    }
    if (status === "envoyé" && !current.content.trim())
      throw new AppError("validation_failed", "Rédigez le contenu du contrat avant de l'envoyer.", [
        { path: "content", message: "Rédigez le contenu du contrat avant de l'envoyer." },
      ]);
    await tx
      .update(contracts)
      .set({
        status,
        ...(status === "envoyé" ? { sentAt: now } : {}),
        ...(status === "signé" ? { signedAt: now } : {}),
        updatedAt: now,
      })
      .where(and(eq(contracts.id, id), eq(contracts.userId, userId)));
    return toDto(await findOwn(tx, userId, id));
  });
}

/** Everything the PDF prints: the contract, the seller's identity and the client. */
export async function getPrintableContract(db: Db, { userId, id }: { userId: string; id: string }) {
  return withTenant(db, userId, async (tx) => {
    const contract = await findOwn(tx, userId, id);
    const [[identity], [client]] = await Promise.all([
      tx.select().from(businessIdentities).where(eq(businessIdentities.userId, userId)),
      contract.clientId
        ? tx
            .select()
            .from(clients)
            .where(and(eq(clients.id, contract.clientId), eq(clients.userId, userId)))
        : Promise.resolve([]),
    ]);
    return { contract: toDto(contract), identity, client };
  });
}
