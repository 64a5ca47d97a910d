import { formatMoney } from "../../format";

const integer = new Intl.NumberFormat("fr-FR");
const oneDecimal = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 1 });

/** "1 facture", "4 factures" (French keeps the singular for 0 and 1). */
export const countOf = (n: number, singular: string, plural = `${singular}s`) =>
  `${integer.format(n)} ${n > 1 ? plural : singular}`;

/** Amounts in sentences: "3 000 €", "1 234,50 €". */
export const euros = (cents: number) => formatMoney(cents, { dropZeroCents: true });

export const decimal = (value: number) => oneDecimal.format(value);

export const percent = (value: number) => `${integer.format(Math.round(value))} %`;
