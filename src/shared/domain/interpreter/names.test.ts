import { describe, expect, it } from "vitest";
import { interpretCommand } from "./interpret-command";

// Stage (c) of the interpreter: a client's or person's name is what lies between slot markers ("pour",
// "au nom de", "client à créer :") and the typed spans around it (amounts, dates, lines, "échéance"),
// read whole, as the user said it, and never made of markers, months or filler.

const now = new Date("2026-03-18T12:00:00Z");
const clientOf = (text: string) => interpretCommand(text, now).entities.client;
const newClientOf = (text: string) => interpretCommand(text, now).entities.name;

describe("a client's name is kept whole", () => {
  it.each([
    // Legal forms, before or after.
    ["Facture pour la SARL Bonnet de 1 500 €", "SARL Bonnet"],
    ["devis pour la sarl bonnet, 2 jours à 500 €", "SARL Bonnet"],
    ["Facture pour Menuiserie Girard SARL 450 €", "Menuiserie Girard SARL"],
    ["facture pour SCI Les Tilleuls 1200 € échéance 30 avril", "SCI Les Tilleuls"],
    ["Fais une facture de 800 € à destination de la SCOP Les Tisserands", "SCOP Les Tisserands"],
    ["facture pour EI Marc Lefort 350 €", "EI Marc Lefort"],
    ["Facture pour Les Jardins d'Éden SAS 2100 €", "Les Jardins d'Éden SAS"],
    // The partners a business is named after.
    ["Devis pour Martin & Fils de 900 €", "Martin & Fils"],
    ["fais une facture pour dupont et fils de 450 euros", "Dupont et Fils"],
    ["facture pour martin et associés 1200 €", "Martin et Associés"],
    ["facture à partir du 1er avril pour Cabinet Leroy & Associés 2000 €", "Cabinet Leroy & Associés"],
    // Numbers in the name: an amount, a quantity or a date is taken before, so what is left is the name.
    ["facture de 1200 € au nom de Atelier 42 pour la refonte du site", "Atelier 42"],
    ["facture au nom d'Atelier 42 de 300 €", "Atelier 42"],
    ["Devis pour Studio 360 de 2000 €", "Studio 360"],
    ["facture pour atelier 42, 600 euros", "Atelier 42"],
    // Hyphens and apostrophes, straight or curly.
    ["Facture pour Jean-Baptiste Roux-Martin de 750 € échéance le 30 avril", "Jean-Baptiste Roux-Martin"],
    ["Facture à destination de L'Échoppe, 800 € pour le shooting", "L'Échoppe"],
    ["Devis pour L’Échoppe de 320 €", "L’Échoppe"],
    // A capitalised leading article is part of the name; a lower-case one is not, and the name is
    // title-cased when typed in lower case.
    ["Facture pour Les Ateliers du Port de 980 €", "Les Ateliers du Port"],
    ["Facture pour les Ateliers du Port de 980 €", "Ateliers du Port"],
    ["devis pour La Fabrique concernant la refonte du logo 1500 €", "La Fabrique"],
    ["Facture pour la menuiserie girard de 500 €", "Menuiserie Girard"],
    ["facture pour menuiserie girard, 500 euros, échéance fin du mois", "Menuiserie Girard"],
    ["devis chez les ateliers du port de 1300 €", "Ateliers du Port"],
    ["facture pour l'atelier des sens 300 €", "Atelier des Sens"],
    // Civilities are dropped, person names kept whole.
    ["Facture de 900 € pour Mme Julie Marchand", "Julie Marchand"],
    ["facture au nom de madame julie marchand 600 €", "Julie Marchand"],
    ["Devis à l’ordre de Mlle Sophie Lambert pour 3 jours à 350 €", "Sophie Lambert"],
    ["Facture pour le Dr. Benoît Morel de 120 €", "Benoît Morel"],
    ["Facture pour Maître Lefèvre 350 €", "Lefèvre"],
    ["Facture pour Monsieur Paul Durand avec 3 jours à 400 €", "Paul Durand"],
    ["Julie Marchand m'a payé 600 € par virement", "Julie Marchand"],
    ["Atelier 42 m'a payé 300 €", "Atelier 42"],
    ["atelier 42 m'a réglé 300 €", "Atelier 42"],
    ["facture pour Mme Claire Dubois-Lenoir 420 €", "Claire Dubois-Lenoir"],
    ["facture pour jean-luc picard 200 euros", "Jean-Luc Picard"],
    ["Crée une facture de 1500 € à destination de Monsieur Karim Benali", "Karim Benali"],
    // Written after the code, as a check: other businesses, other orders.
    ["peux-tu faire une facture au nom de la boulangerie lemoine pour 250 €", "Boulangerie Lemoine"],
    ["Devis à l'ordre de Cabinet Roux & Associés, 4 jours à 600 €", "Cabinet Roux & Associés"],
    ["facture de 300 € pour le compte de la Pâtisserie Marchal", "Pâtisserie Marchal"],
    ["facture pour SAS Les Vergers Normands concernant la maintenance 700 €", "SAS Les Vergers Normands"],
    ["Facture chez Les Copains d’Abord pour 2 jours à 350 €", "Les Copains d’Abord"],
    ["Facture pour demain de 450 € pour Pixel Studio", "Pixel Studio"],
    ["facture pour avril 600 € pour Studio Mirage", "Studio Mirage"],
    ["Note : facture pour Vincent & Fils de 880 € avec échéance le 20 avril", "Vincent & Fils"],
    ["facture pour Agence Horizon 21 de 600 €", "Agence Horizon 21"],
    ["facture pour le restaurant chez marcel 320 €", "Restaurant Chez Marcel"],
    ["Facture pour le Bistrot Chez Paul 120 €", "Bistrot Chez Paul"],
  ])("%s → %s", (text, name) => {
    expect(clientOf(text)).toBe(name);
  });
});

describe("slot markers bound the name and are never part of it", () => {
  it.each([
    ["Fais un devis à l'ordre de la SARL Dupont & Fils de 3 jours à 450 €", "SARL Dupont & Fils"],
    ["Facture de 600 € à l'attention de Garage Morin", "Garage Morin"],
    ["facture de la part de Boulangerie Durand SAS 300 €", "Boulangerie Durand SAS"],
    ["Devis pour le compte de Studio 360 de 2000 €", "Studio 360"],
    ["Devis pour le compte de la SARL Bonnet 1500 €", "SARL Bonnet"],
    ["facture pour le compte d'Atelier 42, 700 €", "Atelier 42"],
    ["devis à partir du 3 avril pour Cabinet Leroy 1200 €", "Cabinet Leroy"],
    // The name ends at the next marker or span.
    ["Facture pour Julie Marchand le 15 avril de 700 €", "Julie Marchand"],
    ["devis pour Garage Martin et Fils avec 2 jours à 500 €", "Garage Martin et Fils"],
    ["Facture Dupont 900 € concernant l'audit", "Dupont"],
    ["facture chez Martin et Associés 600 € pour la mission", "Martin et Associés"],
    ["facture pour dupont concernant la maintenance, 300 €", "Dupont"],
  ])("%s → %s", (text, name) => {
    expect(clientOf(text)).toBe(name);
  });

  it("leaves no marker as the title", () => {
    const quote = interpretCommand(
      "Fais un devis à l'ordre de la SARL Dupont & Fils de 3 jours à 450 €",
      now,
    );
    expect(quote.entities.title).toBeUndefined();
    const dated = interpretCommand("devis à partir du 3 avril pour Cabinet Leroy 1200 €", now);
    expect(dated.entities.title).toBeUndefined();
    const marked = interpretCommand("Facture de 1200 € au nom de Atelier 42 pour la refonte du site", now);
    expect(marked.entities.title).toBe("refonte du site");
  });
});

describe("a new client's name", () => {
  it.each([
    ["nouveau client : Jean-Baptiste Roux-Martin", "Jean-Baptiste Roux-Martin"],
    ["client à créer : Les Ateliers du Port", "Les Ateliers du Port"],
    ["nouveau client : la menuiserie girard", "Menuiserie Girard"],
    ["Ajoute le client Julie Marchand", "Julie Marchand"],
    ["Crée un client Jean-Baptiste Roux-Martin, jb@roux.fr", "Jean-Baptiste Roux-Martin"],
  ])("%s → %s", (text, name) => {
    expect(newClientOf(text)).toBe(name);
  });
});

describe("no invented names", () => {
  it.each([
    "facture pour demain",
    "facture pour mars",
    "devis pour janvier 800 €",
    "facture pour la semaine prochaine",
    "facture pour 3 jours à 400 €",
    "Facture pour la refonte du site, 1 200 €",
    "mes dépenses de restaurant ce mois",
  ])("%s has no client", (text) => {
    expect(clientOf(text)).toBeUndefined();
  });
});

describe("« pour le compte de » and other accounts", () => {
  const otherAccountOf = (text: string) => interpretCommand(text, now).entities.otherAccount;

  it("reads « pour le compte de <client> » as the client the work is for", () => {
    const quote = interpretCommand("Devis pour le compte de Studio 360 de 2000 €", now);
    expect(quote).toMatchObject({ action: "create_quote", entities: { client: "Studio 360", amount: 2000 } });
    expect(quote.entities.otherAccount).toBeUndefined();
  });

  it.each([
    ["Montre les factures du compte de Paul", "Paul"],
    ["connecte-toi au compte de Paul", "Paul"],
    ["les factures du compte de mon associé", "associé"],
    ["Facture pour le compte de mon associé de 500 €", "associé"],
    ["pour le compte de l'utilisateur Marc, liste les devis", "Marc"],
    ["Facture pour le compte d'un autre utilisateur", "un autre compte"],
    ["devis pour le compte de mon collègue de 400 €", "collègue"],
  ])("still refuses another user's account: %s", (text, account) => {
    expect(otherAccountOf(text)).toBe(account);
  });
});

describe("the payer and the other signatory, whatever their case", () => {
  it.each([
    // A payer after « de », typed in lower case in a sentence that has capitals elsewhere.
    ["Paiement reçu de librairie vauban : 320 € par chèque", "Librairie Vauban"],
    ["j'ai reçu 95 € de marc lefort via PayPal", "Marc Lefort"],
    ["reçu 1 200 € d'imprimerie morin en espèces", "Imprimerie Morin"],
    // The other party of a contract after « avec ».
    ["Rédige un contrat avec hélène vidal du 1er mai au 30 juin pour 2 000 €", "Hélène Vidal"],
    ["Nouveau contrat avec sas kora pour 900 € par mois", "SAS Kora"],
  ])("%s → %s", (text, client) => {
    expect(clientOf(text)).toBe(client);
  });

  it("keeps how it was paid out of the name", () => {
    expect(clientOf("J'ai reçu 80 € de Brasserie Lucas en liquide")).toBe("Brasserie Lucas");
    expect(clientOf("reçu 400 € de nadia haddad par CB")).toBe("Nadia Haddad");
  });

  it("still reads no name in a contract's or a payment's small words", () => {
    const contract = interpretCommand("contrat de maintenance du site avec le cabinet Roy pour 500 €", now);
    expect(contract.entities).toMatchObject({ client: "Roy", title: "maintenance du site" });
    expect(clientOf("paiement de 300 € reçu pour la facture 2026-0042")).toBeUndefined();
  });
});

describe("a payer named before the verb", () => {
  it.each([
    // The sentence's capital is not the name's: the name is title-cased, its legal form in capitals.
    ["Marc lefort m'a payé 300 € hier", "Marc Lefort"],
    ["Sasu kora a réglé 1 200 € ce matin", "SASU Kora"],
    ["roux-martin a payé 80 €", "Roux-Martin"],
    ["Salut, brasserie lucas a payé 45 €", "Brasserie Lucas"],
    // The article a name has, not the one said before a trade.
    ["L'Atelier Bleu a payé 600 €", "L'Atelier Bleu"],
    ["L'Orangerie a réglé 320 € par chèque", "L'Orangerie"],
    ["La Menuiserie Roy a payé 900 €", "Menuiserie Roy"],
    ["Les Jardins de Lucie ont payé 250 €", "Les Jardins de Lucie"],
  ])("%s → %s", (text, client) => {
    expect(clientOf(text)).toBe(client);
  });
});

describe("a new client's name left once the command is read", () => {
  it.each([
    ["Ajoute Monsieur Karim Haddad comme client", "Karim Haddad"],
    ["Ajoute Mme Vidal comme cliente", "Vidal"],
    ["Enregistre La Fabrique comme client", "La Fabrique"],
    ["Ajoute L'Orangerie comme client", "L'Orangerie"],
  ])("%s → %s", (text, name) => {
    expect(newClientOf(text)).toBe(name);
  });
});

describe("the client a list is filtered by", () => {
  it.each([
    ["Montre les devis de karim haddad", "Karim Haddad"],
    ["affiche les paiements d'imprimerie morin", "Imprimerie Morin"],
    ["les factures de roux-martin stp", "Roux-Martin"],
  ])("%s → %s", (text, client) => {
    expect(clientOf(text)).toBe(client);
  });

  it.each([
    "montre les factures de formation",
    "Affiche mes dépenses de restaurant",
    "les devis de plus de 800 €",
  ])("%s is filtered by no client", (text) => {
    expect(clientOf(text)).toBeUndefined();
  });
});
