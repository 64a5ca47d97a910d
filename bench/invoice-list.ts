import { listInvoices } from "../src/server/modules/invoices/invoices.service";
import { type ApiSqlTarget, measureApiVsSql } from "./load";

/** The invoice list's first page (20 of 10 000 invoices), through the API and directly. */
export const INVOICE_LIST_PATH = "/api/invoices?page=1&pageSize=20";

export const measureInvoiceList = (target: ApiSqlTarget) =>
  measureApiVsSql(target, INVOICE_LIST_PATH, (db, userId) =>
    listInvoices(db, { userId, query: { page: 1, pageSize: 20 } }),
  );
