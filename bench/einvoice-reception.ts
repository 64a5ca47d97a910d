import { readdirSync, readFileSync, statSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { createDemoAccount, DEMO_EMAIL, DEMO_PASSWORD } from "../scripts/demo-data/account";
import { createTestContext, TEST_APP_URL } from "../src/server/test/test-app";
import { TRUTH, type Truth } from "./einvoice-reception-truth";

// Reception of other people's e-invoices (issue 28 §5): every file of the folder EINVOICE_SAMPLES (public
// samples: the CEN EN 16931 test suite, mustangproject, akretion/factur-x) goes through the app's own
// import endpoint on the demo account, preview then confirmation, as the expenses page sends it. Each
// outcome is judged against what the file says (einvoice-reception-truth.ts): recorded right (supplier,
// number, day, amount, VAT), or refused for the right reason, said in French.
//
//   EINVOICE_SAMPLES=/work/tmp/einv-samples npx tsx bench/einvoice-reception.ts

const folder = process.env.EINVOICE_SAMPLES;
if (!folder) throw new Error("EINVOICE_SAMPLES must name the folder of sample e-invoices");

const filesUnder = (dir: string): string[] =>
  readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? filesUnder(path) : /\.(xml|pdf)$/i.test(name) ? [path] : [];
    });

type Expense = {
  supplier: string | null;
  supplierInvoiceNumber: string | null;
  date: string;
  amountCents: number;
  vatCents: number;
  vatLines?: { vatCents: number }[];
};
type Outcome = { recorded: Expense } | { refused: string };

const context = await createTestContext();
await createDemoAccount(context.database.db, context.auth);
const signIn = await context.app.request("/api/auth/sign-in/email", {
  method: "POST",
  headers: { "content-type": "application/json", origin: TEST_APP_URL },
  body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
});
const cookie = signIn.headers
  .getSetCookie()
  .map((value) => value.split(";")[0])
  .join("; ");

/** A multipart upload as the page sends it; the upload limit (60 a minute) is waited out, as a user would. */
async function post(path: string, bytes: Uint8Array, name: string, expense?: unknown): Promise<Response> {
  const form = new FormData();
  form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], name));
  if (expense !== undefined) form.set("expense", JSON.stringify(expense));
  const response = await context.app.request(path, {
    method: "POST",
    body: form,
    headers: { origin: TEST_APP_URL, cookie },
  });
  if (response.status !== 429) return response;
  const seconds = Number(/(\d+) s\./.exec(await refusal(response))?.[1] ?? 60);
  await new Promise((resolve) => setTimeout(resolve, (seconds + 1) * 1000));
  return post(path, bytes, name, expense);
}

/** The refusal as the user reads it: the message and each issue under it. */
async function refusal(response: Response): Promise<string> {
  const body = (await response.json()) as { error?: { message?: string; issues?: { message: string }[] } };
  return [body.error?.message, ...(body.error?.issues ?? []).map((issue) => issue.message)].join(" / ");
}

async function importFile(path: string, truth: Truth | undefined): Promise<Outcome> {
  const bytes = new Uint8Array(readFileSync(path));
  const name = basename(path);
  const preview = await post("/api/expenses/import", bytes, name);
  if (preview.status !== 200) return { refused: `${preview.status} ${await refusal(preview)}` };
  const { draft } = (await preview.json()) as { draft: { title: string; needsExchangeRate?: boolean } };
  const rate = draft.needsExchangeRate && truth && "exchangeRate" in truth ? truth.exchangeRate : undefined;
  const confirmed = await post("/api/expenses/import/confirm", bytes, name, {
    title: draft.title,
    ...(rate ? { exchangeRate: rate } : {}),
  });
  if (confirmed.status !== 201) return { refused: `${confirmed.status} ${await refusal(confirmed)}` };
  return { recorded: (await confirmed.json()) as Expense };
}

const vatOf = (expense: Expense) =>
  expense.vatLines ? expense.vatLines.reduce((sum, line) => sum + line.vatCents, 0) : expense.vatCents;

const recordedKeys = new Set<string>();
const key = (supplier: string, number: string) => `${supplier}\u0000${number}`;

function judge(truth: Truth | undefined, outcome: Outcome): { right: boolean; why: string } {
  if (!truth) return { right: false, why: "no truth for this file" };
  if ("refuse" in truth) {
    if ("refused" in outcome)
      return {
        right: truth.refuse.test(outcome.refused),
        why: `expected a refusal matching ${truth.refuse}`,
      };
    return { right: false, why: `recorded, expected a refusal matching ${truth.refuse}` };
  }
  if ("refused" in outcome) {
    // The same invoice met again (the suites repeat one invoice in several syntaxes): a duplicate is right.
    const isDuplicate =
      /déjà été importée/.test(outcome.refused) && recordedKeys.has(key(truth.supplier, truth.number));
    return {
      right: isDuplicate,
      why: isDuplicate ? "duplicate of an earlier file" : "refused, expected recorded",
    };
  }
  const { recorded } = outcome;
  const wrong = [
    recorded.supplier !== truth.supplier && `supplier ${recorded.supplier}`,
    recorded.supplierInvoiceNumber !== truth.number && `number ${recorded.supplierInvoiceNumber}`,
    recorded.date !== truth.date && `date ${recorded.date}`,
    recorded.amountCents !== truth.grossCents && `amount ${recorded.amountCents} ≠ ${truth.grossCents}`,
    vatOf(recorded) !== truth.vatCents && `VAT ${vatOf(recorded)} ≠ ${truth.vatCents}`,
  ].filter(Boolean);
  if (wrong.length === 0) recordedKeys.add(key(truth.supplier, truth.number));
  return { right: wrong.length === 0, why: wrong.join(", ") };
}

const paths = filesUnder(folder);
let right = 0;
try {
  for (const path of paths) {
    const truth = TRUTH[basename(path)];
    const outcome = await importFile(path, truth);
    const verdict = judge(truth, outcome);
    if (verdict.right) right++;
    const what =
      "recorded" in outcome
        ? `recorded ${outcome.recorded.amountCents} (TVA ${vatOf(outcome.recorded)}, déductible ${outcome.recorded.vatCents})`
        : `refused: ${outcome.refused}`;
    console.log(
      `${verdict.right ? "ok  " : "FAIL"} ${relative(folder, path)} — ${what}${verdict.right ? "" : ` — ${verdict.why}`}`,
    );
  }
} finally {
  await context.close();
}
console.log(
  `\nRecorded right or refused for the right reason: ${right} / ${paths.length} (${((100 * right) / paths.length).toFixed(1)} %)`,
);
