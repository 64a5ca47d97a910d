import { toast } from "sonner";

/** The house error toast: a French title and the server's message. */
export function showError(error: Error): void {
  toast.error("Une erreur est survenue", { description: error.message });
}
