import { describe, expect, it } from "vitest";
import { recordGroups } from "./palette-records";

const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const none = { clients: [], invoices: [], quotes: [], projects: [], contracts: [] };

describe("recordGroups", () => {
  it("lists each kind under its French heading, in the palette's order, and leaves empty kinds out", () => {
    const groups = recordGroups({
      ...none,
      contracts: [{ id: id(5), number: "CT-2026-0001", title: "Contrat cadre", status: "signé" }],
      clients: [{ id: id(1), name: "Atelier Lumière", email: "contact@lumiere.fr", siren: "552100554" }],
      invoices: [
        {
          id: id(2),
          number: "AV-2026-0001",
          clientName: "Atelier Lumière",
          isCreditNote: true,
          totalCents: -60_000,
          date: "2026-04-02",
        },
        {
          id: id(3),
          number: null,
          clientName: "Atelier Lumière",
          isCreditNote: false,
          totalCents: 120_000,
          date: "2026-05-01",
        },
      ],
    });
    expect(groups.map((group) => group.heading)).toEqual(["Clients", "Factures", "Contrats"]);
    expect(groups[0]?.entries).toEqual([
      {
        id: id(1),
        label: "Atelier Lumière",
        detail: "contact@lumiere.fr · SIREN 552100554",
        to: `/app/clients/${id(1)}`,
      },
    ]);
    expect(groups[1]?.entries.map(({ label, detail, to }) => ({ label, detail, to }))).toEqual([
      {
        label: "Avoir AV-2026-0001",
        detail: "Atelier Lumière · -600,00\u00a0€ · 2 avril 2026",
        to: `/app/invoices/${id(2)}`,
      },
      {
        label: "Facture brouillon",
        detail: "Atelier Lumière · 1\u202f200,00\u00a0€ · 1 mai 2026",
        to: `/app/invoices/${id(3)}`,
      },
    ]);
    expect(groups[2]?.entries[0]).toMatchObject({ label: "Contrat cadre", detail: "CT-2026-0001 · Signé" });
  });

  it("gives nothing to show for no record", () => {
    expect(recordGroups(none)).toEqual([]);
  });
});
