import { FullScreenSpinner } from "@client/components/full-screen-spinner";
import { FullPageRouteError, RouteError } from "@client/components/route-error";
import { paths } from "@shared/paths";
import { type LoaderFunctionArgs, type RouteObject, replace } from "react-router";
import { RootLayout } from "./layouts/root-layout";

/** What a route module may export; react-router reads these names from the loaded module. */
type RouteModuleExports = Pick<
  RouteObject,
  "Component" | "loader" | "action" | "handle" | "shouldRevalidate"
>;
type RouteModule = () => Promise<RouteModuleExports>;

// Never rendered (its route's loader redirects or throws first); present so the router does not warn
// about an empty leaf route.
function NeverRendered() {
  return null;
}

/**
 * A chunk that fails to download (offline, or a new deployment removed it) must reach the error screen.
 * React Router renders nothing below a route whose `lazy` rejected, so the failure becomes the route's
 * loader error instead, which its ErrorBoundary shows.
 */
function lazyModule(load: RouteModule): RouteModule {
  return () =>
    load().catch((error: unknown) => {
      console.error(error);
      return {
        loader: () => {
          throw error;
        },
        Component: NeverRendered,
      };
    });
}

/** A lazily loaded screen with the spec's error screen, so a failing page keeps its layout around it. */
function page(path: string, load: RouteModule): RouteObject {
  return { path, lazy: lazyModule(load), ErrorBoundary: RouteError };
}

function layout(load: RouteModule, children: RouteObject[], path?: string): RouteObject {
  return { path, lazy: lazyModule(load), ErrorBoundary: FullPageRouteError, children };
}

/** A moved address: replaces the history entry and keeps the query string (e.g. a redirect target). */
function redirectTo(path: string, to: string): RouteObject {
  return {
    path,
    loader: ({ request }: LoaderFunctionArgs) => replace(`${to}${new URL(request.url).search}`),
    Component: NeverRendered,
    ErrorBoundary: RouteError,
  };
}

const app = paths.app;

/** The route table: the browser router (main.tsx) and the build's prerendering (prerender.tsx) share it. */
export const routes: RouteObject[] = [
  {
    id: "root",
    Component: RootLayout,
    HydrateFallback: FullScreenSpinner,
    ErrorBoundary: FullPageRouteError,
    children: [
      layout(
        () => import("./layouts/public-layout"),
        [
          page(paths.home, () => import("./routes/public/home")),
          page(paths.pricing, () => import("./routes/public/pricing")),
          page(paths.about, () => import("./routes/public/about")),
          page(paths.faq, () => import("./routes/public/faq")),
          page("*", () => import("./routes/public/not-found")),
        ],
      ),
      layout(
        () => import("./layouts/minimal-layout"),
        [
          page(paths.auth.signIn, () => import("./routes/auth/sign-in")),
          page(paths.auth.register, () => import("./routes/auth/register")),
          page(paths.auth.callback, () => import("./routes/auth/callback")),
          page(paths.auth.resetPassword, () => import("./routes/auth/reset-password")),
          page(paths.payment.success, () => import("./routes/payment/success")),
          page(paths.payment.canceled, () => import("./routes/payment/canceled")),
          page(paths.dev.stripe, () => import("./routes/dev/stripe")),
          page(paths.dev.mailbox, () => import("./routes/dev/mailbox")),
        ],
      ),
      // A client's document through its secret link: no layout of ours around the freelancer's page.
      page(paths.publicDocument.pattern, () => import("./routes/public/client-document")),
      redirectTo(paths.auth.login, paths.auth.signIn),
      layout(
        () => import("./layouts/app-layout"),
        [
          {
            index: true,
            lazy: lazyModule(() => import("./routes/app/dashboard")),
            ErrorBoundary: RouteError,
          },
          redirectTo(app.dashboardAlias, app.dashboard),
          page(app.projects.list, () => import("./routes/app/projects/list")),
          page(app.projects.new, () => import("./routes/app/projects/new")),
          page(app.projects.detail.pattern, () => import("./routes/app/projects/detail")),
          page(app.clients.list, () => import("./routes/app/clients/list")),
          page(app.clients.new, () => import("./routes/app/clients/new")),
          page(app.clients.detail.pattern, () => import("./routes/app/clients/detail")),
          page(app.crm, () => import("./routes/app/crm")),
          page(app.invoices.list, () => import("./routes/app/invoices/list")),
          page(app.invoices.new, () => import("./routes/app/invoices/new")),
          page(app.invoices.detail.pattern, () => import("./routes/app/invoices/detail")),
          page(app.quotes.list, () => import("./routes/app/quotes/list")),
          page(app.quotes.new, () => import("./routes/app/quotes/new")),
          page(app.quotes.detail.pattern, () => import("./routes/app/quotes/detail")),
          page(app.quotes.edit.pattern, () => import("./routes/app/quotes/edit")),
          page(app.expenses.list, () => import("./routes/app/expenses/list")),
          page(app.expenses.received, () => import("./routes/app/expenses/received")),
          page(app.expenses.detail.pattern, () => import("./routes/app/expenses/detail")),
          page(app.contracts.area, () => import("./routes/app/contracts")),
          page(app.integrations, () => import("./routes/app/integrations")),
          page(app.automations, () => import("./routes/app/automations")),
          page(app.urssaf, () => import("./routes/app/urssaf")),
          page(app.books, () => import("./routes/app/books")),
          page(app.agent.home, () => import("./routes/app/agent-ia/assistant")),
          page(app.agent.advanced, () => import("./routes/app/agent-ia/advanced")),
          redirectTo(app.agent.legacy, app.agent.home),
          page(app.profile, () => import("./routes/app/profile")),
          page(app.settings, () => import("./routes/app/settings")),
          page(`${app.root}/*`, () => import("./routes/app/not-found")),
        ],
        app.root,
      ),
    ],
  },
];
