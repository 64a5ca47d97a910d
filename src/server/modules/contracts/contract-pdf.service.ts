import { contractStatusLabels } from "@shared/schemas/contracts";
import type { Db } from "../../db/client";
import type { ContractParty } from "../../pdf/contract-pdf";
import { workerPool } from "../../workers/pool";
import { MISSING_VALUE } from "./contract-templates";
import { getPrintableContract } from "./contracts.service";

export type ContractPdf = { filename: string; bytes: Uint8Array };

/**
 * The PDF of a contract, rendered on each request from the contract and the current identities (a
 * contract is not an invoice: nothing requires freezing it, and a draft changes until it is sent).
 */
export async function getContractPdf(
  db: Db,
  { userId, id }: { userId: string; id: string },
): Promise<ContractPdf> {
  const { contract, identity, client } = await getPrintableContract(db, { userId, id });
  const seller: ContractParty = identity
    ? {
        name: identity.legalName,
        details: [
          identity.companyName,
          identity.siret ? `SIRET ${identity.siret}` : identity.siren ? `SIREN ${identity.siren}` : null,
          identity.email,
        ].filter((line): line is string => Boolean(line)),
        address: {
          line1: identity.addressLine1,
          line2: identity.addressLine2,
          postalCode: identity.postalCode,
          city: identity.city,
          country: identity.country,
        },
        signatory: identity.legalName,
      }
    : {
        name: `Prestataire ${MISSING_VALUE}`,
        details: ["Renseignez votre identité dans Paramètres."],
        address: { line1: null, line2: null, postalCode: null, city: null, country: null },
        signatory: null,
      };
  const buyer: ContractParty = client
    ? {
        name: client.company ?? client.name,
        details: [
          client.company && client.company !== client.name ? client.name : null,
          client.siret ? `SIRET ${client.siret}` : client.siren ? `SIREN ${client.siren}` : null,
          client.email,
        ].filter((line): line is string => Boolean(line)),
        address: {
          line1: client.addressLine1,
          line2: client.addressLine2,
          postalCode: client.postalCode,
          city: client.city,
          country: client.country,
        },
        signatory: client.isBusiness ? client.contactName : client.name,
      }
    : {
        name: contract.clientName ?? `Client ${MISSING_VALUE}`,
        details: [],
        address: { line1: null, line2: null, postalCode: null, city: null, country: null },
        signatory: null,
      };
  const bytes = await workerPool().run(
    "renderContractPdf",
    {
      number: contract.contractNumber,
      title: contract.title,
      statusLabel: contractStatusLabels[contract.status],
      isDraft: contract.status === "brouillon",
      startDate: contract.startDate,
      endDate: contract.endDate,
      amountCents: contract.amountCents,
      signedAt: contract.signedAt,
      content: contract.content,
      seller,
      client: buyer,
    },
    { owner: userId },
  );
  return { filename: `Contrat-${contract.contractNumber ?? "brouillon"}.pdf`, bytes };
}
