import type { FieldErrors, FieldValues, Resolver } from "react-hook-form";
import { toast } from "sonner";
import type { ZodType } from "zod";

/**
 * A form resolver that loads zod, its French messages and the form's schema when the form is first checked
 * (on submit, then on each change), not with the page: the sign-in page hydrates without 140 kB of code it
 * needs only once the user acts (issue 15, Lighthouse on /auth). The schemas stay the shared ones.
 * A download that fails is said, and the next submit tries again.
 */
export function lazyZodResolver<Values extends FieldValues>(
  loadSchema: () => Promise<ZodType<Values, Values>>,
): Resolver<Values> {
  let loading: Promise<Resolver<Values>> | undefined;
  return async (values, context, options) => {
    loading ??= Promise.all([import("./form"), loadSchema()]).then(([{ zodResolver }, schema]) =>
      zodResolver(schema),
    );
    try {
      return await (await loading)(values, context, options);
    } catch (error) {
      loading = undefined;
      console.error(error);
      const message = "Le formulaire n'a pas pu être vérifié : vérifiez votre connexion puis réessayez.";
      toast.error("Vérification impossible", { description: message });
      const errors = { root: { type: "load", message } } as FieldErrors<Values>;
      return { values: {}, errors };
    }
  };
}
