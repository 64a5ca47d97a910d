import { buttonStyles } from "@client/components/ui/button-styles";
import { useSignOut } from "@client/lib/session";
import { paths } from "@shared/paths";
import { LogOut } from "lucide-react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { SectionCard } from "./section-card";

export function SessionsCard() {
  const signOut = useSignOut();
  const navigate = useNavigate();
  const onClick = () =>
    signOut.mutate(undefined, {
      onSuccess: () => {
        toast.success("Déconnexion réussie");
        navigate(paths.auth.signIn, { replace: true });
      },
      onError: () => toast.error("Échec de déconnexion"),
    });
  return (
    <SectionCard
      title="Sessions"
      description="La déconnexion ferme votre session sur tous vos appareils (ordinateur, téléphone, tablette)."
    >
      <button
        type="button"
        onClick={onClick}
        disabled={signOut.isPending}
        className={buttonStyles({ variant: "secondary" })}
      >
        <LogOut aria-hidden="true" />
        Se déconnecter de tous les appareils
      </button>
    </SectionCard>
  );
}
