import { buttonStyles } from "@client/components/ui/button-styles";
import { isApiError } from "@client/lib/api-error";
import { cn } from "@client/lib/cn";
import { BLANK_DOCUMENT_PROMPT, type DocumentKind, type GeneratedDocument } from "@shared/schemas/assistant";
import { FileText, LoaderCircle, WandSparkles } from "lucide-react";
import { RadioGroup } from "radix-ui";
import { useId, useState } from "react";
import { toast } from "sonner";
import { useGenerateDocument } from "../api/generate-document";
import { DOCUMENT_KINDS, documentKind } from "./document-kinds";
import { GeneratedDocumentCard } from "./generated-document-card";

/** 'Erreur de génération' when the server refused the prompt, 'Erreur inattendue' for anything else. */
function toastGenerationError(error: Error) {
  const isRefused = isApiError(error) && error.status >= 400 && error.status < 500;
  toast.error(isRefused ? "Erreur de génération" : "Erreur inattendue", {
    description: error.message || "Une erreur inattendue est survenue.",
  });
}

/** Spec §2 document generation screen: a kind, a free-text prompt, then the generated draft. */
export function DocumentGenerator({ onNavigate }: { onNavigate?: () => void }) {
  const promptId = useId();
  const [kind, setKind] = useState<DocumentKind>("quote");
  const [prompt, setPrompt] = useState("");
  const [isTouched, setTouched] = useState(false);
  const [document, setDocument] = useState<GeneratedDocument | null>(null);
  const generate = useGenerateDocument();
  const isBlank = prompt.trim() === "";
  // The server's refusal ("Je n'ai pas pu identifier le nom du client…") stays under the prompt until it
  // is edited: the toast alone fades, and the dialog is where the user looks.
  const error = isTouched && isBlank ? BLANK_DOCUMENT_PROMPT : (generate.error?.message ?? null);
  const { example, listName } = documentKind(kind);

  const onSubmit = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    setTouched(true);
    if (isBlank || generate.isPending) return;
    generate.mutate({ kind, prompt }, { onSuccess: setDocument, onError: toastGenerationError });
  };

  return (
    <div className="flex-1 overflow-y-auto px-4 py-5 sm:px-6">
      <div className="mx-auto max-w-2xl space-y-5">
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">Type de document</legend>
            <RadioGroup.Root
              value={kind}
              onValueChange={(value) => {
                setKind(value as DocumentKind);
                generate.reset();
              }}
              aria-label="Type de document"
              className="grid grid-cols-3 gap-2"
            >
              {DOCUMENT_KINDS.map((entry) => (
                <RadioGroup.Item
                  key={entry.kind}
                  value={entry.kind}
                  className="flex h-11 items-center justify-center gap-2 rounded-lg border bg-surface px-2 text-sm font-medium shadow-sm transition-colors outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring/40 data-[state=checked]:border-primary data-[state=checked]:bg-accent data-[state=checked]:text-accent-foreground"
                >
                  <span
                    className="flex size-4 items-center justify-center rounded-full border-2 border-current opacity-70"
                    aria-hidden="true"
                  >
                    <RadioGroup.Indicator className="size-1.5 rounded-full bg-current" />
                  </span>
                  {entry.label}
                </RadioGroup.Item>
              ))}
            </RadioGroup.Root>
          </fieldset>

          <div className="space-y-1.5">
            <label htmlFor={promptId} className="text-sm font-medium">
              Décrivez le document
            </label>
            <textarea
              id={promptId}
              rows={4}
              value={prompt}
              onChange={(event) => {
                setPrompt(event.target.value);
                setTouched(true);
                generate.reset();
              }}
              onKeyDown={(event) => {
                if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) onSubmit(event);
              }}
              placeholder={`Ex. : ${example}`}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${promptId}-error` : `${promptId}-hint`}
              className="w-full resize-y rounded-lg border bg-surface px-3 py-2 text-base shadow-sm outline-none placeholder:text-muted-foreground focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-ring/30 aria-[invalid=true]:border-danger sm:text-sm"
            />
            {error ? (
              <p id={`${promptId}-error`} role="alert" className="text-sm text-danger">
                {error}
              </p>
            ) : (
              <p id={`${promptId}-hint`} className="text-xs text-muted-foreground">
                Nommez le client et le montant ; l'intitulé de la prestation devient la ligne du document.
              </p>
            )}
          </div>

          <button
            type="submit"
            disabled={isBlank || generate.isPending}
            className={cn(buttonStyles(), "w-full sm:w-auto")}
          >
            {generate.isPending ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : (
              <WandSparkles aria-hidden="true" />
            )}
            {generate.isPending ? "Génération en cours..." : "Générer le document"}
          </button>
        </form>

        {document ? (
          <GeneratedDocumentCard key={document.id} document={document} onNavigate={onNavigate} />
        ) : (
          <p className="flex items-start gap-2.5 rounded-xl border border-dashed p-4 text-sm text-muted-foreground">
            <FileText className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            Le document est créé en brouillon dans vos {listName} : vous pourrez le prévisualiser, le
            télécharger ou l'envoyer par e-mail.
          </p>
        )}
      </div>
    </div>
  );
}
