import { VOICE_SOCKET_PATH } from "@shared/voice";
import { getSessionCookie } from "better-auth/cookies";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { except } from "hono/combine";
import { compress } from "hono/compress";
import { requestId } from "hono/request-id";
import { AUTH_COOKIE_PREFIX } from "./auth/auth";
import { authRoutes } from "./auth/auth.routes";
import { type AuthVariables, requirePaid, requireUser } from "./auth/session";
import { handleError, notFoundError, payloadTooLarge } from "./http/errors";
import { countInFlight } from "./http/foreground";
import { loopbackOnly } from "./http/loopback-only";
import { requestLogger } from "./http/request-logger";
import { sameOriginOnly, trustedOrigins } from "./http/same-origin";
import { securityHeaders } from "./http/security-headers";
import { spaRoutes } from "./http/spa";
import { adminRpcRoutes } from "./modules/admin/admin.routes";
import { aiProxyRoutes } from "./modules/ai-proxy/ai-proxy.routes";
import { analysisRoutes } from "./modules/analysis/analysis.routes";
import { assistantRoutes, autonomousExecuteFunction } from "./modules/assistant/assistant.routes";
import { automationRoutes } from "./modules/automations/automations.routes";
import { bookRoutes } from "./modules/books/books.routes";
import { calendarRoutes, integrationRoutes } from "./modules/calendar/calendar.routes";
import { clientLinkRoutes, noIndex, publicLinkRoutes } from "./modules/client-links/client-links.routes";
import {
  clientPaymentRoutes,
  clientWebhookRoutes,
  publicCheckoutRoutes,
} from "./modules/client-payments/client-payments.routes";
import { clientRoutes } from "./modules/clients/clients.routes";
import { configRoutes } from "./modules/config/config.routes";
import { contractRoutes } from "./modules/contracts/contracts.routes";
import { dashboardRoutes } from "./modules/dashboard/dashboard.routes";
import { devMailboxRoutes } from "./modules/dev-mailbox/dev-mailbox.routes";
import { einvoicingRoutes, einvoicingWebhookRoutes } from "./modules/einvoicing/einvoicing.routes";
import {
  EXPENSE_IMPORT_UPLOAD_PATHS,
  EXPENSE_RECEIPT_UPLOAD_PATH,
  expenseRoutes,
} from "./modules/expenses/expenses.routes";
import { healthRoutes } from "./modules/health/health.routes";
import { generateInvoicePdfFunction } from "./modules/invoices/invoice-pdf.function";
import { invoiceRoutes } from "./modules/invoices/invoices.routes";
import { mailchimpRoutes } from "./modules/mailchimp/mailchimp.routes";
import { notificationRoutes } from "./modules/notifications/notifications.routes";
import { profileRoutes } from "./modules/profile/profile.routes";
import { projectRoutes } from "./modules/projects/projects.routes";
import { apiIntegrationRoutes } from "./modules/public-api/integrations-api.routes";
import { publicApiRoutes } from "./modules/public-api/v1.routes";
import { quoteRoutes } from "./modules/quotes/quotes.routes";
import { searchRoutes } from "./modules/search/search.routes";
import { LOGO_UPLOAD_PATH, settingsRoutes } from "./modules/settings/settings.routes";
import { urssafRoutes } from "./modules/urssaf/urssaf.routes";
import { paymentFunctionRoutes, paymentRoutes } from "./payments/payments.routes";
import type { Services } from "./services";
import { voiceRoutes } from "./voice/voice.routes";

/** JSON bodies are small; file uploads (10 MB, spec §5) get their own limit on their own routes. */
export const MAX_BODY_BYTES = 1024 * 1024;
const UPLOAD_PATHS = new Set([LOGO_UPLOAD_PATH, EXPENSE_RECEIPT_UPLOAD_PATH, ...EXPENSE_IMPORT_UPLOAD_PATHS]);

export type AppOptions = {
  /** The built SPA (dist/client); absent in API tests and in `npm run dev`, where Vite serves it. */
  clientDir?: string;
};

/**
 * The business API, by mount path under /api: every route of these modules answers 401 to an anonymous
 * caller and 402 to an unpaid one. A new business module is added here, nowhere else.
 */
export const businessModules = {
  "/notifications": (services: Services) => notificationRoutes(services.database.db),
  "/automations": (services: Services) =>
    automationRoutes({ db: services.database.db, targets: services.targets }),
  "/clients": (services: Services) =>
    clientRoutes({ db: services.database.db, cachedJson: services.cachedJson }),
  "/client-links": (services: Services) =>
    clientLinkRoutes({ db: services.database.db, appUrl: services.env.appUrl }),
  "/client-payments": (services: Services) =>
    clientPaymentRoutes({ ...services, db: services.database.db, appUrl: services.env.appUrl }),
  "/settings": (services: Services) => settingsRoutes(services.database.db, services.env),
  "/integrations": (services: Services) =>
    integrationRoutes({ db: services.database.db, appUrl: services.env.appUrl })
      .route("/", apiIntegrationRoutes(services.database.db))
      .route(
        "/mailchimp",
        mailchimpRoutes({
          db: services.database.db,
          secrets: services.secrets,
          apiUrl: services.env.MAILCHIMP_API_URL,
        }),
      ),
  "/dashboard": (services: Services) =>
    dashboardRoutes({ db: services.database.db, cachedJson: services.cachedJson }),
  "/analysis": (services: Services) => analysisRoutes(services.readAnalysis),
  "/expenses": (services: Services) => expenseRoutes(services.database.db),
  "/einvoicing": (services: Services) =>
    einvoicingRoutes({ db: services.database.db, platform: services.einvoicing, logger: services.logger }),
  "/urssaf": (services: Services) => urssafRoutes(services.database.db),
  "/books": (services: Services) => bookRoutes(services.database.db),
  "/quotes": (services: Services) =>
    quoteRoutes({ db: services.database.db, mailer: services.mailer, cachedJson: services.cachedJson }),
  "/projects": (services: Services) => projectRoutes(services.database.db),
  "/contracts": (services: Services) => contractRoutes(services.database.db),
  "/search": (services: Services) =>
    searchRoutes({ db: services.database.db, cachedJson: services.cachedJson }),
  "/invoices": (services: Services) =>
    invoiceRoutes({ db: services.database.db, mailer: services.mailer, cachedJson: services.cachedJson }),
  "/assistant": (services: Services) =>
    assistantRoutes({
      db: services.database.db,
      env: services.env,
      logger: services.logger,
      analyze: services.readAnalysis,
    }),
} as const;

/** Wraps routes behind the session (401) and the registration (402), with one middleware pair per app. */
function guardFor(services: Services) {
  const user = requireUser(services.auth, services.database.db);
  const paid = requirePaid(services.database.db, services.logger);
  return (routes: Hono<{ Variables: AuthVariables }>) =>
    new Hono<{ Variables: AuthVariables }>().use(user).use(paid).route("/", routes);
}

export function createApp(services: Services, { clientDir }: AppOptions = {}) {
  const { database, env, logger } = services;
  const db = database.db;
  const deps = { ...services, db, appUrl: env.appUrl };
  const app = new Hono();

  // First: a background turn (a CSV export's) waits for the requests being handled (foreground.ts).
  app.use(countInFlight());
  app.use(requestId());
  app.use(requestLogger(logger));
  app.use(securityHeaders({ isProduction: env.NODE_ENV === "production" }));
  // compress() says `Vary: Accept-Encoding` after the handler with c.header(), which rebuilds a finished
  // response as a web Response and streams its body (undici and web streams on every request, even
  // uncompressed); said before the handler, the response stays a plain string written in one go.
  app.use(async (c, next) => {
    c.header("Vary", "Accept-Encoding");
    await next();
  });
  app.use(compress());
  // Uploads (10 MB, spec §5) carry their own limit on their route; everything else is small JSON. A GET or
  // HEAD has no body: the check is skipped, as reading `req.raw.body` would build a web Request and stream
  // for every page and list request.
  const isUpload = (c: Context) => c.req.method === "POST" && UPLOAD_PATHS.has(c.req.path);
  const hasNoBody = (c: Context) => c.req.method === "GET" || c.req.method === "HEAD";
  app.use(
    except(
      (c) => hasNoBody(c) || isUpload(c),
      bodyLimit({
        maxSize: MAX_BODY_BYTES,
        onError: () => {
          throw payloadTooLarge(MAX_BODY_BYTES);
        },
      }),
    ),
  );

  // Cookie-authenticated state changes come from our own pages only (CSRF). Exempt: better-auth checks
  // Origin itself against the same list (and answers in its own shape), the Stripe webhook is signed, and
  // the public API under /api/v1 takes bearer tokens, never the cookie.
  const sameOrigin = sameOriginOnly({
    origins: trustedOrigins(env),
    uploadPaths: UPLOAD_PATHS,
    isExempt: (path) =>
      path.startsWith("/api/auth/") ||
      path === "/api/payments/webhook" ||
      path.startsWith("/api/public/stripe/webhook/") ||
      path.startsWith("/api/public/pa/webhook/") ||
      path.startsWith("/api/v1/"),
  });
  app.use("/api/*", sameOrigin);
  app.use("/functions/v1/*", sameOrigin);
  // The local mailbox and test checkout, pages and API, answer only to this machine.
  const devTools = loopbackOnly();
  app.use("/api/dev/*", devTools);
  app.use("/dev/*", devTools);

  app.route("/api/health", healthRoutes(database));
  app.route("/api/config", configRoutes(services));
  app.route("/api/auth", authRoutes(deps));
  app.route("/api/rpc", adminRpcRoutes(deps));
  app.route("/api/dev/mailbox", devMailboxRoutes({ db, env }));
  app.route("/api", paymentRoutes(deps));
  app.route("/api", profileRoutes(deps));
  app.route("/api/calendar", calendarRoutes(deps));
  // A client's quote or invoice through its secret link: no session, no paid-user wall (issue 14 §1).
  app.route("/api/public/links", publicLinkRoutes({ ...deps, trustProxy: env.TRUST_PROXY }));
  app.route("/api/public/links", publicCheckoutRoutes(deps));
  // Each freelancer's own Stripe account posts here (decision 016); signed, like the registration's.
  app.route("/api/public/stripe/webhook", clientWebhookRoutes(deps));
  app.route(
    "/api/public/pa/webhook",
    einvoicingWebhookRoutes({
      db,
      platform: services.einvoicing,
      secret: env.PA_WEBHOOK_SECRET,
      logger: services.logger,
    }),
  );
  app.use("/d/*", noIndex);
  // The public API: its own bearer-token guard (401/402/403), never the session cookie.
  app.route(
    "/api/v1",
    publicApiRoutes({
      db,
      mailer: services.mailer,
      logger,
      targets: services.targets,
      appUrl: env.appUrl,
    }),
  );
  const guarded = guardFor(services);
  for (const [path, routes] of Object.entries(businessModules))
    app.route(`/api${path}`, guarded(routes(services)));
  app.route("/functions/v1", paymentFunctionRoutes(deps));
  app.route("/functions/v1/generate-invoice-pdf", guarded(generateInvoicePdfFunction(deps)));
  app.route("/functions/v1/autonomous-ai-execute", guarded(autonomousExecuteFunction(db)));
  app.route("/functions/v1", aiProxyRoutes(deps));
  // A WebSocket: its own guard (session, payment, Origin) runs before the upgrade.
  app.route(VOICE_SOCKET_PATH, voiceRoutes(services));
  app.all("/api/*", (c) => {
    throw notFoundError(c);
  });
  app.all("/functions/*", (c) => {
    throw notFoundError(c);
  });

  if (clientDir)
    app.route(
      "/",
      spaRoutes(clientDir, {
        fetchApi: (request, bindings) => app.fetch(request, bindings),
        hasSessionCookie: (headers) =>
          getSessionCookie(headers, { cookiePrefix: AUTH_COOKIE_PREFIX }) !== null,
        onRenderError: (error, path) => logger.error({ err: error, path }, "page render failed"),
      }),
    );

  app.notFound((c) => c.json(notFoundError(c).toBody(), 404));
  app.onError(handleError(logger));
  return app;
}

export type App = ReturnType<typeof createApp>;
