import type { PublicDocumentDto } from "@shared/schemas/client-links";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { InvoicePayment } from "./invoice-payment";

const invoicePage = (overrides: Partial<PublicDocumentDto>): PublicDocumentDto => ({
  kind: "invoice",
  number: "FAC-2026-0001",
  title: "Facture FAC-2026-0001",
  date: "2026-03-02",
  deadline: "2026-04-01",
  status: "en-attente",
  statusLabel: "En attente",
  seller: { name: "Martin EI", email: null, lines: [] },
  buyer: { name: "Brasserie du Nord", lines: [] },
  lines: [],
  byRate: [],
  subtotalCents: 100000,
  taxCents: 20000,
  totalCents: 120000,
  isFranchise: false,
  dueCents: 120000,
  canPayOnline: true,
  isPaid: false,
  mentions: [],
  notes: null,
  expiresAt: "2026-05-01T00:00:00.000Z",
  pdfSha256: null,
  canDecide: false,
  decision: null,
  ...overrides,
});

// Rendered to static HTML: what the client's browser receives, without a DOM library in the unit project.
const render = (document: PublicDocumentDto, url = "/d/token") =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <InvoicePayment token="token" document={document} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe("InvoicePayment, on the client's page of an invoice", () => {
  it("offers « Payer » for what is due", () => {
    const html = render(invoicePage({}));
    expect(html).toContain("Payer 1");
    expect(html).not.toContain("déjà réglée");
  });

  it("says a paid invoice is already paid, and offers no « Payer »", () => {
    const html = render(invoicePage({ status: "payée", dueCents: 0, canPayOnline: false, isPaid: true }));
    expect(html).toContain("Cette facture est déjà réglée.");
    expect(html).not.toContain("<button");
    // Back from Stripe on a paid invoice: the thanks, not a second notice.
    const back = render(
      invoicePage({ status: "payée", dueCents: 0, canPayOnline: false, isPaid: true }),
      "/d/token?paiement=reussi",
    );
    expect(back).toContain("Merci ! Votre paiement est reçu et la facture est réglée.");
    expect(back).not.toContain("<button");
  });
});
