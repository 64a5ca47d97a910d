// Forms validate with the shared zod schemas; importing the resolver from here also switches zod's built-in
// messages to French. It loads with the first form, not with the public pages.
import "@shared/zod-fr";

export { zodResolver } from "@hookform/resolvers/zod";
