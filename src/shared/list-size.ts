// The page sizes of every list, for the API's query schema and for the screens: apart from the schemas, so
// that a list screen can read them without loading zod (issue 15).
export const LIST_PAGE_SIZE = 20;
export const LIST_MAX_PAGE_SIZE = 100;
