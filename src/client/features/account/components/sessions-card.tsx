import { buttonStyles } from "@client/components/ui/button-styles";
import { ConfirmDialog } from "@client/components/ui/confirm-dialog";
import { useSignOut } from "@client/lib/session";
import { paths } from "@shared/paths";
import { LogOut } from "lucide-react";
import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { useAccountCredentials } from "../api/account-api";
import { CredentialsList, hasCredentials, revokedSentence } from "./credentials-list";
import { SectionCard } from "./section-card";

/**
 * « Se déconnecter de tous les appareils »: every session ends. The API tokens and calendar feeds are no
 * session and would go on working, so the dialog lists them and revokes them too unless the user unticks it.
 */
export function SessionsCard() {
  const signOut = useSignOut();
  const navigate = useNavigate();
  const checkboxId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [isRevoking, setIsRevoking] = useState(true);
  const credentials = useAccountCredentials({ isEnabled: isOpen });
  const isListed = hasCredentials(credentials.data);

  const onConfirm = () =>
    signOut.mutate(
      // Nothing listed: revoking still covers a token made meanwhile on another device.
      { revokeCredentials: isListed ? isRevoking : true },
      {
        onSuccess: (answer) => {
          const revoked = revokedSentence(answer.revoked);
          toast.success("Déconnexion réussie", revoked ? { description: revoked } : undefined);
          navigate(paths.auth.signIn, { replace: true });
        },
        onError: () => toast.error("Échec de déconnexion"),
      },
    );

  return (
    <SectionCard
      title="Sessions"
      description="La déconnexion ferme votre session sur tous vos appareils (ordinateur, téléphone, tablette)."
    >
      <button
        type="button"
        onClick={() => {
          setIsRevoking(true);
          setIsOpen(true);
        }}
        disabled={signOut.isPending}
        className={buttonStyles({ variant: "secondary" })}
      >
        <LogOut aria-hidden="true" />
        Se déconnecter de tous les appareils
      </button>
      <ConfirmDialog
        isOpen={isOpen}
        onOpenChange={setIsOpen}
        title="Se déconnecter partout ?"
        confirmLabel="Se déconnecter partout"
        isPending={signOut.isPending}
        onConfirm={onConfirm}
      >
        <p>Toutes vos sessions seront fermées, sur cet appareil comme sur les autres.</p>
        {credentials.isPending ? (
          <p>Recherche de vos jetons d'API et flux de calendrier…</p>
        ) : credentials.isError ? (
          <p>
            Impossible de lister vos jetons d'API et flux de calendrier. Cochée, la case les révoque tous
            quand même.
          </p>
        ) : (
          <>
            {isListed ? (
              <p>
                Ces accès ne passent pas par une session : sans révocation, ils continuent de fonctionner.
              </p>
            ) : null}
            <CredentialsList credentials={credentials.data} />
          </>
        )}
        {isListed || credentials.isError ? (
          <div className="flex items-start gap-3">
            <input
              id={checkboxId}
              type="checkbox"
              checked={isRevoking}
              onChange={(event) => setIsRevoking(event.target.checked)}
              className="mt-0.5 size-5 shrink-0"
            />
            <label htmlFor={checkboxId} className="text-foreground">
              Révoquer aussi les jetons d'API et les flux de calendrier
              <span className="block text-muted-foreground">
                Zapier, vos scripts et vos agendas abonnés perdront aussitôt l'accès ; vous pourrez en créer
                de nouveaux dans Intégrations.
              </span>
            </label>
          </div>
        ) : null}
      </ConfirmDialog>
    </SectionCard>
  );
}
