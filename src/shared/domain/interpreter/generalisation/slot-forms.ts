import type { InterpretedPaymentMethod } from "../../../schemas/interpretation";
import { withoutAccents } from "./noise";
import type { Random } from "./random";

/**
 * The small typed things of a command: a phone written five French ways, an e-mail made from the name, an
 * invoice number in any case, a payment method. Each carries the value a person expects on the record.
 */
export function renderPhone(random: Random): { text: string; label: string } {
  const pairs = [
    random.pick(["06", "07", "01", "02", "04", "05", "09"]),
    ...Array.from({ length: 4 }, () => String(random.int(10, 99))),
  ];
  const label = pairs.join(" ");
  const forms = [
    label,
    pairs.join(""),
    pairs.join("."),
    `+33 ${pairs[0]?.slice(1)} ${pairs.slice(1).join(" ")}`,
    pairs.join("-"),
  ];
  return { text: random.pick(forms), label };
}

const slug = (text: string) => withoutAccents(text.toLowerCase()).replace(/[^a-z0-9]+/g, "");

/** A person's « prenom.nom@… », a company's « contact@… ». */
export function renderEmail(random: Random, name: string, isPerson: boolean): string {
  if (isPerson) {
    // « Mme Marchand » gives only a last name: marchand@…
    const local = name.split(" ").map(slug).join(".");
    return `${local}@${random.pick(["gmail.com", "orange.fr", "free.fr", "outlook.fr"])}`;
  }
  return `${random.pick(["contact", "bonjour", "compta"])}@${slug(name)}.fr`;
}

export function renderInvoiceNumber(random: Random): { text: string; label: string } {
  const label = `${random.pick(["FAC", "INV"])}-2026-${String(random.int(1, 140)).padStart(4, "0")}`;
  return { text: random.chance(0.3) ? label.toLowerCase() : label, label };
}

const METHODS: readonly [string, InterpretedPaymentMethod][] = [
  ["par virement", "virement"],
  ["en virement", "virement"],
  ["par chèque", "cheque"],
  ["en espèces", "especes"],
  ["en liquide", "especes"],
  ["par carte", "carte"],
  ["par CB", "carte"],
  ["via PayPal", "paypal"],
  ["par PayPal", "paypal"],
];

export function renderPaymentMethod(random: Random): { text: string; label: InterpretedPaymentMethod } {
  const [text, label] = random.pick(METHODS);
  return { text, label };
}
