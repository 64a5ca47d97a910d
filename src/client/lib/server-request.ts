/**
 * What the browser gives a page that the server must give instead while it renders the page itself
 * (src/client/prerender.tsx, issue 15): the way to its own API, with the request's session, and the
 * request's cookies. Undefined in the browser, and while the build prerenders a page that needs no data.
 */
export type ServerRequest = {
  fetch: (path: string, init: RequestInit) => Promise<Response>;
  cookie: string;
};

let current: () => ServerRequest | undefined = () => undefined;

/** Set once by the server's renderer: the request being rendered, from its async context. */
export function setServerRequestSource(source: () => ServerRequest | undefined): void {
  current = source;
}

export function serverRequest(): ServerRequest | undefined {
  return current();
}

/** The cookies of the page's request: the browser's, or the request the server is rendering. */
export function requestCookies(): string {
  return current()?.cookie ?? (typeof document === "undefined" ? "" : document.cookie);
}
