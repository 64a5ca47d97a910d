/**
 * How a document's totals are worded. Under the VAT franchise (art. 293 B du CGI) a document charges no VAT:
 * no VAT line, no HT / TTC, one « Total à payer » (a « TVA 0 % » row and « Total TTC » would say VAT exists).
 * The screen, the PDF and the e-mail read it from here so that they show the same document.
 */
export function totalsWording(isFranchise: boolean) {
  return isFranchise
    ? { showsVat: false, beforeDiscount: "Total avant remise", total: "Total à payer" }
    : { showsVat: true, beforeDiscount: "Total HT avant remise", total: "Total TTC" };
}
