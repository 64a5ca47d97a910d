import type { UseQueryResult } from "@tanstack/react-query";
import { isValidElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { QueryStatus } from "./query-status";

type Query = UseQueryResult<{ name: string }, Error>;
const labels = {
  loadingLabel: "Chargement de Stripe…",
  errorTitle: "Impossible de lire la connexion Stripe.",
};
const element = (query: Partial<Query>) => (
  <QueryStatus query={query as Query} {...labels}>
    {(data) => <p>Compte {data.name}</p>}
  </QueryStatus>
);
const render = (query: Partial<Query>) => renderToStaticMarkup(element(query));

/** The rendered tree's elements, depth first, to reach a button's handler without a DOM. */
function elementsOf(node: unknown): ReactElement<{ children?: unknown; onClick?: () => void }>[] {
  if (Array.isArray(node)) return node.flatMap(elementsOf);
  if (!isValidElement<{ children?: unknown }>(node)) return [];
  return [node, ...elementsOf(node.props.children)];
}

describe("QueryStatus", () => {
  it("says it is loading, to screen readers too, and shows nothing of the content yet", () => {
    const html = render({ isPending: true, isError: false });
    expect(html).toContain('role="status"');
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain("Chargement de Stripe…");
    expect(html).not.toContain("Compte");
  });

  it("shows the failure and its message with « Réessayer », which reads the data again", () => {
    const refetch = vi.fn();
    const query = {
      isPending: false,
      isError: true,
      error: new Error("Serveur injoignable."),
      refetch,
    } as const;
    const html = render(query);
    expect(html).toContain('role="alert"');
    expect(html).toContain("Impossible de lire la connexion Stripe.");
    expect(html).toContain("Serveur injoignable.");
    expect(html).toContain("Réessayer");
    expect(html).not.toContain("Compte");

    const tree = QueryStatus({ query: query as unknown as Query, ...labels, children: () => null });
    const retry = elementsOf(tree).find((node) => node.type === "button");
    retry?.props.onClick?.();
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it("renders the content with the data once it is there", () => {
    const html = render({ isPending: false, isError: false, data: { name: "Atelier Bois" } });
    expect(html).toBe("<p>Compte Atelier Bois</p>");
  });
});
