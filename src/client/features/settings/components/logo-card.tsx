import { buttonStyles } from "@client/components/ui/button-styles";
import { SectionCard } from "@client/components/ui/section-card";
import { cn } from "@client/lib/cn";
import { LOGO_FILE_TYPES, type LogoDto, validateLogoFile } from "@shared/schemas/settings";
import { ImageIcon, ImageUp, LoaderCircle, Trash2 } from "lucide-react";
import { type ChangeEvent, type DragEvent, useId, useState } from "react";
import { toast } from "sonner";
import { useDeleteLogo } from "../api/delete-logo";
import { useUploadLogo } from "../api/upload-logo";

const size = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 1 });
const formatSize = (bytes: number) =>
  bytes < 1024 * 1024 ? `${size.format(bytes / 1024)} Ko` : `${size.format(bytes / 1024 / 1024)} Mo`;

/** Upload (checked here with the spec's rules before sending, and again on the server), preview, remove. */
export function LogoCard({ logo }: { logo: LogoDto | null }) {
  const inputId = useId();
  const [error, setError] = useState<string | null>(null);
  const [isDragging, setIsDragging] = useState(false);
  const upload = useUploadLogo();
  const remove = useDeleteLogo();
  const isBusy = upload.isPending || remove.isPending;

  const send = (file: File) => {
    const check = validateLogoFile(file);
    if (!check.valid) {
      setError(check.error);
      return;
    }
    setError(null);
    upload.mutate(file, {
      onSuccess: () => toast.success("Logo enregistré"),
      onError: (failure) => setError(failure.message),
    });
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (file) send(file);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setIsDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) send(file);
  };

  const onRemove = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setError(null);
        toast.success("Logo supprimé");
      },
      onError: (failure) => toast.error("Le logo n'a pas été supprimé", { description: failure.message }),
    });

  return (
    <SectionCard
      id="logo"
      icon={ImageIcon}
      title="Logo"
      description="Affiché en haut de vos devis et factures. PNG, JPEG ou WebP, 10 Mo au maximum."
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping a file is a pointer shortcut; the file button is the accessible path */}
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setIsDragging(true);
        }}
        onDragLeave={() => setIsDragging(false)}
        onDrop={onDrop}
        className={cn(
          "flex flex-col items-center gap-4 rounded-xl border border-dashed p-4 sm:flex-row sm:p-5",
          isDragging && "border-primary bg-accent/50",
        )}
      >
        <div className="grid h-24 w-40 shrink-0 place-items-center overflow-hidden rounded-lg border bg-white p-2">
          {logo ? (
            <img
              src={`/api/settings/logo?v=${logo.id}`}
              alt="Votre logo"
              className="max-h-full max-w-full object-contain"
            />
          ) : (
            <ImageIcon className="size-8 text-slate-300" aria-hidden="true" />
          )}
        </div>
        <div className="min-w-0 flex-1 text-center sm:text-left">
          {logo ? (
            <>
              <p className="truncate text-sm font-medium text-foreground">{logo.name}</p>
              <p className="text-xs text-muted-foreground">{formatSize(logo.sizeBytes)}</p>
            </>
          ) : (
            <>
              <p className="text-sm font-medium text-foreground">Aucun logo</p>
              <p className="text-xs text-muted-foreground">Glissez une image ici ou choisissez un fichier.</p>
            </>
          )}
          <div className="mt-3 flex flex-wrap justify-center gap-2 sm:justify-start">
            <label
              htmlFor={inputId}
              className={cn(
                buttonStyles({ variant: "secondary", size: "sm" }),
                "cursor-pointer",
                isBusy && "pointer-events-none opacity-50",
              )}
            >
              {upload.isPending ? (
                <LoaderCircle className="animate-spin" aria-hidden="true" />
              ) : (
                <ImageUp aria-hidden="true" />
              )}
              {logo ? "Remplacer le logo" : "Choisir un logo"}
            </label>
            <input
              id={inputId}
              type="file"
              accept={LOGO_FILE_TYPES.join(",")}
              className="sr-only"
              disabled={isBusy}
              onChange={onChange}
            />
            {logo ? (
              <button
                type="button"
                onClick={onRemove}
                disabled={isBusy}
                className={buttonStyles({ variant: "ghost", size: "sm", className: "text-danger" })}
              >
                {remove.isPending ? (
                  <LoaderCircle className="animate-spin" aria-hidden="true" />
                ) : (
                  <Trash2 aria-hidden="true" />
                )}
                Supprimer
              </button>
            ) : null}
          </div>
        </div>
      </div>
      {error ? (
        <p role="alert" className="mt-3 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </SectionCard>
  );
}
