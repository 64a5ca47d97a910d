import { dehydrate, QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { fillRenderedPage, QUERY_STATE_ID, RENDERED_ROOT } from "./rendered-page";

const template = `<html><body>${RENDERED_ROOT}</body></html>`;
/** The answers of a page whose list holds one client, as the server's renderer gives them. */
function state(clientName: string) {
  const client = new QueryClient();
  client.setQueryData(["invoices"], { items: [{ clientName }] });
  const dehydrated = dehydrate(client);
  client.clear();
  return dehydrated;
}

describe("fillRenderedPage", () => {
  it("puts the markup in the root and the answers in a JSON script main.tsx reads back", () => {
    const answers = state("Dupont $& Fils");
    const html = fillRenderedPage(template, "<main>Factures</main>", answers);
    expect(html).toContain('<div id="root" data-prerendered inert><main>Factures</main></div>');
    const json = html.match(
      new RegExp(`<script type="application/json" id="${QUERY_STATE_ID}">(.*)</script>`),
    )?.[1];
    expect(JSON.parse(json ?? "null")).toEqual(answers);
  });

  it("keeps a user's text from closing the script: every < is escaped", () => {
    const name = "</script><script>alert(1)</script><!--";
    const html = fillRenderedPage(template, "", state(name));
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).not.toContain("<!--");
    const json = html.slice(
      html.indexOf(">", html.indexOf(QUERY_STATE_ID)) + 1,
      html.lastIndexOf("</script>"),
    );
    expect(JSON.parse(json).queries[0].state.data.items[0].clientName).toBe(name);
  });
});
