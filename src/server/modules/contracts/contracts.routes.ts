import { formatAmount } from "@shared/format";
import {
  type ContractListItem,
  changeContractStatusInput,
  contractListQuery,
  contractStatusLabels,
  createContractInput,
  renderTemplateInput,
  updateContractInput,
} from "@shared/schemas/contracts";
import { Hono } from "hono";
import type { AuthVariables } from "../../auth/session";
import type { Db } from "../../db/client";
import { type CsvColumn, csvResponse } from "../../http/csv";
import { pdfResponse } from "../../http/pdf";
import { uuidParam, valid } from "../../http/validate";
import { getContractPdf } from "./contract-pdf.service";
import { templateList } from "./contract-templates";
import {
  CONTRACT_NOT_FOUND,
  changeContractStatus,
  createContract,
  deleteContract,
  exportContracts,
  getContract,
  listContracts,
  renderContractTemplate,
  updateContract,
} from "./contracts.service";

/** A day in France as YYYY-MM-DD, which French spreadsheets read as a date. */
const parisDay = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString("sv-SE", { timeZone: "Europe/Paris" }) : null;

const exportColumns: CsvColumn<ContractListItem>[] = [
  { header: "Numéro", value: (row) => row.contractNumber },
  { header: "Titre", value: (row) => row.title },
  { header: "Client", value: (row) => row.clientName },
  { header: "Projet", value: (row) => row.projectName },
  { header: "Statut", value: (row) => contractStatusLabels[row.status] },
  {
    header: "Montant HT (€)",
    value: (row) => (row.amountCents === null ? null : formatAmount(row.amountCents)),
  },
  { header: "Début", value: (row) => row.startDate },
  { header: "Fin", value: (row) => row.endDate },
  { header: "Envoyé le", value: (row) => parisDay(row.sentAt) },
  { header: "Signé le", value: (row) => parisDay(row.signedAt) },
  { header: "Créé le", value: (row) => parisDay(row.createdAt) },
];

/** /api/contracts: mounted behind the 401/402 guard (app.ts `businessModules`). */
export function contractRoutes(db: Db) {
  return (
    new Hono<{ Variables: AuthVariables }>()
      .get("/", valid(contractListQuery, "query"), async (c) =>
        c.json(await listContracts(db, { userId: c.get("user").id, ...c.req.valid("query") })),
      )
      // Static paths come before /:id.
      .get("/export.csv", valid(contractListQuery, "query"), async (c) => {
        const { search, status } = c.req.valid("query");
        const today = new Date().toLocaleDateString("sv-SE", { timeZone: "Europe/Paris" });
        return csvResponse(c, db, {
          filename: `contrats-${today}.csv`,
          columns: exportColumns,
          rows: () => exportContracts(db, { userId: c.get("user").id, search, status }),
        });
      })
      .get("/templates", (c) => c.json(templateList()))
      .post("/templates/render", valid(renderTemplateInput), async (c) =>
        c.json(await renderContractTemplate(db, { userId: c.get("user").id, input: c.req.valid("json") })),
      )
      .post("/", valid(createContractInput), async (c) =>
        c.json(await createContract(db, { userId: c.get("user").id, input: c.req.valid("json") }), 201),
      )
      .use("/:id", uuidParam(CONTRACT_NOT_FOUND))
      .use("/:id/*", uuidParam(CONTRACT_NOT_FOUND))
      .get("/:id", async (c) =>
        c.json(await getContract(db, { userId: c.get("user").id, id: c.req.param("id") })),
      )
      .patch("/:id", valid(updateContractInput), async (c) =>
        c.json(
          await updateContract(db, {
            userId: c.get("user").id,
            id: c.req.param("id"),
            input: c.req.valid("json"),
          }),
        ),
      )
      .delete("/:id", async (c) => {
        await deleteContract(db, { userId: c.get("user").id, id: c.req.param("id") });
        return c.body(null, 204);
      })
      .post("/:id/status", valid(changeContractStatusInput), async (c) =>
        c.json(
          await changeContractStatus(db, {
            userId: c.get("user").id,
            id: c.req.param("id"),
            status: c.req.valid("json").status,
          }),
        ),
      )
      .get("/:id/pdf", async (c) =>
        pdfResponse(c, await getContractPdf(db, { userId: c.get("user").id, id: c.req.param("id") })),
      )
  );
}
