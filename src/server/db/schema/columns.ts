import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  check,
  customType,
  date,
  index,
  integer,
  numeric,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

/** `timestamp with time zone`, read and written as `Date`. */
export const tstz = (name: string) => timestamp(name, { withTimezone: true });

/** Calendar day without time (issue date, due date…), read and written as `YYYY-MM-DD`. */
export const day = (name: string) => date(name, { mode: "string" });

/** Money in integer cents (a single document fits in int4: 21 474 836,47 €). */
export const cents = (name: string) => integer(name);

/** Item quantity: 3 decimals cover hours (0,25 h) and metric units. */
export const quantity = (name: string) => numeric(name, { precision: 12, scale: 3, mode: "number" });

export const createdAt = () => tstz("created_at").notNull().defaultNow();
export const updatedAt = () =>
  tstz("updated_at")
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });

/**
 * Today in France, whatever the server's time zone: invoices are dated in the seller's calendar, and a
 * UTC server would otherwise date an invoice made at 00:30 in Paris the day before.
 */
export const parisToday: SQL = sql`((now() at time zone 'Europe/Paris')::date)`;

/** `bytea`; node-postgres returns a Buffer and PGlite a Uint8Array, both are Uint8Array. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => value,
  fromDriver: (value) => value,
});

const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** CHECK (column IN (...)) for text status-like columns; the values are compile-time constants. */
export const checkIn = (name: string, column: AnyPgColumn, values: readonly string[]) =>
  check(name, sql`${sql.identifier(column.name)} in (${sql.raw(values.map(literal).join(", "))})`);

/**
 * VAT rates are basis points (2000 = 20 %). The database only bounds them: the rates offered (20, 10, 5,5,
 * 2,1, 0) are a domain rule, and overseas rates (8,5 %, 1,75 %…) must stay storable.
 */
export const vatRateCheck = (name: string, column: AnyPgColumn) =>
  check(name, sql`${sql.identifier(column.name)} between 0 and 10000`);

/**
 * Index on an optional foreign key, skipping NULLs: it serves "children of X" lists and keeps
 * `ON DELETE SET NULL` from scanning the whole table when the parent is deleted.
 */
export const optionalFkIndex = (name: string, column: AnyPgColumn) =>
  index(name)
    .on(column)
    .where(sql`${sql.identifier(column.name)} is not null`);

export const discountKinds = ["percent", "amount"] as const;

/**
 * A discount (issue 13 §1) on a line or on a whole document: a percentage in basis points (1000 = 10 %)
 * or an amount in cents, taken off the amount excluding VAT. No kind, no discount.
 */
export const discountColumns = () => ({
  discountKind: text("discount_kind", { enum: discountKinds }),
  discountValue: integer("discount_value").notNull().default(0),
});

/** A percentage never goes past 100 %; an amount is bounded by the domain, which knows the base. */
export const discountCheck = (name: string) =>
  check(
    name,
    sql`discount_kind is null or (discount_kind = 'percent' and discount_value between 0 and 10000) or discount_kind = 'amount'`,
  );

/** Columns shared by quote and invoice lines. Amounts exclude VAT; VAT is totalled per rate by the domain. */
export const lineItemColumns = () => ({
  position: integer("position").notNull().default(0),
  description: text("description").notNull(),
  quantity: quantity("quantity").notNull().default(1),
  /** Free unit label as printed: "heure", "jour", "forfait"… */
  unit: text("unit"),
  unitPriceCents: cents("unit_price_cents").notNull(),
  vatRateBp: integer("vat_rate_bp").notNull().default(0),
  ...discountColumns(),
  /** Line total excluding VAT, rounded once by the domain (quantity × unit price, less the discount). */
  totalCents: cents("total_cents").notNull().default(0),
  ...timestamps(),
});
