/**
 * The id of the app's main region: the skip link, the focus after a page change and after a dialog whose
 * opener is gone all aim at it.
 */
export const MAIN_CONTENT_ID = "contenu";
