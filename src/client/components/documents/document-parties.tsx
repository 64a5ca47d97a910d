import { apiFetch } from "@client/lib/api-client";
import { cn } from "@client/lib/cn";
import { type ClientDto, clientDetailDto } from "@shared/schemas/clients";
import type { InvoiceBuyerDto, InvoiceSellerDto } from "@shared/schemas/invoices";
import type { BusinessIdentityDto } from "@shared/schemas/settings";
import { useQuery } from "@tanstack/react-query";

/** A party as a document prints it: name, a second line (trade name, contact), address, identifiers. */
export type PartyView = { name: string; subtitle?: string; address: string[]; identifiers: string[] };

const cityLine = (postalCode: string | null, city: string | null) =>
  [postalCode, city].filter(Boolean).join(" ");
const registration = (siret: string | null, siren: string | null) =>
  siret ? `SIRET ${siret}` : siren ? `SIREN ${siren}` : null;
const present = (values: (string | null | undefined)[]) => values.filter((value): value is string => !!value);

/** The seller frozen on an issued invoice, or the settings a draft or a quote will print. */
export function sellerParty(seller: InvoiceSellerDto | BusinessIdentityDto): PartyView | null {
  if (!seller.legalName) return null;
  const address =
    "address" in seller
      ? [seller.address.line1, seller.address.line2, cityLine(seller.address.postalCode, seller.address.city)]
      : [seller.addressLine1, seller.addressLine2, cityLine(seller.postalCode, seller.city)];
  return {
    name: seller.legalName,
    subtitle: seller.companyName || undefined,
    address: present(address),
    identifiers: present([
      registration(seller.siret || null, seller.siren || null),
      seller.vatNumber ? `TVA ${seller.vatNumber}` : null,
    ]),
  };
}

/** The buyer frozen on an issued invoice, or the client record a draft or a quote is addressed to. */
export function buyerParty(buyer: InvoiceBuyerDto | ClientDto): PartyView {
  const address =
    "address" in buyer
      ? [buyer.address.line1, buyer.address.line2, cityLine(buyer.address.postalCode, buyer.address.city)]
      : [buyer.addressLine1, buyer.addressLine2, cityLine(buyer.postalCode, buyer.city)];
  return {
    name: buyer.company ?? buyer.name,
    subtitle: buyer.contactName && buyer.company ? `À l'attention de ${buyer.contactName}` : undefined,
    address: present(address),
    identifiers: present([
      registration(buyer.siret, buyer.siren),
      buyer.vatNumber ? `TVA ${buyer.vatNumber}` : null,
    ]),
  };
}

/**
 * The client record of a document that has not frozen its buyer yet (a draft, a quote): what will be
 * printed and sent. Shares the clients' cache key, so editing the client refreshes the preview.
 */
export function useClientParty(clientId: string | null): PartyView | undefined {
  const { data } = useQuery({
    queryKey: ["clients", "detail", clientId],
    queryFn: ({ signal }) =>
      apiFetch(`/api/clients/${encodeURIComponent(clientId ?? "")}`, { schema: clientDetailDto, signal }),
    enabled: Boolean(clientId),
    staleTime: 30_000,
  });
  return data ? buyerParty(data.client) : undefined;
}

type DocumentPartiesProps = {
  /** Null when the settings hold no identity yet: the preview says where to fill it. */
  seller: PartyView | null;
  buyer: PartyView;
  buyerTitle?: string;
};

/** The seller and the buyer blocks of an invoice or a quote, side by side. */
export function DocumentParties({ seller, buyer, buyerTitle = "Client" }: DocumentPartiesProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Party title="Émetteur">
        {seller ? (
          <PartyLines party={seller} />
        ) : (
          <p className="text-muted-foreground italic">Vos coordonnées (Paramètres)</p>
        )}
      </Party>
      <Party title={buyerTitle}>
        <PartyLines party={buyer} />
      </Party>
    </div>
  );
}

function PartyLines({ party }: { party: PartyView }) {
  return (
    <>
      <p className="font-medium">{party.name}</p>
      {party.subtitle ? <p>{party.subtitle}</p> : null}
      {party.address.map((line) => (
        <p key={line}>{line}</p>
      ))}
      {party.identifiers.map((line) => (
        <p key={line} className="text-muted-foreground">
          {line}
        </p>
      ))}
    </>
  );
}

function Party({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className={cn("rounded-lg border bg-muted/40 p-4 leading-relaxed")} aria-label={title}>
      <h3 className="mb-1 text-xs font-medium tracking-wide text-muted-foreground uppercase">{title}</h3>
      {children}
    </section>
  );
}
