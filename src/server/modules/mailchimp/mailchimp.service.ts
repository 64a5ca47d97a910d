import type {
  ConnectMailchimpInput,
  MailchimpAudienceDto,
  MailchimpStatusDto,
  MailchimpSyncResultDto,
} from "@shared/schemas/mailchimp";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { clients, mailchimpConnections, mailchimpMembers } from "../../db/schema/index";
import { withTenant } from "../../db/tenant";
import { AppError } from "../../errors";
import type { Logger } from "../../logger";
import type { SecretBox } from "../../security/secret-box";
import { MailchimpError, mailchimpApi } from "./mailchimp-api";

/**
 * Mailchimp (issue 14 §2): the user's clients with an e-mail address, in the audience they chose, tagged
 * "Prospect" or "Client". A client is synced when the user asks ("Synchroniser maintenant", the assistant)
 * and by the job loop after every change (its `updated_at` is later than the one last sent), so whatever
 * path changed it (page, assistant, public API) needs no hook. Calls to Mailchimp never run inside a
 * database transaction: reads and writes are short tenant transactions around them.
 */

export type MailchimpDeps = {
  db: Db;
  secrets: SecretBox;
  /** MAILCHIMP_API_URL: the API's base URL instead of the key's data center (tests). */
  apiUrl?: string;
};

export const MAILCHIMP_TAGS = { prospect: "Prospect", client: "Client" } as const;

/** Members written at once: Mailchimp allows 10 simultaneous connections per account. */
const CONCURRENCY = 4;
/** Failures listed on the card; the count of pending clients covers the rest. */
const SHOWN_REFUSALS = 5;

const NOT_CONNECTED =
  "Mailchimp n'est pas connecté : ajoutez votre clé d'API Mailchimp dans Intégrations (Profil → Extras → Clés d'API dans Mailchimp).";
const NO_AUDIENCE = "Choisissez d'abord l'audience Mailchimp où envoyer vos clients, dans Intégrations.";
const KEY_UNREADABLE =
  "La clé Mailchimp enregistrée ne peut plus être lue (la clé secrète du serveur a changé) : reconnectez Mailchimp.";

const sealContext = (userId: string) => `mailchimp:${userId}`;

type Connection = typeof mailchimpConnections.$inferSelect;

async function readConnection(db: Db, userId: string): Promise<Connection | undefined> {
  const [row] = await withTenant(db, userId, (tx) =>
    tx.select().from(mailchimpConnections).where(eq(mailchimpConnections.userId, userId)),
  );
  return row;
}

function apiFor(deps: MailchimpDeps, connection: Connection) {
  const key = deps.secrets.open(connection.apiKeySealed, sealContext(connection.userId));
  if (!key) throw new MailchimpError("key", KEY_UNREADABLE);
  return mailchimpApi(key, deps.apiUrl);
}

/** A Mailchimp failure as the house error: the user's own input or account, never our server's fault. */
const asAppError = (error: unknown) =>
  error instanceof MailchimpError
    ? new AppError(error.kind === "unavailable" ? "unavailable" : "bad_request", error.message)
    : error;

async function recordError(db: Db, userId: string, error: MailchimpError, now = new Date()) {
  await withTenant(db, userId, (tx) =>
    tx
      .update(mailchimpConnections)
      .set({
        lastError: error.message,
        lastErrorAt: now,
        ...(error.kind === "key" ? { keyRefusedAt: now } : {}),
        ...(error.kind === "audience" ? { listId: null, listName: null } : {}),
      })
      .where(eq(mailchimpConnections.userId, userId)),
  );
}

/** Checks the key with Mailchimp, then keeps it sealed; an account with one audience gets it chosen. */
export async function connectMailchimp(
  deps: MailchimpDeps,
  { userId, input }: { userId: string; input: ConnectMailchimpInput },
): Promise<MailchimpStatusDto> {
  const api = mailchimpApi(input.apiKey, deps.apiUrl);
  let account: { accountName: string };
  let audiences: MailchimpAudienceDto[];
  try {
    account = await api.account();
    audiences = await api.audiences();
  } catch (error) {
    throw asAppError(error);
  }
  const only = audiences.length === 1 ? audiences[0] : undefined;
  const values = {
    apiKeySealed: deps.secrets.seal(input.apiKey, sealContext(userId)),
    keyEnd: input.apiKey.slice(-9),
    dataCenter: input.apiKey.split("-").at(-1) ?? "",
    accountName: account.accountName,
    listId: only?.id ?? null,
    listName: only?.name ?? null,
    lastError: null,
    lastErrorAt: null,
    keyRefusedAt: null,
  };
  await withTenant(deps.db, userId, (tx) =>
    tx
      .insert(mailchimpConnections)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: mailchimpConnections.userId, set: { ...values, updatedAt: new Date() } }),
  );
  return readMailchimpStatus(deps.db, { userId });
}

export async function listMailchimpAudiences(
  deps: MailchimpDeps,
  { userId }: { userId: string },
): Promise<MailchimpAudienceDto[]> {
  const connection = await readConnection(deps.db, userId);
  if (!connection) throw new AppError("conflict", NOT_CONNECTED);
  try {
    return await apiFor(deps, connection).audiences();
  } catch (error) {
    if (error instanceof MailchimpError) await recordError(deps.db, userId, error);
    throw asAppError(error);
  }
}

export async function chooseMailchimpAudience(
  deps: MailchimpDeps,
  { userId, listId }: { userId: string; listId: string },
): Promise<MailchimpStatusDto> {
  const connection = await readConnection(deps.db, userId);
  if (!connection) throw new AppError("conflict", NOT_CONNECTED);
  let audience: { id: string; name: string };
  try {
    audience = await apiFor(deps, connection).audience(listId);
  } catch (error) {
    if (error instanceof MailchimpError && error.kind === "audience")
      throw new AppError("not_found", "Cette audience n'existe pas dans votre compte Mailchimp.");
    throw asAppError(error);
  }
  await withTenant(deps.db, userId, (tx) =>
    tx
      .update(mailchimpConnections)
      .set({ listId: audience.id, listName: audience.name })
      .where(eq(mailchimpConnections.userId, userId)),
  );
  return readMailchimpStatus(deps.db, { userId });
}

/** Forgets the key and the sync state; the contacts already in Mailchimp stay there, as the user's. */
export async function disconnectMailchimp(
  db: Db,
  { userId }: { userId: string },
): Promise<MailchimpStatusDto> {
  await withTenant(db, userId, async (tx) => {
    await tx.delete(mailchimpMembers).where(eq(mailchimpMembers.userId, userId));
    await tx.delete(mailchimpConnections).where(eq(mailchimpConnections.userId, userId));
  });
  return { connection: null };
}

export async function readMailchimpStatus(
  db: Db,
  { userId }: { userId: string },
): Promise<MailchimpStatusDto> {
  return withTenant(db, userId, async (tx) => {
    const [connection] = await tx
      .select()
      .from(mailchimpConnections)
      .where(eq(mailchimpConnections.userId, userId));
    if (!connection) return { connection: null };
    const listId = connection.listId ?? "";
    const isCurrent = sql`m.list_id = ${listId} and m.client_version >= c.updated_at`;
    const counts = await tx.execute(sql`
      select
        count(*) filter (where ${isCurrent} and m.last_error is null)::int as synced,
        count(*) filter (where not coalesce(${isCurrent} and m.last_error is null, false))::int as pending,
        count(*) filter (where m.list_id = ${listId} and m.member_status = 'unsubscribed')::int as unsubscribed
      from clients c
      left join mailchimp_members m on m.client_id = c.id
      where c.user_id = ${userId} and coalesce(c.email, '') <> ''`);
    const [count] = (
      counts as unknown as { rows: { synced: number; pending: number; unsubscribed: number }[] }
    ).rows;
    const refused = await tx
      .select({ clientId: clients.id, clientName: clients.name, error: mailchimpMembers.lastError })
      .from(mailchimpMembers)
      .innerJoin(clients, eq(clients.id, mailchimpMembers.clientId))
      .where(
        and(
          eq(mailchimpMembers.userId, userId),
          eq(mailchimpMembers.listId, listId),
          sql`${mailchimpMembers.lastError} is not null`,
        ),
      )
      .orderBy(clients.name)
      .limit(SHOWN_REFUSALS);
    return {
      connection: {
        accountName: connection.accountName,
        dataCenter: connection.dataCenter,
        keyEnd: connection.keyEnd,
        audience:
          connection.listId && connection.listName
            ? { id: connection.listId, name: connection.listName }
            : null,
        lastSyncAt: connection.lastSyncAt?.toISOString() ?? null,
        lastError: connection.lastError,
        lastErrorAt: connection.lastErrorAt?.toISOString() ?? null,
        syncedCount: count?.synced ?? 0,
        pendingCount: count?.pending ?? 0,
        unsubscribedCount: count?.unsubscribed ?? 0,
        refused: refused.map((row) => ({ ...row, error: row.error ?? "" })),
      },
    };
  });
}

type ClientToSync = {
  id: string;
  name: string;
  company: string | null;
  contactName: string | null;
  email: string;
  isBusiness: boolean;
  status: string;
  version: string;
};

/** Mailchimp's FNAME/LNAME: the contact person's name, or the company's when there is no person. */
export function memberNames(client: Pick<ClientToSync, "name" | "company" | "contactName" | "isBusiness">) {
  const person = client.contactName?.trim() || (client.isBusiness ? "" : client.name.trim());
  if (!person) return { firstName: (client.company?.trim() || client.name).trim(), lastName: "" };
  const [firstName = "", ...rest] = person.split(/\s+/);
  return { firstName, lastName: rest.join(" ") };
}

type SyncOutcome = {
  clientId: string;
  email: string;
  version: string;
  status: string | null;
  error: string | null;
};

/**
 * Sends the user's clients to their audience: every client with an address (`scope: "all"`, what the user
 * asks for) or only those changed since their last sync (`"changed"`, the job). A contact Mailchimp refuses
 * keeps its reason and the others go on; a refused key, a vanished audience or an unreachable Mailchimp
 * stops the run, is recorded on the connection for the card, and is thrown.
 */
export async function syncMailchimp(
  deps: MailchimpDeps,
  { userId, scope, now = new Date() }: { userId: string; scope: "all" | "changed"; now?: Date },
): Promise<MailchimpSyncResultDto> {
  const connection = await readConnection(deps.db, userId);
  if (!connection) throw new AppError("conflict", NOT_CONNECTED);
  const listId = connection.listId;
  if (!listId) throw new AppError("conflict", NO_AUDIENCE);

  const toSync = await withTenant(deps.db, userId, (tx) =>
    tx
      .select({
        id: clients.id,
        name: clients.name,
        company: clients.company,
        contactName: clients.contactName,
        email: sql<string>`${clients.email}`,
        isBusiness: clients.isBusiness,
        status: clients.status,
        // As text, written back as is: PostgreSQL keeps microseconds, a JS Date would round them off and
        // the client would look changed on every run.
        version: sql<string>`${clients.updatedAt}::text`,
      })
      .from(clients)
      .leftJoin(mailchimpMembers, eq(mailchimpMembers.clientId, clients.id))
      .where(
        and(
          eq(clients.userId, userId),
          sql`coalesce(${clients.email}, '') <> ''`,
          scope === "changed"
            ? sql`(${mailchimpMembers.clientId} is null or ${mailchimpMembers.listId} <> ${listId}
                or ${mailchimpMembers.clientVersion} < ${clients.updatedAt})`
            : undefined,
        ),
      )
      .orderBy(clients.createdAt),
  );

  const outcomes: SyncOutcome[] = [];
  let stop: MailchimpError | undefined;
  try {
    const api = apiFor(deps, connection);
    const queue = [...toSync];
    const worker = async () => {
      for (let client = queue.shift(); client && !stop; client = queue.shift()) {
        const outcome = { clientId: client.id, email: client.email.trim(), version: client.version };
        try {
          const status = await api.upsertMember(listId, { email: client.email, ...memberNames(client) });
          const isProspect = client.status === "prospect";
          await api.setTags(
            listId,
            client.email,
            [isProspect ? MAILCHIMP_TAGS.prospect : MAILCHIMP_TAGS.client],
            [isProspect ? MAILCHIMP_TAGS.client : MAILCHIMP_TAGS.prospect],
          );
          outcomes.push({ ...outcome, status, error: null });
        } catch (error) {
          if (!(error instanceof MailchimpError)) throw error;
          if (error.kind !== "member") stop = error;
          else outcomes.push({ ...outcome, status: null, error: error.message });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, queue.length) }, worker));
  } catch (error) {
    if (!(error instanceof MailchimpError)) throw error;
    stop = error;
  }

  await withTenant(deps.db, userId, async (tx) => {
    if (outcomes.length > 0)
      await tx
        .insert(mailchimpMembers)
        .values(
          outcomes.map((outcome) => ({
            clientId: outcome.clientId,
            userId,
            listId,
            email: outcome.email,
            clientVersion: sql`${outcome.version}::timestamptz`,
            memberStatus: outcome.status,
            lastError: outcome.error,
            syncedAt: now,
          })),
        )
        .onConflictDoUpdate({
          target: mailchimpMembers.clientId,
          set: {
            listId,
            email: sql`excluded.email`,
            clientVersion: sql`excluded.client_version`,
            // A refused update keeps the status Mailchimp last reported.
            memberStatus: sql`coalesce(excluded.member_status, ${mailchimpMembers.memberStatus})`,
            lastError: sql`excluded.last_error`,
            syncedAt: now,
          },
        });
    if (!stop)
      await tx
        .update(mailchimpConnections)
        .set({ lastSyncAt: now, lastError: null, lastErrorAt: null, keyRefusedAt: null })
        .where(eq(mailchimpConnections.userId, userId));
  });
  if (stop) {
    await recordError(deps.db, userId, stop, now);
    throw asAppError(stop);
  }
  return {
    synced: outcomes.filter((outcome) => !outcome.error).length,
    refused: outcomes.filter((outcome) => outcome.error).length,
    status: await readMailchimpStatus(deps.db, { userId }),
  };
}

/**
 * The job loop's part: every user whose connection is usable and who has a client changed since its last
 * sync. Runs as the owner role across users, like the other jobs. Two instances may push the same change
 * twice; a member PUT is idempotent, so that costs a call, never a wrong contact.
 */
export async function syncChangedClients(
  deps: MailchimpDeps & { logger: Logger },
  now = new Date(),
): Promise<number> {
  const due = await deps.db.execute(sql`
    select m.user_id
    from mailchimp_connections m
    where m.list_id is not null and m.key_refused_at is null
      and exists (
        select 1 from clients c
        left join mailchimp_members s on s.client_id = c.id
        where c.user_id = m.user_id and coalesce(c.email, '') <> ''
          and (s.client_id is null or s.list_id <> m.list_id or s.client_version < c.updated_at))`);
  let synced = 0;
  for (const { user_id: userId } of (due as unknown as { rows: { user_id: string }[] }).rows) {
    try {
      const result = await syncMailchimp(deps, { userId, scope: "changed", now });
      synced += result.synced;
      if (result.refused > 0)
        deps.logger.warn({ userId, refused: result.refused }, "mailchimp refused contacts");
    } catch (error) {
      deps.logger.warn({ err: error, userId }, "mailchimp sync failed");
    }
  }
  return synced;
}

/**
 * Why the user's clients cannot be sent to Mailchimp as things stand, in French with what to do, or null
 * when they can: what the assistant says instead of proposing a sync.
 */
export async function mailchimpBlocker(db: Db, { userId }: { userId: string }): Promise<string | null> {
  const connection = await readConnection(db, userId);
  if (!connection)
    return "Mailchimp n'est pas encore connecté. Dans Mailchimp, ouvrez Profil → Extras → Clés d'API et créez une clé ; collez-la dans Ardoise, page Intégrations, carte Mailchimp, puis choisissez l'audience où envoyer vos clients. Ils y seront ensuite tenus à jour à chaque modification.";
  if (connection.keyRefusedAt) return connection.lastError ?? KEY_UNREADABLE;
  if (!connection.listId) return NO_AUDIENCE;
  return null;
}

/**
 * Asks the job loop to send every client again (the assistant's "Envoie mes clients sur Mailchimp"): each
 * member is marked older than any client, so the next run, within a minute, resends them all — outside the
 * request, like every change. Answers the audience and how many clients have an address.
 */
export async function requestMailchimpSync(
  db: Db,
  { userId }: { userId: string },
): Promise<{ audience: string; clientCount: number }> {
  const blocker = await mailchimpBlocker(db, { userId });
  if (blocker) throw new AppError("conflict", blocker);
  return withTenant(db, userId, async (tx) => {
    await tx
      .update(mailchimpMembers)
      .set({ clientVersion: sql`'-infinity'::timestamptz` })
      .where(eq(mailchimpMembers.userId, userId));
    const [connection] = await tx
      .select({ listName: mailchimpConnections.listName })
      .from(mailchimpConnections)
      .where(eq(mailchimpConnections.userId, userId));
    const [count] = await tx
      .select({ value: sql<number>`count(*)::int` })
      .from(clients)
      .where(and(eq(clients.userId, userId), sql`coalesce(${clients.email}, '') <> ''`));
    return { audience: connection?.listName ?? "", clientCount: count?.value ?? 0 };
  });
}
