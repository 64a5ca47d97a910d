import { addDays, parisToday } from "@shared/domain/dates";
import { matchByName } from "@shared/domain/name-match";
import { MONTH_NAMES, type Period, previousPeriod, yearToDate } from "@shared/domain/periods";
import { formatDate, formatMoney } from "@shared/format";
import { escapeMarkdown } from "@shared/markdown";
import { paths } from "@shared/paths";
import { type ExpenseCategory, expenseCategoryLabels } from "@shared/schemas/expenses";
import type { FigureAnswer, FigureMetric, FigureQuery } from "@shared/schemas/figures";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { invoiceAmountDueCents, isUnpaidInvoice } from "../../db/schema/index";
import { type Tx, withTenant } from "../../db/tenant";

/**
 * The answer engine over the user's figures (issue 11): one registry of metrics, each a few aggregate
 * statements run by PostgreSQL inside the user's tenant, and a short French sentence with the figure and
 * links to the records behind it. The offline engine, the model's `get_figures` tool and the voice agent
 * all answer through `answerFigures`, so a model never computes a figure from sample rows.
 *
 * Definitions, as a French freelancer counts: encaissé = payments received (by payment date, TTC);
 * facturé = issued invoices minus credit notes (by issue date, HT); impayé = issued invoices en attente or
 * en retard, for what remains due; marge = encaissé − dépenses (by expense date).
 */

type Context = { tx: Tx; userId: string; today: string; query: FigureQuery };
type Metric = {
  /** The period used when the user names none. */
  defaultPeriod: (today: string) => Period;
  compute: (context: Context & { period: Period }) => Promise<FigureAnswer>;
};

type Rows<Row> = { rows: Row[] };
const rowsOf = <Row>(result: unknown) => (result as Rows<Row>).rows;
// Sums are bigint in PostgreSQL: node-postgres reads them as strings, PGlite as numbers.
const num = (value: unknown) => Number(value ?? 0);
const money = (cents: number) => formatMoney(cents);
const plural = (count: number, one: string, many: string) => `${count} ${count > 1 ? many : one}`;
const link = (label: string, href: string) => `[${escapeMarkdown(label)}](${href})`;
const bullets = (lines: string[]) => lines.map((line) => `- ${line}`).join("\n");

/** Issued invoices still owed: credit notes, drafts and cancelled ones excluded. */
const unpaidInvoice = sql`${isUnpaidInvoice} and ${invoiceAmountDueCents} > 0`;

type FoundClient = { id: string; name: string };

async function collected(tx: Tx, userId: string, period: Period, client?: FoundClient) {
  const [row] = rowsOf<{ cents: unknown; count: unknown }>(
    await tx.execute(sql`
      select coalesce(sum(amount_cents), 0) as cents, count(*) as count from payments
      where user_id = ${userId} and paid_on between ${period.from} and ${period.to}
        ${client ? sql`and invoice_id in (select id from invoices where user_id = ${userId} and client_id = ${client.id})` : sql``}`),
  );
  return { cents: num(row?.cents), count: num(row?.count) };
}

async function invoiced(tx: Tx, userId: string, period: Period, client?: FoundClient) {
  const [row] = rowsOf<{ cents: unknown; ttc: unknown; count: unknown }>(
    await tx.execute(sql`
      select coalesce(sum(subtotal_cents), 0) as cents, coalesce(sum(total_cents), 0) as ttc,
        count(*) filter (where kind = 'facture') as count
      from invoices
      where user_id = ${userId} and status <> 'brouillon' and date between ${period.from} and ${period.to}
        ${client ? sql`and client_id = ${client.id}` : sql``}`),
  );
  return { cents: num(row?.cents), ttcCents: num(row?.ttc), count: num(row?.count) };
}

async function spent(tx: Tx, userId: string, period: Period, category?: ExpenseCategory) {
  const [row] = rowsOf<{ cents: unknown; count: unknown }>(
    await tx.execute(sql`
      select coalesce(sum(amount_cents), 0) as cents, count(*) as count from expenses
      where user_id = ${userId} and date between ${period.from} and ${period.to}
        ${category ? sql`and category = ${category}` : sql``}`),
  );
  return { cents: num(row?.cents), count: num(row?.count) };
}

/** " Soit +12 % (en février 2026 : 4 000,00 €)." */
function comparison(current: number, previous: number, period: Period): string {
  const before = `${period.label} : ${money(previous)}`;
  if (previous === 0) return ` Pour comparaison, ${before}.`;
  const change = Math.round(((current - previous) / Math.abs(previous)) * 100);
  const sign = change > 0 ? "+" : change < 0 ? "−" : "±";
  return ` Soit ${sign}${Math.abs(change)} % (${before}).`;
}

/** The user's client a said name designates: one, several (the user must choose) or none. */
async function findClients(tx: Tx, userId: string, said: string) {
  const known = rowsOf<{ id: string; name: string }>(
    await tx.execute(sql`select id, name from clients where user_id = ${userId}`),
  );
  return matchByName(said, known, (client) => client.name).map((match) => match.item);
}

/**
 * The one client a figure is asked about, or the answer to give instead: which one (several match) or
 * that none of the user's clients has that name.
 */
async function oneClient(
  tx: Tx,
  userId: string,
  metric: FigureMetric,
  said: string,
): Promise<{ client: FoundClient } | { answer: FigureAnswer }> {
  const found = await findClients(tx, userId, said);
  if (found.length === 0)
    return {
      answer: {
        metric,
        text: `Je ne trouve aucun client « ${escapeMarkdown(said)} » parmi les vôtres.`,
        figures: {},
      },
    };
  if (found.length > 1)
    return {
      answer: {
        metric,
        text: `Plusieurs clients correspondent à « ${escapeMarkdown(said)} » : ${found
          .slice(0, 5)
          .map((client) => link(client.name, paths.app.clients.detail(client.id)))
          .join(", ")}. Lequel ?`,
        figures: { candidats: found.length },
      },
    };
  return { client: found[0] as FoundClient };
}

/** « de Studio Lumière » / « à Studio Lumière », linked, when the figure is one client's. */
const ofClient = (client: FoundClient | undefined, preposition: "de" | "à") =>
  client ? ` ${preposition} ${link(client.name, paths.app.clients.detail(client.id))}` : "";

/** Monday to Sunday around today: what "cette semaine" means for invoices falling due. */
function thisWeek(today: string): Period {
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  const monday = addDays(today, -weekday);
  return { from: monday, to: addDays(monday, 6), label: "cette semaine" };
}

/** The same day `months` calendar months earlier, the month's last day when it has no such day. */
function monthsBefore(day: string, months: number): string {
  const date = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(Number(day.slice(8, 10)), lastDay));
  return date.toISOString().slice(0, 10);
}

/** "Rien depuis six mois": the period starts six months ago and ends today. */
const lastSixMonths = (today: string): Period => ({
  from: monthsBefore(today, 6),
  to: today,
  label: "depuis six mois",
});

const monthLabel = (month: string) => `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

const sinceToday = (today: string): Period => ({
  from: today,
  to: addDays(today, 30),
  label: "sur les 30 prochains jours",
});

const metrics: Record<FigureMetric, Metric> = {
  revenue_collected: {
    defaultPeriod: yearToDate,
    async compute({ tx, userId, period, query }): Promise<FigureAnswer> {
      const scope = query.client ? await oneClient(tx, userId, "revenue_collected", query.client) : undefined;
      if (scope && "answer" in scope) return scope.answer;
      const client = scope?.client;
      const now = await collected(tx, userId, period, client);
      let text = `Vous avez encaissé ${money(now.cents)}${ofClient(client, "de")} ${period.label} (${plural(now.count, "paiement", "paiements")}).`;
      const figures: FigureAnswer["figures"] = { encaisseCents: now.cents, paiements: now.count };
      if (client) figures.client = client.name;
      if (query.compare) {
        const before = previousPeriod(period);
        const then = await collected(tx, userId, before, client);
        text += comparison(now.cents, then.cents, before);
        figures.periodePrecedenteCents = then.cents;
      }
      return {
        metric: "revenue_collected",
        text: `${text}\n\n${link("Voir les factures", paths.app.invoices.list)}`,
        figures,
      };
    },
  },
  revenue_invoiced: {
    defaultPeriod: yearToDate,
    async compute({ tx, userId, period, query }): Promise<FigureAnswer> {
      const scope = query.client ? await oneClient(tx, userId, "revenue_invoiced", query.client) : undefined;
      if (scope && "answer" in scope) return scope.answer;
      const client = scope?.client;
      const now = await invoiced(tx, userId, period, client);
      const ttc = now.ttcCents !== now.cents ? ` (${money(now.ttcCents)} TTC)` : "";
      let text = `Vous avez facturé ${money(now.cents)} HT${ttc}${ofClient(client, "à")} ${period.label}, avoirs déduits (${plural(now.count, "facture émise", "factures émises")}).`;
      const figures: FigureAnswer["figures"] = {
        factureHtCents: now.cents,
        factureTtcCents: now.ttcCents,
        factures: now.count,
      };
      if (client) figures.client = client.name;
      if (query.compare) {
        const before = previousPeriod(period);
        const then = await invoiced(tx, userId, before, client);
        text += comparison(now.cents, then.cents, before);
        figures.periodePrecedenteCents = then.cents;
      }
      return {
        metric: "revenue_invoiced",
        text: `${text}\n\n${link("Voir les factures", paths.app.invoices.list)}`,
        figures,
      };
    },
  },
  unpaid: {
    defaultPeriod: yearToDate,
    async compute({ tx, userId, today }): Promise<FigureAnswer> {
      const [row] = rowsOf<Record<string, unknown>>(
        await tx.execute(sql`
          select count(*) as count, coalesce(sum(${invoiceAmountDueCents}), 0) as cents,
            count(*) filter (where due_date < ${today}) as late_count,
            coalesce(sum(${invoiceAmountDueCents}) filter (where due_date < ${today}), 0) as late_cents
          from invoices where user_id = ${userId} and ${unpaidInvoice}`),
      );
      const count = num(row?.count);
      const cents = num(row?.cents);
      const lateCount = num(row?.late_count);
      const lateCents = num(row?.late_cents);
      const text =
        count === 0
          ? "Aucune facture impayée : tout ce que vous avez facturé est encaissé."
          : `${plural(count, "facture impayée", "factures impayées")} pour ${money(cents)} : ${plural(count - lateCount, "en attente", "en attente")} (${money(cents - lateCents)}) et ${plural(lateCount, "en retard", "en retard")} (${money(lateCents)}).`;
      return {
        metric: "unpaid",
        text: `${text}\n\n${link("Voir les factures", paths.app.invoices.list)}`,
        figures: { impayeesCents: cents, impayees: count, enRetardCents: lateCents, enRetard: lateCount },
      };
    },
  },
  overdue: {
    defaultPeriod: yearToDate,
    async compute({ tx, userId, today }): Promise<FigureAnswer> {
      const rows = rowsOf<{ id: string; number: string | null; client: string; due: string; cents: unknown }>(
        await tx.execute(sql`
          select id, invoice_number as number, client_name as client, due_date::text as due,
            ${invoiceAmountDueCents} as cents
          from invoices where user_id = ${userId} and ${unpaidInvoice} and due_date < ${today}
          order by due_date, invoice_number`),
      );
      if (rows.length === 0)
        return {
          metric: "overdue",
          text: "Aucune facture en retard.",
          figures: { enRetard: 0, enRetardCents: 0 },
        };
      const total = rows.reduce((sum, row) => sum + num(row.cents), 0);
      const daysLate = (due: string) => Math.round((Date.parse(today) - Date.parse(due)) / 86_400_000);
      const lines = rows
        .slice(0, 10)
        .map(
          (row) =>
            `${link(row.number ?? "Facture", paths.app.invoices.detail(row.id))} — ${escapeMarkdown(row.client)} · ${money(num(row.cents))} · ${plural(daysLate(row.due), "jour", "jours")} de retard (échéance ${formatDate(row.due)})`,
        );
      const more =
        rows.length > 10 ? `\n\n${link(`Voir les ${rows.length} factures`, paths.app.invoices.list)}` : "";
      return {
        metric: "overdue",
        text: `${plural(rows.length, "facture en retard", "factures en retard")} pour ${money(total)} :\n${bullets(lines)}${more}`,
        figures: { enRetard: rows.length, enRetardCents: total },
      };
    },
  },
  client_balance: {
    defaultPeriod: yearToDate,
    async compute({ tx, userId, today, query }): Promise<FigureAnswer> {
      if (!query.client)
        return { metric: "client_balance", text: "De quel client parlez-vous ?", figures: {} };
      const scope = await oneClient(tx, userId, "client_balance", query.client);
      if ("answer" in scope) return scope.answer;
      const { client } = scope;
      const [row] = rowsOf<Record<string, unknown>>(
        await tx.execute(sql`
          select count(*) as count, coalesce(sum(${invoiceAmountDueCents}), 0) as cents,
            count(*) filter (where due_date < ${today}) as late_count,
            coalesce(sum(${invoiceAmountDueCents}) filter (where due_date < ${today}), 0) as late_cents
          from invoices where user_id = ${userId} and client_id = ${client.id} and ${unpaidInvoice}`),
      );
      const cents = num(row?.cents);
      const count = num(row?.count);
      const lateCents = num(row?.late_cents);
      const name = link(client.name, paths.app.clients.detail(client.id));
      const text =
        count === 0
          ? `${name} ne vous doit rien : aucune facture impayée.`
          : `${name} vous doit ${money(cents)} sur ${plural(count, "facture", "factures")}${lateCents > 0 ? `, dont ${money(lateCents)} en retard` : ""}.`;
      return {
        metric: "client_balance",
        text,
        figures: { duCents: cents, factures: count, enRetardCents: lateCents, client: client.name },
      };
    },
  },
  best_clients: {
    defaultPeriod: yearToDate,
    async compute({ tx, userId, period }): Promise<FigureAnswer> {
      const rows = rowsOf<{ id: string; name: string; cents: unknown }>(
        await tx.execute(sql`
          select clients.id, clients.name, sum(payments.amount_cents) as cents
          from payments
          join invoices on invoices.id = payments.invoice_id and invoices.user_id = payments.user_id
          join clients on clients.id = invoices.client_id and clients.user_id = invoices.user_id
          where payments.user_id = ${userId} and payments.paid_on between ${period.from} and ${period.to}
          group by clients.id, clients.name
          order by cents desc, clients.name
          limit 5`),
      );
      if (rows.length === 0)
        return {
          metric: "best_clients",
          text: `Aucun encaissement ${period.label} : pas encore de meilleur client.`,
          figures: {},
        };
      const lines = rows.map(
        (row, index) =>
          `${index + 1}. ${link(row.name, paths.app.clients.detail(row.id))} — ${money(num(row.cents))} encaissés`,
      );
      const first = rows[0] as { name: string; cents: unknown };
      return {
        metric: "best_clients",
        text: `Vos meilleurs clients ${period.label}, par montant encaissé :\n${lines.join("\n")}`,
        figures: { premier: first.name, premierCents: num(first.cents) },
      };
    },
  },
  margin: {
    defaultPeriod: yearToDate,
    async compute({ tx, userId, period, query }): Promise<FigureAnswer> {
      const income = await collected(tx, userId, period);
      const costs = await spent(tx, userId, period);
      const margin = income.cents - costs.cents;
      let text = `Votre marge ${period.label} est de ${money(margin)} : ${money(income.cents)} encaissés moins ${money(costs.cents)} de dépenses.`;
      const figures: FigureAnswer["figures"] = {
        margeCents: margin,
        encaisseCents: income.cents,
        depensesCents: costs.cents,
      };
      if (query.compare) {
        const before = previousPeriod(period);
        const then = (await collected(tx, userId, before)).cents - (await spent(tx, userId, before)).cents;
        text += comparison(margin, then, before);
        figures.periodePrecedenteCents = then;
      }
      return { metric: "margin", text, figures };
    },
  },
  expenses_total: {
    defaultPeriod: yearToDate,
    async compute({ tx, userId, period, query }): Promise<FigureAnswer> {
      const now = await spent(tx, userId, period, query.category);
      const what = query.category ? `en ${expenseCategoryLabels[query.category].toLowerCase()} ` : "";
      let text = `Vous avez dépensé ${money(now.cents)} ${what}${period.label} (${plural(now.count, "dépense", "dépenses")}).`;
      const figures: FigureAnswer["figures"] = { depensesCents: now.cents, depenses: now.count };
      if (query.compare) {
        const before = previousPeriod(period);
        const then = await spent(tx, userId, before, query.category);
        text += comparison(now.cents, then.cents, before);
        figures.periodePrecedenteCents = then.cents;
      }
      return {
        metric: "expenses_total",
        text: `${text}\n\n${link("Voir les dépenses", paths.app.expenses.list)}`,
        figures,
      };
    },
  },
  expenses_by_category: {
    defaultPeriod: yearToDate,
    async compute({ tx, userId, period }): Promise<FigureAnswer> {
      const rows = rowsOf<{ category: ExpenseCategory; cents: unknown }>(
        await tx.execute(sql`
          select category, sum(amount_cents) as cents from expenses
          where user_id = ${userId} and date between ${period.from} and ${period.to}
          group by category order by cents desc, category`),
      );
      if (rows.length === 0)
        return {
          metric: "expenses_by_category",
          text: `Aucune dépense ${period.label}.`,
          figures: { depensesCents: 0 },
        };
      const total = rows.reduce((sum, row) => sum + num(row.cents), 0);
      const lines = rows.map(
        (row) =>
          `${expenseCategoryLabels[row.category]} : ${money(num(row.cents))} (${Math.round((num(row.cents) / total) * 100)} %)`,
      );
      const figures: FigureAnswer["figures"] = { depensesCents: total };
      for (const row of rows) figures[row.category] = num(row.cents);
      return {
        metric: "expenses_by_category",
        text: `Vos dépenses ${period.label} : ${money(total)}, dont\n${bullets(lines)}\n\n${link("Voir les dépenses", paths.app.expenses.list)}`,
        figures,
      };
    },
  },
  active_projects: {
    defaultPeriod: yearToDate,
    async compute({ tx, userId }): Promise<FigureAnswer> {
      const rows = rowsOf<{ id: string; name: string; client: string | null }>(
        await tx.execute(sql`
          select projects.id, projects.name, clients.name as client from projects
          left join clients on clients.id = projects.client_id and clients.user_id = projects.user_id
          where projects.user_id = ${userId} and projects.status in ('active', 'en-cours')
          order by projects.updated_at desc`),
      );
      if (rows.length === 0)
        return { metric: "active_projects", text: "Aucun projet en cours.", figures: { projets: 0 } };
      const lines = rows
        .slice(0, 10)
        .map(
          (row) =>
            `${link(row.name, paths.app.projects.detail(row.id))}${row.client ? ` — ${escapeMarkdown(row.client)}` : ""}`,
        );
      return {
        metric: "active_projects",
        text: `${plural(rows.length, "projet en cours", "projets en cours")} :\n${bullets(lines)}`,
        figures: { projets: rows.length },
      };
    },
  },
  pending_quotes: {
    defaultPeriod: yearToDate,
    async compute({ tx, userId, today }): Promise<FigureAnswer> {
      const rows = rowsOf<{
        id: string;
        number: string | null;
        client: string;
        cents: unknown;
        valid: string | null;
      }>(
        await tx.execute(sql`
          select id, quote_number as number, client_name as client, total_cents as cents, valid_until::text as valid
          from quotes
          where user_id = ${userId} and status = 'envoyé' and (valid_until is null or valid_until >= ${today})
          order by valid_until nulls last, quote_number`),
      );
      if (rows.length === 0)
        return {
          metric: "pending_quotes",
          text: "Aucun devis en attente de réponse.",
          figures: { devis: 0, devisCents: 0 },
        };
      const total = rows.reduce((sum, row) => sum + num(row.cents), 0);
      const lines = rows
        .slice(0, 10)
        .map(
          (row) =>
            `${link(row.number ?? "Devis", paths.app.quotes.detail(row.id))} — ${escapeMarkdown(row.client)} · ${money(num(row.cents))}${row.valid ? ` · valable jusqu'au ${formatDate(row.valid)}` : ""}`,
        );
      return {
        metric: "pending_quotes",
        text: `${plural(rows.length, "devis en attente", "devis en attente")} de réponse pour ${money(total)} TTC :\n${bullets(lines)}`,
        figures: { devis: rows.length, devisCents: total },
      };
    },
  },
  quote_conversion: {
    defaultPeriod: yearToDate,
    async compute({ tx, userId, period }): Promise<FigureAnswer> {
      const [row] = rowsOf<{ sent: unknown; accepted: unknown }>(
        await tx.execute(sql`
          select count(*) as sent, count(*) filter (where status = 'accepté') as accepted from quotes
          where user_id = ${userId} and status <> 'brouillon' and date between ${period.from} and ${period.to}`),
      );
      const sent = num(row?.sent);
      const accepted = num(row?.accepted);
      if (sent === 0)
        return {
          metric: "quote_conversion",
          text: `Aucun devis envoyé ${period.label}.`,
          figures: { envoyes: 0, acceptes: 0 },
        };
      const rate = Math.round((accepted / sent) * 100);
      return {
        metric: "quote_conversion",
        text: `Taux de conversion de vos devis ${period.label} : ${rate} % (${accepted} accepté${accepted > 1 ? "s" : ""} sur ${sent} envoyé${sent > 1 ? "s" : ""}).\n\n${link("Voir les devis", paths.app.quotes.list)}`,
        figures: { tauxPourcent: rate, envoyes: sent, acceptes: accepted },
      };
    },
  },
  cash_forecast: {
    defaultPeriod: sinceToday,
    async compute({ tx, userId, today, period }): Promise<FigureAnswer> {
      const [row] = rowsOf<Record<string, unknown>>(
        await tx.execute(sql`
          select
            coalesce(sum(${invoiceAmountDueCents}) filter (where due_date between ${period.from} and ${period.to}), 0) as due_cents,
            count(*) filter (where due_date between ${period.from} and ${period.to}) as due_count,
            coalesce(sum(${invoiceAmountDueCents}) filter (where due_date < ${today}), 0) as late_cents
          from invoices where user_id = ${userId} and ${unpaidInvoice}`),
      );
      const dueCents = num(row?.due_cents);
      const lateCents = num(row?.late_cents);
      const late = lateCents > 0 ? ` À cela s'ajoutent ${money(lateCents)} de factures déjà en retard.` : "";
      return {
        metric: "cash_forecast",
        text: `Encaissements attendus ${period.label} : ${money(dueCents)} (${plural(num(row?.due_count), "facture arrive", "factures arrivent")} à échéance).${late}\n\n${link("Voir les factures", paths.app.invoices.list)}`,
        figures: { attenduCents: dueCents, echeances: num(row?.due_count), enRetardCents: lateCents },
      };
    },
  },
  top_debtor: {
    defaultPeriod: yearToDate,
    async compute({ tx, userId, today }): Promise<FigureAnswer> {
      // Grouped by the client's record, or by the name on the invoice for one issued without a record.
      const rows = rowsOf<{ id: string | null; name: string; cents: unknown; count: unknown; late: unknown }>(
        await tx.execute(sql`
          select client_id as id, min(client_name) as name, sum(${invoiceAmountDueCents}) as cents,
            count(*) as count, coalesce(sum(${invoiceAmountDueCents}) filter (where due_date < ${today}), 0) as late
          from invoices where user_id = ${userId} and ${unpaidInvoice}
          group by client_id, case when client_id is null then client_name end
          order by cents desc, name
          limit 3`),
      );
      const first = rows[0];
      if (!first)
        return {
          metric: "top_debtor",
          text: "Personne ne vous doit rien : aucune facture impayée.",
          figures: { duCents: 0 },
        };
      const nameOf = (row: { id: string | null; name: string }) =>
        row.id ? link(row.name, paths.app.clients.detail(row.id)) : escapeMarkdown(row.name);
      const late = num(first.late) > 0 ? `, dont ${money(num(first.late))} en retard` : "";
      const others = rows
        .slice(1)
        .map((row) => `${nameOf(row)} (${money(num(row.cents))})`)
        .join(", ");
      return {
        metric: "top_debtor",
        text: `${nameOf(first)} vous doit le plus : ${money(num(first.cents))} sur ${plural(num(first.count), "facture impayée", "factures impayées")}${late}.${others ? ` Ensuite : ${others}.` : ""}\n\n${link("Voir les factures", paths.app.invoices.list)}`,
        figures: {
          client: first.name,
          duCents: num(first.cents),
          factures: num(first.count),
          enRetardCents: num(first.late),
        },
      };
    },
  },
  due_soon: {
    defaultPeriod: thisWeek,
    async compute({ tx, userId, period }): Promise<FigureAnswer> {
      const rows = rowsOf<{ id: string; number: string | null; client: string; due: string; cents: unknown }>(
        await tx.execute(sql`
          select id, invoice_number as number, client_name as client, due_date::text as due,
            ${invoiceAmountDueCents} as cents
          from invoices
          where user_id = ${userId} and ${unpaidInvoice} and due_date between ${period.from} and ${period.to}
          order by due_date, invoice_number`),
      );
      if (rows.length === 0)
        return {
          metric: "due_soon",
          text: `Aucune facture impayée n'arrive à échéance ${period.label}.`,
          figures: { echeances: 0, attenduCents: 0 },
        };
      const total = rows.reduce((sum, row) => sum + num(row.cents), 0);
      const lines = rows
        .slice(0, 10)
        .map(
          (row) =>
            `${link(row.number ?? "Facture", paths.app.invoices.detail(row.id))} — ${escapeMarkdown(row.client)} · ${money(num(row.cents))} · échéance ${formatDate(row.due)}`,
        );
      const more =
        rows.length > 10 ? `\n\n${link(`Voir les ${rows.length} factures`, paths.app.invoices.list)}` : "";
      return {
        metric: "due_soon",
        text: `${plural(rows.length, "facture arrive", "factures arrivent")} à échéance ${period.label}, pour ${money(total)} :\n${bullets(lines)}${more}`,
        figures: { echeances: rows.length, attenduCents: total },
      };
    },
  },
  best_month: {
    defaultPeriod: yearToDate,
    async compute({ tx, userId, period }): Promise<FigureAnswer> {
      const rows = rowsOf<{ month: string; cents: unknown }>(
        await tx.execute(sql`
          select to_char(paid_on, 'YYYY-MM') as month, sum(amount_cents) as cents from payments
          where user_id = ${userId} and paid_on between ${period.from} and ${period.to}
          group by month order by cents desc, month
          limit 1`),
      );
      const best = rows[0];
      if (!best)
        return {
          metric: "best_month",
          text: `Aucun encaissement ${period.label} : pas encore de meilleur mois.`,
          figures: {},
        };
      return {
        metric: "best_month",
        text: `Votre meilleur mois ${period.label} est ${monthLabel(best.month)}, avec ${money(num(best.cents))} encaissés.\n\n${link("Voir les factures", paths.app.invoices.list)}`,
        figures: { mois: best.month, encaisseCents: num(best.cents) },
      };
    },
  },
  dormant_clients: {
    defaultPeriod: lastSixMonths,
    async compute({ tx, userId, period }): Promise<FigureAnswer> {
      // Clients known before the period, prospects aside, with no invoice issued since its start.
      const rows = rowsOf<{ id: string; name: string; last: string | null }>(
        await tx.execute(sql`
          select clients.id, clients.name, max(invoices.date)::text as last
          from clients
          left join invoices on invoices.client_id = clients.id and invoices.user_id = clients.user_id
            and invoices.kind = 'facture' and invoices.status not in ('brouillon', 'annulée')
          where clients.user_id = ${userId} and clients.status <> 'prospect'
            and clients.created_at < ${period.from}::date
          group by clients.id, clients.name
          having max(invoices.date) is null or max(invoices.date) < ${period.from}
          order by max(invoices.date) nulls first, clients.name`),
      );
      if (rows.length === 0)
        return {
          metric: "dormant_clients",
          text: `Tous vos clients ont été facturés ${period.label}.`,
          figures: { clients: 0 },
        };
      const lines = rows
        .slice(0, 10)
        .map(
          (row) =>
            `${link(row.name, paths.app.clients.detail(row.id))} — ${row.last ? `dernière facture le ${formatDate(row.last)}` : "jamais facturé"}`,
        );
      const more =
        rows.length > 10 ? `\n\n${link(`Voir les ${rows.length} clients`, paths.app.clients.list)}` : "";
      return {
        metric: "dormant_clients",
        text: `${plural(rows.length, "client", "clients")} sans facture ${period.label} :\n${bullets(lines)}${more}`,
        figures: { clients: rows.length },
      };
    },
  },
};

/** Answers one question about the user's figures, inside their tenant. */
export async function answerFigures(
  db: Db,
  { userId, query, now = new Date() }: { userId: string; query: FigureQuery; now?: Date },
): Promise<FigureAnswer> {
  const today = parisToday(now);
  const metric = metrics[query.metric];
  const period = query.period ?? metric.defaultPeriod(today);
  return withTenant(db, userId, (tx) => metric.compute({ tx, userId, today, query, period }));
}
