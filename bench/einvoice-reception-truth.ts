/**
 * What each public sample e-invoice of the reception bench says (read by hand from the files: the CEN EN 16931
 * test suite's CII and UBL examples, mustangproject's and akretion's Factur-X / ZUGFeRD files), and what a
 * right import does with it: record it (supplier, number, day, amount in euros, the invoice's VAT in euros)
 * or refuse it for the reason given. Files not listed are judged "refused for a clear reason" at best.
 */
export type Truth =
  | {
      supplier: string;
      number: string;
      date: string;
      /** The expense's amount in euros: the gross (TTC), negative for a credit note. */
      grossCents: number;
      /** The invoice's VAT in euros, deductible or not (the sum of the kept rates). */
      vatCents: number;
      /** Euros for one unit of the invoice's currency, given at the confirmation when the file has no BT-111. */
      exchangeRate?: string;
    }
  | { refuse: RegExp };

const notAnInvoice = { refuse: /pas de facture électronique|pas une facture|illisible|endommagé/i };

export const TRUTH: Record<string, Truth> = {
  // akretion/factur-x tests/fixtures (zugferd-*.xml are ZUGFeRD 1.0, read as CII under its older names)
  "factur-x-basic.xml": { supplier: "LE FOURNISSEUR", number: "F20260023", date: "2026-01-31", grossCents: 10490, vatCents: 490 },
  "factur-x-basicwl.xml": { refuse: /BASIC WL/ },
  "factur-x-en16931.xml": { supplier: "LE FOURNISSEUR", number: "F20260023", date: "2026-01-31", grossCents: 10490, vatCents: 490 },
  "factur-x-extended.xml": { supplier: "LE FOURNISSEUR", number: "F20260023", date: "2026-01-31", grossCents: 10490, vatCents: 490 },
  "factur-x-minimum.xml": { refuse: /MINIMUM/ },
  "invoice_EN16931.pdf": { supplier: "LE FOURNISSEUR", number: "F20260023", date: "2026-01-31", grossCents: 10490, vatCents: 490 },
  "order-x-basic.xml": notAnInvoice,
  "order-x-comfort.xml": notAnInvoice,
  "ubl-21-en16931.xml": { supplier: "Au bon moulin", number: "F124212", date: "2026-06-17", grossCents: 30803, vatCents: 3503 },
  "ubl-21-extended-ctc-fr.xml": { supplier: "Au bon moulin", number: "F124212", date: "2026-06-17", grossCents: 30803, vatCents: 3503 },
  "zugferd-basic.xml": { supplier: "Lieferant GmbH", number: "471102", date: "2013-03-05", grossCents: 23562, vatCents: 3762 },
  "zugferd-comfort.xml": { supplier: "Lieferant GmbH", number: "471102", date: "2013-03-05", grossCents: 52987, vatCents: 5687 },
  "zugferd-extended.xml": { supplier: "MUSTERLIEFERANT GMBH", number: "KR87654321012", date: "2013-10-06", grossCents: 125670, vatCents: 20065 },
  // ConnectingEurope/eInvoicing-EN16931 cii/examples
  "CII-BR-CO-10-RoundingIssue.xml": { refuse: /nul/ },
  "CII_business_example_01.xml": { supplier: "Salescompany ltd.", number: "TOSL108", date: "2013-06-30", grossCents: 18018, vatCents: 3653, exchangeRate: "0.1" },
  "CII_business_example_02.xml": { supplier: "xxxx", number: "INV000013", date: "2013-08-25", grossCents: 1190, vatCents: 190 },
  "CII_business_example_Z.xml": { supplier: "XXX AG", number: "2016166", date: "2015-01-09", grossCents: 1169387, vatCents: 0 },
  "CII_example1.xml": { supplier: "De Koksmaat", number: "12115118", date: "2015-01-09", grossCents: 25033, vatCents: 2073 },
  "CII_example2.xml": { supplier: "Salescompany ltd.", number: "TOSL108", date: "2013-06-30", grossCents: 18018, vatCents: 3653, exchangeRate: "0.1" },
  "CII_example3.xml": { supplier: "SubscriptionSeller", number: "TOSL108", date: "2013-04-10", grossCents: 15075, vatCents: 3015, exchangeRate: "0.134" },
  "CII_example4.xml": { supplier: "SellerCompany", number: "TOSL110", date: "2013-04-10", grossCents: 62645, vatCents: 9045, exchangeRate: "0.134" },
  // BT-111 gives 628.62 € of VAT for 675.00 DKK: the gross 4 675.00 DKK is 4 353.78 € at that rate.
  "CII_example5.xml": { supplier: "SellerCompany", number: "TOSL110", date: "2013-04-10", grossCents: 435378, vatCents: 62862 },
  "CII_example6.xml": { supplier: "SellerCompany", number: "TOSL110", date: "2013-04-10", grossCents: 62645, vatCents: 9045, exchangeRate: "0.134" },
  "CII_example7.xml": { supplier: "The Sellercompany Incorporated", number: "INVOICE_test_7", date: "2013-05-13", grossCents: 28800, vatCents: 0, exchangeRate: "0.09" },
  "CII_example8.xml": { supplier: "Enexis B.V.", number: "1100512149", date: "2014-11-10", grossCents: 109978, vatCents: 19087 },
  "CII_example9.xml": { supplier: "Bluem BV", number: "20150483", date: "2015-04-01", grossCents: 17787, vatCents: 3087 },
  "XRechnung-O.xml": { supplier: "XX", number: "150377292", date: "2021-01-14", grossCents: 38554460, vatCents: 0 },
  "huf_example_cii.xml": { supplier: "DKV Euro Service GmbH + Co. KG", number: "21/001003559/996", date: "2021-10-05", grossCents: 24601, vatCents: 5230, exchangeRate: "0.0028" },
  // ConnectingEurope/eInvoicing-EN16931 ubl/examples
  "FT_G2G_TD01_con_Allegato,_Bonifico_e_Split_Payment.xml": { supplier: "Azienda Unita Sanitaria Locale di Reggio Emilia", number: "1316/85", date: "2020-02-13", grossCents: 152012, vatCents: 27412 },
  "guide-example1.xml": { supplier: "De Koksmaat", number: "12115118", date: "2015-01-09", grossCents: 25033, vatCents: 2073 },
  "guide-example2.xml": { supplier: "Salescompany ltd.", number: "TOSL108", date: "2013-06-30", grossCents: 18018, vatCents: 3653, exchangeRate: "0.1" },
  "guide-example3.xml": { supplier: "SubscriptionSeller", number: "TOSL108", date: "2013-04-10", grossCents: 15075, vatCents: 3015, exchangeRate: "0.134" },
  "issue116.xml": { supplier: "SÄLJARNAMNET", number: "2018210", date: "2018-02-08", grossCents: 7470, vatCents: 1170, exchangeRate: "0.09" },
  "sample-discount-price.xml": { supplier: "HEP SPLIT", number: "test decimal 1", date: "2018-02-05", grossCents: 1515, vatCents: 303 },
  "ubl-tc434-creditnote1.xml": { supplier: "My Supplier Company", number: "018304 / 28865", date: "2019-09-23", grossCents: -10011, vatCents: 0 },
  "ubl-tc434-example1.xml": { supplier: "De Koksmaat", number: "12115118", date: "2015-01-09", grossCents: 25033, vatCents: 2073 },
  "ubl-tc434-example10.xml": { supplier: "De Koksmaat", number: "12115118", date: "2015-01-09", grossCents: 25033, vatCents: 2073 },
  "ubl-tc434-example2.xml": { supplier: "Salescompany ltd.", number: "TOSL108", date: "2013-06-30", grossCents: 18018, vatCents: 3653, exchangeRate: "0.1" },
  "ubl-tc434-example3.xml": { supplier: "SubscriptionSeller", number: "TOSL108", date: "2013-04-10", grossCents: 26867, vatCents: 4087, exchangeRate: "0.134" },
  "ubl-tc434-example4.xml": { supplier: "SellerCompany", number: "TOSL110", date: "2013-04-10", grossCents: 62645, vatCents: 9045, exchangeRate: "0.134" },
  "ubl-tc434-example5.xml": { supplier: "SellerCompany", number: "TOSL110", date: "2013-04-10", grossCents: 435378, vatCents: 62862 },
  "ubl-tc434-example6.xml": { supplier: "SellerCompany", number: "TOSL110", date: "2013-04-10", grossCents: 62645, vatCents: 9045, exchangeRate: "0.134" },
  "ubl-tc434-example7.xml": { supplier: "The Sellercompany Incorporated", number: "INVOICE_test_7", date: "2013-03-11", grossCents: 28800, vatCents: 0, exchangeRate: "0.09" },
  "ubl-tc434-example8.xml": { supplier: "Enexis B.V.", number: "1100512149", date: "2014-11-10", grossCents: 109978, vatCents: 19087 },
  "ubl-tc434-example9.xml": { supplier: "Bluem BV", number: "20150483", date: "2015-04-01", grossCents: 17787, vatCents: 3087 },
  // ZUGFeRD/mustangproject library and validator test resources
  "103767-Invoice-2026-03-24-1.pdf": { supplier: "CRONUS DE", number: "103767", date: "2026-02-17", grossCents: 68187, vatCents: 10887 },
  "EN16931_1_Teilrechnung.pdf": { supplier: "Lieferant GmbH", number: "471102", date: "2018-06-05", grossCents: 19765, vatCents: 2016 },
  "EN16931_Einfach.pdf": { supplier: "Lieferant GmbH", number: "471102", date: "2024-11-15", grossCents: 52987, vatCents: 5687 },
  // BT-111 gives 183.14 € of VAT for 163.16 GBP: the gross 1 021.91 GBP is 1 147.05 €.
  "EXTENDED_Fremdwaehrung_wdis_fx-pdfa4.pdf": { supplier: "Rohstoff AG Salzgitter", number: "47110815", date: "2025-12-01", grossCents: 114705, vatCents: 18314 },
  "Facture_F20180027.pdf": { supplier: "LE FOURNISSEUR", number: "F20180027", date: "2018-12-31", grossCents: 11000, vatCents: 1000 },
  "MustangBeispiel20221026.pdf": { supplier: "weclapp.com", number: "RE1001", date: "2022-10-26", grossCents: 96311, vatCents: 15377 },
  "MustangGnuaccountingBeispielRE-20170509_505.pdf": { supplier: "Bei Spiel GmbH", number: "RE-20170509/505", date: "2017-05-09", grossCents: 57104, vatCents: 7504 },
  "MustangGnuaccountingBeispielRE-20170509_505PDF14.pdf": notAnInvoice,
  "MustangGnuaccountingBeispielRE-20170509_505PDFA3.pdf": notAnInvoice,
  "MustangGnuaccountingBeispielRE-20170509_505blanko.pdf": notAnInvoice,
  "MustangGnuaccountingBeispielRE-20171118_506blanko.pdf": notAnInvoice,
  "MustangGnuaccountingBeispielRE-20190610_507blanko.pdf": notAnInvoice,
  "MustangGnuaccountingBeispielRE-20201121_508blanko.pdf": notAnInvoice,
  "MustangGnuaccountingBeispielRE-20201121_508blankoA3.pdf": notAnInvoice,
  "ORDER-X_EX01_ORDER_FULL_DATA-COMFORT.pdf": notAnInvoice,
  "XMLinvalidV2PDF.pdf": { supplier: "Bei Spiel GmbH", number: "RE-20171118/506", date: "2017-11-18", grossCents: 57104, vatCents: 7504 },
  "ZTESTZUGFERD_1_INVDSS_012015738820PDF-1.pdf": { supplier: "Alphabet Fuhrparkmanagement GmbH", number: "2015738820", date: "2024-11-01", grossCents: 44788, vatCents: 7151 },
  "attributeBasedXMP_zugferd_2p0_EN16931_Einfach.pdf": { supplier: "Lieferant GmbH", number: "471102", date: "2018-03-05", grossCents: 52987, vatCents: 5687 },
  "corruptedV2PDF.pdf": notAnInvoice,
  "invalidPDF.pdf": { supplier: "Bei Spiel GmbH", number: "RE-20190610/507", date: "2019-06-10", grossCents: 57104, vatCents: 7504 },
  "invalidXMP-ParseError.pdf": { supplier: "Bei Spiel GmbH", number: "RE-20171118/506", date: "2017-11-18", grossCents: 57104, vatCents: 7504 },
  "invalidXMP.pdf": { supplier: "Bei Spiel GmbH", number: "RE-20171118/506", date: "2017-11-18", grossCents: 57104, vatCents: 7504 },
  "invalidXRechnung.pdf": { supplier: "Bei Spiel GmbH", number: "RE-20190610/507", date: "2019-06-10", grossCents: 57104, vatCents: 7504 },
  "validAvoir_FR_type380_BASICWL.pdf": { refuse: /BASIC WL/ },
  "validV1WithAdditionalData.pdf": { supplier: "MUSTERLIEFERANT GMBH", number: "R87654321012345", date: "2013-08-06", grossCents: 51899, vatCents: 7000 },
  "validV2PDF.pdf": { supplier: "Bei Spiel GmbH", number: "RE-20171118/506", date: "2017-11-18", grossCents: 57104, vatCents: 7504 },
  "validXRechnung.pdf": { supplier: "Bei Spiel GmbH", number: "RE-20190610/507", date: "2019-06-10", grossCents: 57104, vatCents: 7504 },
  "veraPDFtestsuite6-7-11-t01-fail-a.pdf": notAnInvoice,
  "zugferd_2p1_EXTENDED_PDFA-3A.pdf": { supplier: "MUSTERLIEFERANT GMBH", number: "R87654321012345", date: "2018-08-06", grossCents: 51899, vatCents: 7000 },
  "zugferd_invoice.pdf": { supplier: "Kraxi GmbH", number: "2014-03", date: "2014-07-11", grossCents: 100555, vatCents: 16055 },
};
