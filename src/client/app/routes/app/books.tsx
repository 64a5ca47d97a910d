import { BooksPage } from "@client/features/books/components/books-page";

export function Component() {
  return <BooksPage />;
}
