import { buttonStyles } from "@client/components/ui/button-styles";
import { errorMessage } from "@client/lib/api-error";
import { useQuery } from "@tanstack/react-query";
import { toast } from "sonner";
import { publicConfigQuery, signInWithGoogle } from "../api/auth-api";

/** Shown only when the server has Google credentials (GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET). */
export function GoogleButton() {
  const { data } = useQuery(publicConfigQuery);
  if (!data?.auth.google) return null;
  const onClick = async () => {
    try {
      const { url } = await signInWithGoogle();
      window.location.assign(url);
    } catch (error) {
      toast.error("Erreur de connexion", { description: errorMessage(error) });
    }
  };
  return (
    <>
      <div className="my-5 flex items-center gap-3 text-xs text-muted-foreground">
        <span className="h-px flex-1 bg-border" />
        ou
        <span className="h-px flex-1 bg-border" />
      </div>
      <button
        type="button"
        onClick={onClick}
        className={buttonStyles({ variant: "secondary", size: "lg", className: "w-full" })}
      >
        Continuer avec Google
      </button>
    </>
  );
}
