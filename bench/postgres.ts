import { benchUser, withBenchServer, withServer } from "./bench-server";
import { measureDashboard, measureDashboardLoad } from "./dashboard";
import { INVOICE_LIST_PATH, measureInvoiceList } from "./invoice-list";
import { loadHttp } from "./load";

// The list and dashboard budgets are for PostgreSQL: a throwaway cluster, as the tests use, holding one
// bench account that both measurements read.

/**
 * Signs the bench user up through a production server, seeds the account, then loads the list through the
 * server (its answers served from memory while the data is unchanged, as users get them), directly on a pool
 * of the server's size, and through a second server started with READ_CACHE_MB=0, which reads the database
 * for every request: what a request costs right after a change.
 */
export function measureOnPostgres(authSecret: string) {
  return withBenchServer(authSecret, async (server) => {
    const { target, dataset } = await benchUser(server);
    const list = await measureInvoiceList(target);
    const uncached = await withServer(server.databaseUrl, authSecret, { READ_CACHE_MB: "0" }, (baseUrl) =>
      loadHttp(`${baseUrl}${INVOICE_LIST_PATH}`, { cookie: target.cookie, origin: baseUrl }),
    );
    const dashboardLoad = await measureDashboardLoad(target);
    // Measured once the load has ended: the dashboard's time is its own, not shared with the list's load.
    const dashboard = await measureDashboard(server.databaseUrl, target.userId);
    return { dataset, list: { ...list, uncached }, dashboard, dashboardLoad };
  });
}
