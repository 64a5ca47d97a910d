import { relations } from "drizzle-orm";
import { account, session, user } from "./auth";
import { clients } from "./clients";
import { contracts } from "./contracts";
import { expenses } from "./expenses";
import { files } from "./files";
import { invoiceItems, invoiceReminders, invoices, payments } from "./invoices";
import { businessIdentities, profiles } from "./profiles";
import { projects, tasks } from "./projects";
import { quoteItems, quotes } from "./quotes";
import { rolePermissions, roles, userRoles } from "./security";

// Relations for drizzle's relational queries (`db.query.invoices.findMany({ with: { items: true } })`).
// They add no constraint: the foreign keys are in the table definitions.

export const userRelations = relations(user, ({ one, many }) => ({
  profile: one(profiles, { fields: [user.id], references: [profiles.id] }),
  businessIdentity: one(businessIdentities, { fields: [user.id], references: [businessIdentities.userId] }),
  sessions: many(session),
  accounts: many(account),
  userRoles: many(userRoles),
}));

export const sessionRelations = relations(session, ({ one }) => ({
  user: one(user, { fields: [session.userId], references: [user.id] }),
}));

export const accountRelations = relations(account, ({ one }) => ({
  user: one(user, { fields: [account.userId], references: [user.id] }),
}));

export const businessIdentitiesRelations = relations(businessIdentities, ({ one }) => ({
  logo: one(files, { fields: [businessIdentities.logoFileId], references: [files.id] }),
}));

export const clientsRelations = relations(clients, ({ many }) => ({
  projects: many(projects),
  quotes: many(quotes),
  invoices: many(invoices),
  contracts: many(contracts),
}));

export const projectsRelations = relations(projects, ({ one, many }) => ({
  client: one(clients, { fields: [projects.clientId], references: [clients.id] }),
  tasks: many(tasks),
  quotes: many(quotes),
  invoices: many(invoices),
  contracts: many(contracts),
  expenses: many(expenses),
}));

export const tasksRelations = relations(tasks, ({ one }) => ({
  project: one(projects, { fields: [tasks.projectId], references: [projects.id] }),
}));

export const quotesRelations = relations(quotes, ({ one, many }) => ({
  client: one(clients, { fields: [quotes.clientId], references: [clients.id] }),
  project: one(projects, { fields: [quotes.projectId], references: [projects.id] }),
  pdfFile: one(files, { fields: [quotes.pdfFileId], references: [files.id] }),
  items: many(quoteItems),
  invoices: many(invoices),
}));

export const quoteItemsRelations = relations(quoteItems, ({ one }) => ({
  quote: one(quotes, { fields: [quoteItems.quoteId], references: [quotes.id] }),
}));

export const invoicesRelations = relations(invoices, ({ one, many }) => ({
  client: one(clients, { fields: [invoices.clientId], references: [clients.id] }),
  project: one(projects, { fields: [invoices.projectId], references: [projects.id] }),
  quote: one(quotes, { fields: [invoices.quoteId], references: [quotes.id] }),
  creditedInvoice: one(invoices, {
    fields: [invoices.creditedInvoiceId],
    references: [invoices.id],
    relationName: "credit_notes",
  }),
  creditNotes: many(invoices, { relationName: "credit_notes" }),
  pdfFile: one(files, { fields: [invoices.pdfFileId], references: [files.id] }),
  items: many(invoiceItems),
  payments: many(payments),
  reminders: many(invoiceReminders),
}));

export const invoiceItemsRelations = relations(invoiceItems, ({ one }) => ({
  invoice: one(invoices, { fields: [invoiceItems.invoiceId], references: [invoices.id] }),
}));

export const paymentsRelations = relations(payments, ({ one }) => ({
  invoice: one(invoices, { fields: [payments.invoiceId], references: [invoices.id] }),
}));

export const invoiceRemindersRelations = relations(invoiceReminders, ({ one }) => ({
  invoice: one(invoices, { fields: [invoiceReminders.invoiceId], references: [invoices.id] }),
}));

export const contractsRelations = relations(contracts, ({ one }) => ({
  client: one(clients, { fields: [contracts.clientId], references: [clients.id] }),
  project: one(projects, { fields: [contracts.projectId], references: [projects.id] }),
  pdfFile: one(files, { fields: [contracts.pdfFileId], references: [files.id] }),
}));

export const expensesRelations = relations(expenses, ({ one }) => ({
  project: one(projects, { fields: [expenses.projectId], references: [projects.id] }),
  receipt: one(files, { fields: [expenses.receiptFileId], references: [files.id] }),
}));

export const rolesRelations = relations(roles, ({ many }) => ({
  permissions: many(rolePermissions),
  userRoles: many(userRoles),
}));

export const rolePermissionsRelations = relations(rolePermissions, ({ one }) => ({
  role: one(roles, { fields: [rolePermissions.roleId], references: [roles.id] }),
}));

export const userRolesRelations = relations(userRoles, ({ one }) => ({
  user: one(user, { fields: [userRoles.userId], references: [user.id] }),
  role: one(roles, { fields: [userRoles.roleId], references: [roles.id] }),
}));
