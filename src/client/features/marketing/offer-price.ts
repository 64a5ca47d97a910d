import { formatMoney } from "@shared/format";
import { registrationOffer } from "@shared/offer";

/** "59 €", from the offer itself so the pages never drift from what the checkout charges. */
export const offerPrice = formatMoney(registrationOffer.priceCents, { dropZeroCents: true });
