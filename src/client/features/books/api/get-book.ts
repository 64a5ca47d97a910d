import { apiFetch } from "@client/lib/api-client";
import { type Book, bookDto } from "@shared/schemas/books";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

export type BookParams = { book: Book; from: string; to: string };

const search = ({ from, to }: BookParams) => `?from=${from}&to=${to}`;

export const bookQueryOptions = (params: BookParams) =>
  queryOptions({
    // Under the payments and expenses they are made of: a change there refreshes the book.
    queryKey: ["books", params],
    queryFn: ({ signal }) =>
      apiFetch(`/api/books/${params.book}${search(params)}`, { schema: bookDto, signal }),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

export const useBook = (params: BookParams) => useQuery(bookQueryOptions(params));

export const bookExportHref = (params: BookParams, format: "csv" | "pdf") =>
  `/api/books/${params.book}/export.${format}${search(params)}`;
