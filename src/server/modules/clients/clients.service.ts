import type {
  ClientDetailDto,
  ClientDto,
  ClientPipelineDto,
  ClientStatus,
  CreateClientData,
  UpdateClientData,
} from "@shared/schemas/clients";
import { clientStatuses } from "@shared/schemas/clients";
import type { ListResult } from "@shared/schemas/list";
import { and, count, desc, eq, exists, getTableColumns, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { pageTotal, pageWindow, totalOf } from "../../db/paging";
import { clients, contracts, invoices, projects, quotes } from "../../db/schema/index";
import { type Tx, withTenant } from "../../db/tenant";
import { AppError } from "../../errors";
import { latestInvoices, latestQuotes } from "../documents/related";
import { emitEvent } from "../public-api/events";
import { containing, folded } from "./text-search";

type ClientRow = typeof clients.$inferSelect;

export const clientNotFound = () => new AppError("not_found", "Client introuvable.");

/** How many related records of each kind the detail page shows. */
const RELATED_LIMIT = 5;
/** The CRM board shows the newest clients of each column; its counts stay exact. */
const PIPELINE_COLUMN_LIMIT = 100;

export function toClientDto(row: ClientRow): ClientDto {
  return {
    id: row.id,
    name: row.name,
    company: row.company,
    contactName: row.contactName,
    email: row.email,
    phone: row.phone,
    siren: row.siren,
    siret: row.siret,
    vatNumber: row.vatNumber,
    addressLine1: row.addressLine1,
    addressLine2: row.addressLine2,
    postalCode: row.postalCode,
    city: row.city,
    country: row.country,
    isBusiness: row.isBusiness,
    paymentTermsDays: row.paymentTermsDays,
    status: row.status,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

type Filters = { search?: string; status?: ClientStatus };

function listWhere(userId: string, { search, status }: Filters): SQL | undefined {
  const pattern = search ? containing(search) : null;
  return and(
    eq(clients.userId, userId),
    status ? eq(clients.status, status) : undefined,
    pattern
      ? or(
          ...[clients.name, clients.company, clients.email, clients.contactName].map(
            (column) => sql`${folded(column)} like ${pattern}`,
          ),
        )
      : undefined,
  );
}

type ListParams = { userId: string; page: number; pageSize: number } & Filters;

/** A page of the user's clients, newest first, with the total matching the filters. */
export async function listClients(db: Db, params: ListParams): Promise<ListResult<ClientDto>> {
  const { userId, page, pageSize } = params;
  const where = listWhere(userId, params);
  const { limit, offset } = pageWindow({ page, pageSize });
  return withTenant(db, userId, async (tx) => {
    const counting = tx.select({ n: count() }).from(clients).where(where);
    const rows = await tx
      .select({ ...getTableColumns(clients), total: totalOf(counting) })
      .from(clients)
      .where(where)
      .orderBy(desc(clients.createdAt), desc(clients.id))
      .limit(limit)
      .offset(offset);
    return { items: rows.map(toClientDto), total: await pageTotal(rows, counting, offset), page, pageSize };
  });
}

/** Invoices that count as money: issued (not drafts), not cancelled, and not credit notes. */
const issuedInvoice = and(
  eq(invoices.kind, "facture"),
  sql`${invoices.status} not in ('brouillon', 'annulée')`,
);
const unpaidInvoice = and(
  eq(invoices.kind, "facture"),
  inArray(invoices.status, ["en-attente", "en-retard"]),
);

export type ClientExportRow = ClientDto & { revenueCents: number; unpaidCents: number };

/** Every client matching the filters (no paging), with revenue and unpaid totals, for the CSV export. */
export async function exportClients(
  db: Db,
  params: { userId: string } & Filters,
): Promise<ClientExportRow[]> {
  const { userId } = params;
  return withTenant(db, userId, async (tx) => {
    const totals = tx
      .select({
        clientId: invoices.clientId,
        revenueCents:
          sql<number>`coalesce(sum(${invoices.paidCents}) filter (where ${issuedInvoice}), 0)::int`.as(
            "revenue_cents",
          ),
        unpaidCents:
          sql<number>`coalesce(sum(${invoices.totalCents} - ${invoices.paidCents}) filter (where ${unpaidInvoice}), 0)::int`.as(
            "unpaid_cents",
          ),
      })
      .from(invoices)
      .where(eq(invoices.userId, userId))
      .groupBy(invoices.clientId)
      .as("totals");
    const rows = await tx
      .select({ client: clients, revenueCents: totals.revenueCents, unpaidCents: totals.unpaidCents })
      .from(clients)
      .leftJoin(totals, eq(totals.clientId, clients.id))
      .where(listWhere(userId, params))
      .orderBy(desc(clients.createdAt), desc(clients.id));
    return rows.map(({ client, revenueCents, unpaidCents }) => ({
      ...toClientDto(client),
      revenueCents: revenueCents ?? 0,
      unpaidCents: unpaidCents ?? 0,
    }));
  });
}

async function findOwn(tx: Tx, userId: string, clientId: string): Promise<ClientRow> {
  const [row] = await tx
    .select()
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.userId, userId)));
  if (!row) throw clientNotFound();
  return row;
}

export async function getClient(db: Db, { userId, clientId }: { userId: string; clientId: string }) {
  return toClientDto(await withTenant(db, userId, (tx) => findOwn(tx, userId, clientId)));
}

/** The client with its money totals, record counts and latest related records. */
export async function getClientDetail(
  db: Db,
  { userId, clientId }: { userId: string; clientId: string },
): Promise<ClientDetailDto> {
  return withTenant(db, userId, async (tx) => {
    const client = await findOwn(tx, userId, clientId);
    const ofClient = <T extends typeof invoices | typeof quotes | typeof projects | typeof contracts>(
      table: T,
    ) => and(eq(table.userId, userId), eq(table.clientId, clientId));
    const [[totals], counts, clientInvoices, clientQuotes, latestProjects, latestContracts] =
      await Promise.all([
        tx
          .select({
            revenueCents: sql<number>`coalesce(sum(${invoices.paidCents}) filter (where ${issuedInvoice}), 0)::int`,
            unpaidCents: sql<number>`coalesce(sum(${invoices.totalCents} - ${invoices.paidCents}) filter (where ${unpaidInvoice}), 0)::int`,
          })
          .from(invoices)
          .where(ofClient(invoices)),
        Promise.all(
          [invoices, quotes, projects, contracts].map(async (table) => {
            const [row] = await tx.select({ n: count() }).from(table).where(ofClient(table));
            return row?.n ?? 0;
          }),
        ),
        latestInvoices(tx, ofClient(invoices), RELATED_LIMIT),
        latestQuotes(tx, ofClient(quotes), RELATED_LIMIT),
        tx
          .select({
            id: projects.id,
            name: projects.name,
            status: projects.status,
            createdAt: projects.createdAt,
          })
          .from(projects)
          .where(ofClient(projects))
          .orderBy(desc(projects.createdAt))
          .limit(RELATED_LIMIT),
        tx
          .select({
            id: contracts.id,
            number: contracts.contractNumber,
            title: contracts.title,
            status: contracts.status,
            createdAt: contracts.createdAt,
          })
          .from(contracts)
          .where(ofClient(contracts))
          .orderBy(desc(contracts.createdAt))
          .limit(RELATED_LIMIT),
      ]);
    return {
      client: toClientDto(client),
      totals: { revenueCents: totals?.revenueCents ?? 0, unpaidCents: totals?.unpaidCents ?? 0 },
      counts: {
        invoices: counts[0] ?? 0,
        quotes: counts[1] ?? 0,
        projects: counts[2] ?? 0,
        contracts: counts[3] ?? 0,
      },
      invoices: clientInvoices,
      quotes: clientQuotes,
      projects: latestProjects.map((project) => ({ ...project, createdAt: project.createdAt.toISOString() })),
      contracts: latestContracts.map((contract) => ({
        ...contract,
        createdAt: contract.createdAt.toISOString(),
      })),
    };
  });
}

export async function createClient(
  db: Db,
  { userId, input }: { userId: string; input: CreateClientData },
): Promise<ClientDto> {
  return withTenant(db, userId, async (tx) => {
    const [row] = await tx
      .insert(clients)
      .values({ ...input, userId })
      .returning();
    if (!row) throw new Error("insert into clients returned no row");
    const client = toClientDto(row);
    await emitEvent(tx, userId, "client.created", client);
    return client;
  });
}

export async function updateClient(
  db: Db,
  { userId, clientId, input }: { userId: string; clientId: string; input: UpdateClientData },
): Promise<ClientDto> {
  return withTenant(db, userId, async (tx) => {
    const current = await findOwn(tx, userId, clientId);
    // The cross-field rules (SIRET starts with the SIREN…) hold on the merged record, not just the patch.
    const merged = { ...current, ...input };
    if (merged.siren && merged.siret && !merged.siret.startsWith(merged.siren))
      throw new AppError("validation_failed", "Certaines informations sont invalides.", [
        { path: "siret", message: "Le SIRET doit commencer par le SIREN." },
      ]);
    if (Object.keys(input).length === 0) return toClientDto(current);
    const [row] = await tx
      .update(clients)
      .set(input)
      .where(and(eq(clients.id, clientId), eq(clients.userId, userId)))
      .returning();
    if (!row) throw clientNotFound();
    return toClientDto(row);
  });
}

export const CLIENT_HAS_INVOICES_MESSAGE =
  "Ce client a des factures émises : il ne peut pas être supprimé, car la loi impose de conserver l'historique de facturation. Passez-le plutôt en « Inactif ».";

/**
 * Deletes a client unless an issued invoice (or credit note) names it: French law keeps invoices and who
 * they were for. Drafts, quotes, projects and contracts keep their copy of the name (client_id → NULL).
 */
export async function deleteClient(db: Db, { userId, clientId }: { userId: string; clientId: string }) {
  await withTenant(db, userId, async (tx) => {
    // One statement: the check and the delete see the same snapshot.
    const deleted = await tx
      .delete(clients)
      .where(
        and(
          eq(clients.id, clientId),
          eq(clients.userId, userId),
          sql`not ${exists(
            tx
              .select({ one: sql`1` })
              .from(invoices)
              .where(
                and(
                  eq(invoices.clientId, clients.id),
                  eq(invoices.userId, userId),
                  ne(invoices.status, "brouillon"),
                ),
              ),
          )}`,
        ),
      )
      .returning({ id: clients.id });
    if (deleted.length > 0) return;
    await findOwn(tx, userId, clientId);
    throw new AppError("conflict", CLIENT_HAS_INVOICES_MESSAGE);
  });
}

/** The CRM board: for each status, the exact count and the newest clients. */
export async function getClientPipeline(db: Db, { userId }: { userId: string }): Promise<ClientPipelineDto> {
  return withTenant(db, userId, async (tx) => {
    const columns = await Promise.all(
      clientStatuses.map(async (status) => {
        const where = and(eq(clients.userId, userId), eq(clients.status, status));
        const [[total], rows] = await Promise.all([
          tx.select({ n: count() }).from(clients).where(where),
          tx
            .select({
              id: clients.id,
              name: clients.name,
              company: clients.company,
              email: clients.email,
              status: clients.status,
              createdAt: clients.createdAt,
            })
            .from(clients)
            .where(where)
            .orderBy(desc(clients.updatedAt), desc(clients.id))
            .limit(PIPELINE_COLUMN_LIMIT),
        ]);
        return {
          status,
          count: total?.n ?? 0,
          clients: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
        };
      }),
    );
    return { columns };
  });
}
