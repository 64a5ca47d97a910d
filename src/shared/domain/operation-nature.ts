/**
 * The nature of the operations an invoice bills (a mention of the e-invoicing reform): goods, services or
 * both. It is printed, and sets the invoicing framework of the e-invoice (BT-23: B1, S1 or M1 for a
 * simple invoice). The seller's default comes from the settings; a document may say otherwise.
 */
export const OPERATION_NATURES = {
  services: { label: "Prestations de services", printed: "prestations de services", businessProcess: "S1" },
  biens: { label: "Livraisons de biens", printed: "livraisons de biens", businessProcess: "B1" },
  mixte: {
    label: "Mixte (biens et services)",
    printed: "mixte (livraisons de biens et prestations de services)",
    businessProcess: "M1",
  },
} as const;

export type OperationNature = keyof typeof OPERATION_NATURES;
export const operationNatures = Object.keys(OPERATION_NATURES) as [OperationNature, ...OperationNature[]];
export const DEFAULT_OPERATION_NATURE: OperationNature = "services";

export const operationNatureMention = (nature: OperationNature) =>
  `Nature des opérations : ${OPERATION_NATURES[nature].printed}`;
