// The global search's limits, for the API's query schema and for the palette: apart from the schemas, so
// that the palette reads them without loading zod (issue 15).

/** The most records of one kind the global search returns: the palette shows a short group per kind. */
export const SEARCH_LIMIT_PER_KIND = 5;
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;
