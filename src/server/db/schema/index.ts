// The whole database schema: drizzle-kit reads this file (drizzle.config.ts) and `drizzle(…, { schema })`
// takes it for relational queries.
export * from "./ai";
export * from "./api";
export * from "./auth";
export * from "./automation-runs";
export * from "./automations";
export * from "./billing";
export * from "./client-links";
export * from "./clients";
export * from "./contracts";
export * from "./dashboard-totals";
export * from "./data-changes";
export * from "./einvoicing";
export * from "./expenses";
export * from "./files";
export * from "./invoices";
export * from "./mailchimp";
export * from "./micro";
export * from "./numbering";
export * from "./outbox";
export * from "./profiles";
export * from "./projects";
export * from "./quotes";
export * from "./relations";
export * from "./row-counts";
export * from "./security";
export * from "./tenancy";
