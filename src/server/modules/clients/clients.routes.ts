import { parisToday } from "@shared/domain/dates";
import { formatAmount } from "@shared/format";
import {
  clientListQuery,
  clientStatusLabels,
  createClientInput,
  updateClientInput,
} from "@shared/schemas/clients";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import type { AuthVariables } from "../../auth/session";
import type { Db } from "../../db/client";
import { type CsvColumn, csvResponse } from "../../http/csv";
import type { CachedJson } from "../../http/read-cache";
import { valid } from "../../http/validate";
import {
  type ClientExportRow,
  clientNotFound,
  createClient,
  deleteClient,
  exportClients,
  getClientDetail,
  getClientPipeline,
  listClients,
  updateClient,
} from "./clients.service";

// A malformed id cannot name a client: it gets the same 404 as an unknown one or another user's.
const clientId = z.guid();
function idParam(value: string): string {
  const parsed = clientId.safeParse(value);
  if (!parsed.success) throw clientNotFound();
  return parsed.data;
}

/** Checks the id before the body, so a malformed id is a 404 whatever the body says. */
const knownIdShape = createMiddleware(async (c, next) => {
  idParam(c.req.param("id") ?? "");
  await next();
});

/** A day in France as YYYY-MM-DD, which French spreadsheets read as a date (a long "1 mars 2025" is text). */
const parisDay = (iso: string) => new Date(iso).toLocaleDateString("sv-SE", { timeZone: "Europe/Paris" });

const exportColumns: CsvColumn<ClientExportRow>[] = [
  { header: "Nom", value: (row) => row.name },
  { header: "Entreprise", value: (row) => row.company },
  { header: "Contact", value: (row) => row.contactName },
  { header: "E-mail", value: (row) => row.email },
  { header: "Téléphone", value: (row) => row.phone },
  { header: "Type", value: (row) => (row.isBusiness ? "Professionnel" : "Particulier") },
  { header: "SIREN", value: (row) => row.siren },
  { header: "SIRET", value: (row) => row.siret },
  { header: "N° TVA intracommunautaire", value: (row) => row.vatNumber },
  { header: "Adresse", value: (row) => [row.addressLine1, row.addressLine2].filter(Boolean).join(", ") },
  { header: "Code postal", value: (row) => row.postalCode },
  { header: "Ville", value: (row) => row.city },
  { header: "Pays", value: (row) => row.country },
  { header: "Statut", value: (row) => clientStatusLabels[row.status] },
  { header: "Chiffre d'affaires encaissé (€)", value: (row) => formatAmount(row.revenueCents) },
  { header: "Reste à encaisser (€)", value: (row) => formatAmount(row.unpaidCents) },
  { header: "Créé le", value: (row) => parisDay(row.createdAt) },
];

/** /api/clients: mounted behind the 401/402 guard (app.ts `businessModules`). */
export function clientRoutes({ db, cachedJson }: { db: Db; cachedJson: CachedJson }) {
  return (
    new Hono<{ Variables: AuthVariables }>()
      .get("/", valid(clientListQuery, "query"), async (c) =>
        c.json(await listClients(db, { userId: c.get("user").id, ...c.req.valid("query") })),
      )
      // Static paths come before /:id.
      .get("/export.csv", valid(clientListQuery, "query"), async (c) => {
        const { search, status } = c.req.valid("query");
        return csvResponse(c, db, {
          filename: `clients-${parisToday()}.csv`,
          columns: exportColumns,
          rows: () => exportClients(db, { userId: c.get("user").id, search, status }),
        });
      })
      .get("/pipeline", async (c) => c.json(await getClientPipeline(db, { userId: c.get("user").id })))
      .post("/", valid(createClientInput), async (c) =>
        c.json(await createClient(db, { userId: c.get("user").id, input: c.req.valid("json") }), 201),
      )
      .get("/:id", (c) => {
        const clientId = idParam(c.req.param("id"));
        // No day in the key: nothing in it is read against the date (its invoices show their stored status).
        return cachedJson(c, `client ${clientId}`, () =>
          getClientDetail(db, { userId: c.get("user").id, clientId }),
        );
      })
      .patch("/:id", knownIdShape, valid(updateClientInput), async (c) =>
        c.json(
          await updateClient(db, {
            userId: c.get("user").id,
            clientId: idParam(c.req.param("id")),
            input: c.req.valid("json"),
          }),
        ),
      )
      .delete("/:id", async (c) => {
        await deleteClient(db, { userId: c.get("user").id, clientId: idParam(c.req.param("id")) });
        return c.body(null, 204);
      })
  );
}
