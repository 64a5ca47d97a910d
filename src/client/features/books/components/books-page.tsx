import { LoadError } from "@client/components/load-error";
import { buttonStyles } from "@client/components/ui/button-styles";
import { Field } from "@client/components/ui/field";
import { ScrollRegion } from "@client/components/ui/scroll-region";
import { cn } from "@client/lib/cn";
import { parisToday } from "@shared/domain/dates";
import { formatDate, formatMoney } from "@shared/format";
import { type Book, bookHeaders, bookSections, books, bookTitles } from "@shared/schemas/books";
import { Download, FileText } from "lucide-react";
import { useSearchParams } from "react-router";
import { type BookParams, bookExportHref, useBook } from "../api/get-book";

/** Livre des recettes and registre des achats, for a period (the current year by default), with exports. */
export function BooksPage() {
  const [search, setSearch] = useSearchParams();
  const today = parisToday();
  const params: BookParams = {
    book: search.get("livre") === "achats" ? "achats" : "recettes",
    from: search.get("du") ?? `${today.slice(0, 4)}-01-01`,
    to: search.get("au") ?? today,
  };
  const update = (changes: Partial<Record<"livre" | "du" | "au", string>>) =>
    setSearch({ livre: params.book, du: params.from, au: params.to, ...changes }, { replace: true });
  const { data, isPending, isError, error, refetch } = useBook(params);
  const headers = bookHeaders[params.book];
  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Livres</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Les registres obligatoires du micro-entrepreneur. Le livre des recettes se remplit avec les
          paiements enregistrés sur vos factures, le registre des achats avec vos dépenses.
        </p>
      </div>
      <div role="tablist" aria-label="Livre" className="inline-flex rounded-lg border bg-surface p-1">
        {books.map((book: Book) => (
          <button
            key={book}
            type="button"
            role="tab"
            aria-selected={params.book === book}
            onClick={() => update({ livre: book })}
            className={cn(
              "rounded-md px-3 py-1.5 text-sm font-medium",
              params.book === book
                ? "bg-primary text-primary-foreground"
                : "text-muted-foreground hover:bg-muted",
            )}
          >
            {bookTitles[book]}
          </button>
        ))}
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <Field
          type="date"
          label="Du"
          value={params.from}
          onChange={(event) => event.target.value && update({ du: event.target.value })}
          className="w-44"
        />
        <Field
          type="date"
          label="Au"
          value={params.to}
          onChange={(event) => event.target.value && update({ au: event.target.value })}
          className="w-44"
        />
        <a href={bookExportHref(params, "csv")} className={buttonStyles({ variant: "secondary" })}>
          <Download aria-hidden="true" />
          CSV
        </a>
        <a href={bookExportHref(params, "pdf")} className={buttonStyles({ variant: "secondary" })}>
          <FileText aria-hidden="true" />
          PDF
        </a>
      </div>
      {isPending ? (
        <div className="h-48 animate-pulse rounded-2xl bg-muted" />
      ) : isError ? (
        <LoadError title="Impossible de charger ce livre" message={error.message} onRetry={() => refetch()} />
      ) : (
        <section aria-labelledby="book-title" className="rounded-2xl border bg-surface shadow-sm">
          <h2 id="book-title" className="border-b px-4 py-3 text-base font-semibold">
            {bookTitles[data.book]} du {formatDate(data.from)} au {formatDate(data.to)}
          </h2>
          {data.entries.length === 0 ? (
            <p className="px-4 py-8 text-center text-sm text-muted-foreground">
              Aucune écriture sur la période.
            </p>
          ) : (
            <ScrollRegion label={`Écritures : ${bookTitles[data.book]}`} className="overflow-x-auto">
              <table className="w-full min-w-[40rem] text-sm">
                <thead className="text-left text-xs text-muted-foreground">
                  <tr>
                    <th scope="col" className="px-4 py-2 font-medium">
                      {headers.date}
                    </th>
                    <th scope="col" className="px-4 py-2 font-medium">
                      {headers.reference}
                    </th>
                    <th scope="col" className="px-4 py-2 font-medium">
                      {headers.party}
                    </th>
                    <th scope="col" className="px-4 py-2 font-medium">
                      {headers.nature}
                    </th>
                    <th scope="col" className="px-4 py-2 text-right font-medium">
                      {headers.amountCents}
                    </th>
                    <th scope="col" className="px-4 py-2 font-medium">
                      {headers.method}
                    </th>
                  </tr>
                </thead>
                {bookSections(data).map((section, _, sections) => (
                  <tbody key={section.title}>
                    <tr className="border-t bg-muted/40">
                      <th scope="rowgroup" colSpan={6} className="px-4 py-2 text-left text-xs font-semibold">
                        {section.title}
                      </th>
                    </tr>
                    {section.entries.map((entry) => (
                      <tr key={entry.id} className="border-t">
                        <td className="px-4 py-2 whitespace-nowrap">{formatDate(entry.date)}</td>
                        <td className="px-4 py-2">{entry.reference || "—"}</td>
                        <td className="px-4 py-2">{entry.party || "—"}</td>
                        <td className="px-4 py-2">{entry.nature}</td>
                        <td className="px-4 py-2 text-right tabular-nums whitespace-nowrap">
                          {formatMoney(entry.amountCents)}
                        </td>
                        <td className="px-4 py-2">{entry.method ?? "—"}</td>
                      </tr>
                    ))}
                    {sections.length > 1 && (
                      <tr className="border-t text-muted-foreground">
                        <th scope="row" colSpan={4} className="px-4 py-2 text-left font-medium">
                          Sous-total {section.title.toLowerCase()}
                        </th>
                        <td className="px-4 py-2 text-right tabular-nums whitespace-nowrap">
                          {formatMoney(section.totalCents)}
                        </td>
                        <td />
                      </tr>
                    )}
                  </tbody>
                ))}
                <tfoot>
                  <tr className="border-t font-semibold">
                    <th scope="row" colSpan={4} className="px-4 py-2 text-left">
                      Total
                    </th>
                    <td className="px-4 py-2 text-right tabular-nums whitespace-nowrap">
                      {formatMoney(data.totalCents)}
                    </td>
                    <td />
                  </tr>
                </tfoot>
              </table>
            </ScrollRegion>
          )}
        </section>
      )}
    </div>
  );
}
