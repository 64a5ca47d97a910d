import { addDays, parisToday } from "@shared/domain/dates";
import { paths } from "@shared/paths";
import { type ActivityKind, type DashboardDto, DUE_SOON_DAYS } from "@shared/schemas/dashboard";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { storedCount } from "../../db/paging";
import { invoiceAmountDueCents, invoices, isUnpaidInvoice } from "../../db/schema/index";
import type { Tx } from "../../db/tenant";
import { withTenant } from "../../db/tenant";

const DUE_SOON_LIMIT = 5;
const ACTIVITY_LIMIT = 10;
const SERIES_MONTHS = 12;

/** First day of the month `offset` months away from `day`'s month, YYYY-MM-DD. */
function monthStart(day: string, offset = 0): string {
  const date = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + offset);
  return date.toISOString().slice(0, 10);
}

type Rows<Row> = { rows: Row[] };
const rowsOf = <Row>(result: unknown) => (result as Rows<Row>).rows;
// Sums are bigint in PostgreSQL: node-postgres reads them as strings, PGlite as numbers.
const num = (value: unknown) => Number(value ?? 0);

type Window = {
  userId: string;
  today: string;
  month: string;
  nextMonth: string;
  year: string;
  nextYear: string;
};

/**
 * Every single figure in one statement. Money and the issued count come from the user's dashboard_totals
 * (kept by triggers: a few hundred rows, whatever the number of invoices); what depends on today is a range of
 * those rows (overdue: unpaid totals due before today). The other counts are index-only reads of small sets.
 */
async function loadFigures(tx: Tx, w: Window) {
  const total = (column: "count" | "amount_cents", condition: SQL) =>
    sql`coalesce(sum(${sql.identifier(column)}) filter (where ${condition}), 0)`;
  const [row] = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`
      select
        ${total("amount_cents", sql`figure = 'revenue' and day = ${w.month}`)} as revenue_month,
        ${total("amount_cents", sql`figure = 'revenue' and day >= ${w.year} and day < ${w.nextYear}`)} as revenue_year,
        ${total("amount_cents", sql`figure = 'expenses' and day = ${w.month}`)} as expenses_month,
        ${total("amount_cents", sql`figure = 'expenses' and day >= ${w.year} and day < ${w.nextYear}`)} as expenses_year,
        ${total("count", sql`figure = 'unpaid'`)} as pending_count,
        ${total("amount_cents", sql`figure = 'unpaid'`)} as pending_cents,
        ${total("count", sql`figure = 'unpaid' and day < ${w.today}`)} as overdue_count,
        ${total("amount_cents", sql`figure = 'unpaid' and day < ${w.today}`)} as overdue_cents,
        ${total("count", sql`figure = 'issued'`)} as issued_invoices_count,
        ${total("count", sql`figure = 'expenses'`)} as expenses_count,
        (select count(*) from projects
          where user_id = ${w.userId} and status in ('active', 'en-cours')) as active_projects,
        (select count(*) from clients where user_id = ${w.userId}) as clients_count,
        (${storedCount(tx, w.userId, invoices)}) as invoices_count,
        (select count(*) from quotes where user_id = ${w.userId}) as quotes_count
      from dashboard_totals
      where user_id = ${w.userId}`),
  );
  if (!row) throw new Error("dashboard figures returned no row");
  return row;
}

/** Collected revenue and expenses per month over the last 12 months, months without either included. */
async function loadSeries(tx: Tx, w: Window & { first: string }) {
  return rowsOf<{ month: string; revenue_cents: unknown; expenses_cents: unknown }>(
    await tx.execute(sql`
      select to_char(months.start, 'YYYY-MM') as month,
        coalesce(sum(totals.amount_cents) filter (where totals.figure = 'revenue'), 0) as revenue_cents,
        coalesce(sum(totals.amount_cents) filter (where totals.figure = 'expenses'), 0) as expenses_cents
      from generate_series(${w.first}::date, ${w.month}::date, interval '1 month') as months(start)
      left join dashboard_totals as totals
        on totals.user_id = ${w.userId} and totals.figure in ('revenue', 'expenses')
          and totals.day = months.start::date
      group by months.start
      order by months.start`),
  );
}

async function loadDueSoon(tx: Tx, w: Window) {
  return rowsOf<{
    id: string;
    invoice_number: string | null;
    client_name: string;
    due_date: string;
    remaining_cents: unknown;
  }>(
    await tx.execute(sql`
      select id, invoice_number, client_name, due_date::text as due_date,
        ${invoiceAmountDueCents} as remaining_cents
      from invoices
      where user_id = ${w.userId} and ${isUnpaidInvoice}
        and due_date >= ${w.today} and due_date <= ${addDays(w.today, DUE_SOON_DAYS)}
      -- The column, not the text alias: the partial index of unpaid invoices then yields the order.
      order by invoices.due_date, invoice_number
      limit ${DUE_SOON_LIMIT}`),
  );
}

/**
 * The latest events of every kind, merged: each branch takes its own newest 10 (from an index where there
 * is one), so the union stays small whatever the account's size.
 */
async function loadActivity(tx: Tx, { userId }: Window) {
  const limit = ACTIVITY_LIMIT;
  return rowsOf<{ kind: ActivityKind; id: string; label: string; amount_cents: unknown; at: Date | string }>(
    await tx.execute(sql`
      select * from (
        (select 'invoice_issued' as kind, id, coalesce(invoice_number, '') || ' · ' || client_name as label,
            total_cents as amount_cents, issued_at as at
          from invoices where user_id = ${userId} and kind = 'facture' and issued_at is not null
          order by issued_at desc limit ${limit})
        union all
        (select 'credit_note_issued', id, coalesce(invoice_number, '') || ' · ' || client_name,
            total_cents, issued_at
          from invoices where user_id = ${userId} and kind = 'avoir' and issued_at is not null
          order by issued_at desc limit ${limit})
        union all
        (select 'payment_received', payments.invoice_id,
            coalesce(invoices.invoice_number, '') || ' · ' || invoices.client_name,
            payments.amount_cents, payments.created_at
          from payments join invoices on invoices.id = payments.invoice_id and invoices.user_id = payments.user_id
          where payments.user_id = ${userId}
          order by payments.created_at desc limit ${limit})
        union all
        (select 'quote_accepted', id, coalesce(quote_number, '') || ' · ' || client_name, total_cents, accepted_at
          from quotes where user_id = ${userId} and accepted_at is not null
          order by accepted_at desc limit ${limit})
        union all
        (select 'client_created', id, name, null, created_at
          from clients where user_id = ${userId}
          order by created_at desc limit ${limit})
        union all
        (select 'expense_created', id, title, amount_cents, created_at
          from expenses where user_id = ${userId}
          order by created_at desc limit ${limit})
        union all
        (select 'contract_signed', id, title, amount_cents, signed_at
          from contracts where user_id = ${userId} and signed_at is not null
          order by signed_at desc limit ${limit})
        union all
        (select 'project_created', id, name, null, created_at
          from projects where user_id = ${userId}
          order by created_at desc limit ${limit})
      ) as events
      order by at desc
      limit ${limit}`),
  );
}

const activityTitle: Record<ActivityKind, string> = {
  invoice_issued: "Facture émise",
  credit_note_issued: "Avoir émis",
  payment_received: "Paiement reçu",
  quote_accepted: "Devis accepté",
  client_created: "Nouveau client",
  expense_created: "Dépense enregistrée",
  contract_signed: "Contrat signé",
  project_created: "Nouveau projet",
};

const activityHref: Record<ActivityKind, (id: string) => string> = {
  invoice_issued: paths.app.invoices.detail,
  credit_note_issued: paths.app.invoices.detail,
  payment_received: paths.app.invoices.detail,
  quote_accepted: paths.app.quotes.detail,
  client_created: paths.app.clients.detail,
  expense_created: paths.app.expenses.detail,
  contract_signed: () => paths.app.contracts.list,
  project_created: paths.app.projects.detail,
};

/**
 * The dashboard in four statements inside one tenant transaction, sent together (on PostgreSQL they leave
 * in one write: db/tenant.ts). No invoice, payment or expense is summed on a request: the figures and the
 * series read the totals the triggers keep, the lists take a few rows from an index. Cash basis (payments
 * by their date), amounts TTC, months in the Paris calendar.
 */
export async function getDashboard(
  db: Db,
  { userId, now = new Date() }: { userId: string; now?: Date },
): Promise<DashboardDto> {
  const today = parisToday(now);
  const year = `${today.slice(0, 4)}-01-01`;
  const window = {
    userId,
    today,
    month: monthStart(today),
    nextMonth: monthStart(today, 1),
    year,
    nextYear: `${Number(today.slice(0, 4)) + 1}-01-01`,
  };
  return withTenant(db, userId, async (tx) => {
    const [figures, series, dueSoon, activity] = await Promise.all([
      loadFigures(tx, window),
      loadSeries(tx, { ...window, first: monthStart(today, 1 - SERIES_MONTHS) }),
      loadDueSoon(tx, window),
      loadActivity(tx, window),
    ]);
    const revenueMonth = num(figures.revenue_month);
    const revenueYear = num(figures.revenue_year);
    const expensesMonth = num(figures.expenses_month);
    const expensesYear = num(figures.expenses_year);
    return {
      today,
      revenue: { monthCents: revenueMonth, yearCents: revenueYear },
      pending: { count: num(figures.pending_count), amountCents: num(figures.pending_cents) },
      overdue: { count: num(figures.overdue_count), amountCents: num(figures.overdue_cents) },
      expenses: { monthCents: expensesMonth, yearCents: expensesYear },
      net: { monthCents: revenueMonth - expensesMonth, yearCents: revenueYear - expensesYear },
      activeProjects: num(figures.active_projects),
      counts: {
        clients: num(figures.clients_count),
        invoices: num(figures.invoices_count),
        issuedInvoices: num(figures.issued_invoices_count),
        quotes: num(figures.quotes_count),
        expenses: num(figures.expenses_count),
      },
      dueSoon: dueSoon.map((row) => ({
        id: row.id,
        number: row.invoice_number,
        clientName: row.client_name,
        dueDate: row.due_date,
        remainingCents: num(row.remaining_cents),
        href: paths.app.invoices.detail(row.id),
      })),
      series: series.map((row) => ({
        month: row.month,
        revenueCents: num(row.revenue_cents),
        expensesCents: num(row.expenses_cents),
      })),
      activity: activity.map((row) => ({
        id: `${row.kind}:${row.id}:${new Date(row.at).getTime()}`,
        kind: row.kind,
        title: activityTitle[row.kind],
        amountCents: row.amount_cents === null ? null : num(row.amount_cents),
        at: new Date(row.at).toISOString(),
        href: activityHref[row.kind](row.id),
        detail: row.label,
      })),
    };
  });
}
