/**
 * Every URL of the product. Links, redirects, shortcuts, AI replies and the client router all read
 * from here, so a path changes in one place. A path with a parameter is a function that builds the URL
 * and carries its router pattern in `.pattern`.
 */

type ParamPath = ((id: string) => string) & { readonly pattern: string };

function withId(prefix: string, suffix = ""): ParamPath {
  const build = (id: string) => `${prefix}/${encodeURIComponent(id)}${suffix}`;
  return Object.assign(build, { pattern: `${prefix}/:id${suffix}` });
}

function crud(base: string) {
  return { list: base, new: `${base}/new`, detail: withId(base) } as const;
}

const app = "/app";

export const paths = {
  home: "/",
  pricing: "/pricing",
  about: "/about",
  faq: "/faq",
  auth: {
    signIn: "/auth",
    // Old links and bookmarks; the router replaces it with signIn.
    login: "/login",
    register: "/register",
    /** From the offer: the checkout opens as soon as the new account is confirmed (spec §4 step 5). */
    registerAndPay: "/register?offre=1",
    callback: "/auth/callback",
    resetPassword: "/reset-password",
  },
  /** A quote or invoice shown to the client through its secret link (issue 14 §1). */
  publicDocument: withId("/d"),
  payment: {
    success: "/payment-success",
    canceled: "/payment-canceled",
  },
  dev: {
    stripe: "/dev/stripe",
    mailbox: "/dev/mailbox",
  },
  app: {
    root: app,
    dashboard: app,
    // Named by AI navigation (spec document 2); the router sends it to the dashboard.
    dashboardAlias: `${app}/dashboard`,
    projects: crud(`${app}/projects`),
    clients: crud(`${app}/clients`),
    crm: `${app}/crm`,
    invoices: {
      ...crud(`${app}/invoices`),
      send: (id: string) => `${app}/invoices/${encodeURIComponent(id)}?action=send`,
      /** The new-invoice form with this client already picked (a client's page, issue 31 item 20). */
      newFor: (clientId: string) => `${app}/invoices/new?client=${encodeURIComponent(clientId)}`,
    },
    quotes: {
      ...crud(`${app}/quotes`),
      edit: withId(`${app}/quotes/edit`),
    },
    expenses: {
      list: `${app}/expenses`,
      /** « Factures reçues »: supplier e-invoices received through the plateforme agréée. */
      received: `${app}/expenses/recues`,
      detail: withId(`${app}/expenses`),
    },
    contracts: {
      list: `${app}/contracts`,
      new: `${app}/contracts/new`,
      detail: withId(`${app}/contracts`),
      edit: withId(`${app}/contracts`, "/edit"),
      // The contracts area owns its nested routes.
      area: `${app}/contracts/*`,
    },
    integrations: `${app}/integrations`,
    urssaf: `${app}/urssaf`,
    books: `${app}/livres`,
    automations: `${app}/automations`,
    agent: {
      home: `${app}/agent-ia`,
      advanced: `${app}/agent-ia/advanced`,
      legacy: `${app}/ai-assistant`,
    },
    profile: `${app}/profile`,
    settings: `${app}/settings`,
  },
} as const;

/** Whether a pathname is the signed-in app's (/app or below), not merely one starting with the same letters. */
export function isAppPath(pathname: string): boolean {
  return pathname === paths.app.root || pathname.startsWith(`${paths.app.root}/`);
}
