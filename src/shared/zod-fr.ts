import { z } from "zod";

// Zod's built-in French locale: every message a schema does not override reads in French.
z.config(z.locales.fr());
