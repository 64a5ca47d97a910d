import { Field } from "@client/components/ui/field";
import { FormActions } from "@client/components/ui/form-actions";
import { ScrollRegion } from "@client/components/ui/scroll-region";
import { SelectField } from "@client/components/ui/select-field";
import { isApiError } from "@client/lib/api-error";
import { cn } from "@client/lib/cn";
// zod's own messages in French, as every form of the product (see lib/form.ts).
import "@shared/zod-fr";
import { centsToEurosField, optionalEurosToCents } from "@client/lib/euros-field";
import {
  type ContractDto,
  type ContractTemplateId,
  type CreateContractData,
  createContractInput,
} from "@shared/schemas/contracts";
import { FileText, LoaderCircle } from "lucide-react";
import { useState } from "react";
import { type Path, useForm } from "react-hook-form";
import { toast } from "sonner";
import { useClientOptions, useProjectOptions } from "../api/get-options";
import { useContractTemplates, useRenderTemplate } from "../api/get-templates";
import { ContractText } from "./contract-text";

/** The form edits euros; the API speaks cents. */
type FormValues = {
  title: string;
  clientId: string;
  projectId: string;
  startDate: string;
  endDate: string;
  amount: string;
  content: string;
};

function formValues(contract?: ContractDto): FormValues {
  return {
    title: contract?.title ?? "",
    clientId: contract?.clientId ?? "",
    projectId: contract?.projectId ?? "",
    startDate: contract?.startDate ?? "",
    endDate: contract?.endDate ?? "",
    amount: centsToEurosField(contract?.amountCents ?? null),
    content: contract?.content ?? "",
  };
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: React.ReactNode;
}) {
  return (
    <section className="rounded-2xl border bg-surface p-5 shadow-sm sm:p-6" aria-label={title}>
      <h2 className="text-base font-semibold">{title}</h2>
      {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}

type ContractFormProps = {
  initial?: ContractDto;
  submitLabel: string;
  isPending: boolean;
  onSubmit: (input: CreateContractData) => Promise<unknown>;
  onCancel?: () => void;
};

/** Creates or edits a draft contract: its terms, a template to start from, and the text with a preview. */
export function ContractForm({ initial, submitLabel, isPending, onSubmit, onCancel }: ContractFormProps) {
  const form = useForm<FormValues>({ defaultValues: formValues(initial), mode: "onTouched" });
  const { errors } = form.formState;
  const clients = useClientOptions();
  const projects = useProjectOptions();
  const templates = useContractTemplates();
  const render = useRenderTemplate();
  const [view, setView] = useState<"edit" | "preview">("edit");
  const [appliedTemplate, setAppliedTemplate] = useState<ContractTemplateId | null>(null);
  const content = form.watch("content");

  const applyTemplate = (templateId: ContractTemplateId) => {
    const values = form.getValues();
    const amountCents = optionalEurosToCents(values.amount);
    render.mutate(
      {
        templateId,
        title: values.title || undefined,
        clientId: values.clientId || null,
        projectId: values.projectId || null,
        startDate: values.startDate || null,
        endDate: values.endDate || null,
        amountCents: Number.isNaN(amountCents) ? null : amountCents,
      },
      {
        onSuccess: (rendered) => {
          if (!values.title) form.setValue("title", rendered.title, { shouldDirty: true });
          form.setValue("content", rendered.content, { shouldDirty: true });
          setAppliedTemplate(templateId);
          toast.success("Modèle appliqué", {
            description: "Relisez le texte et complétez les passages surlignés.",
          });
        },
        onError: (error) => toast.error("Une erreur est survenue", { description: error.message }),
      },
    );
  };

  const submit = form.handleSubmit(async ({ amount, ...values }) => {
    form.clearErrors();
    const amountCents = optionalEurosToCents(amount);
    if (Number.isNaN(amountCents)) {
      form.setError("amount", { message: "Montant invalide (ex. : 1 500,00)." });
      return;
    }
    const result = createContractInput.safeParse({
      ...values,
      clientId: values.clientId || null,
      projectId: values.projectId || null,
      amountCents,
    });
    if (!result.success) {
      for (const issue of result.error.issues) {
        const path = String(issue.path[0] ?? "");
        form.setError((path === "amountCents" ? "amount" : path) as Path<FormValues>, {
          message: issue.message,
        });
      }
      return;
    }
    try {
      await onSubmit(result.data);
    } catch (error) {
      if (isApiError(error) && error.issues?.length)
        for (const issue of error.issues)
          form.setError(issue.path as Path<FormValues>, { message: issue.message });
      if (error instanceof Error) toast.error("Une erreur est survenue", { description: error.message });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      <Section title="Informations">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            className="sm:col-span-2"
            label="Titre du contrat"
            autoComplete="off"
            error={errors.title?.message}
            {...form.register("title")}
          />
          <SelectField label="Client" error={errors.clientId?.message} {...form.register("clientId")}>
            <option value="">Aucun client</option>
            {(clients.data?.items ?? []).map((client) => (
              <option key={client.id} value={client.id}>
                {client.name}
              </option>
            ))}
          </SelectField>
          <SelectField label="Projet" error={errors.projectId?.message} {...form.register("projectId")}>
            <option value="">Aucun projet</option>
            {(projects.data?.items ?? []).map((project) => (
              <option key={project.id} value={project.id}>
                {project.name}
              </option>
            ))}
          </SelectField>
          <Field
            label="Date de début"
            type="date"
            error={errors.startDate?.message}
            {...form.register("startDate")}
          />
          <Field
            label="Date de fin"
            type="date"
            error={errors.endDate?.message}
            {...form.register("endDate")}
          />
          <Field
            label="Montant HT (€)"
            inputMode="decimal"
            placeholder="4 500,00"
            error={errors.amount?.message}
            {...form.register("amount")}
          />
        </div>
      </Section>

      <Section
        title="Modèle"
        description="Choisissez le client, le montant et les dates d'abord : le modèle les reprend, avec votre identité (Paramètres)."
      >
        <fieldset className="grid gap-3 sm:grid-cols-3">
          <legend className="sr-only">Modèles de contrat</legend>
          {(templates.data ?? []).map((template) => (
            <button
              key={template.id}
              type="button"
              onClick={() => applyTemplate(template.id)}
              disabled={render.isPending}
              aria-pressed={appliedTemplate === template.id}
              className={cn(
                "flex flex-col items-start gap-1 rounded-xl border p-4 text-left transition-colors hover:bg-muted/60 disabled:opacity-60",
                appliedTemplate === template.id && "border-primary ring-2 ring-primary/25",
              )}
            >
              <span className="flex items-center gap-2 text-sm font-medium">
                {render.isPending && render.variables?.templateId === template.id ? (
                  <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
                ) : (
                  <FileText className="size-4 text-primary" aria-hidden="true" />
                )}
                {template.title}
              </span>
              <span className="text-xs text-muted-foreground">{template.description}</span>
            </button>
          ))}
        </fieldset>
      </Section>

      <Section
        title="Contenu"
        description="Une ligne commençant par « ## » devient un titre ; une ligne vide sépare les paragraphes."
      >
        <div className="mb-3 flex gap-1 rounded-lg border bg-muted/50 p-1 lg:hidden" role="tablist">
          {(["edit", "preview"] as const).map((tab) => (
            <button
              key={tab}
              type="button"
              role="tab"
              aria-selected={view === tab}
              onClick={() => setView(tab)}
              className={cn(
                "h-8 flex-1 rounded-md text-sm font-medium",
                view === tab ? "bg-surface shadow-sm ring-1 ring-border" : "text-muted-foreground",
              )}
            >
              {tab === "edit" ? "Rédaction" : "Aperçu"}
            </button>
          ))}
        </div>
        <div className="grid gap-4 lg:grid-cols-2">
          <div className={cn("space-y-1.5", view === "preview" && "hidden lg:block")}>
            <label htmlFor="contract-content" className="text-sm font-medium">
              Texte du contrat
            </label>
            <textarea
              id="contract-content"
              rows={22}
              placeholder="Rédigez le contrat ou partez d'un modèle."
              aria-invalid={errors.content ? true : undefined}
              className="w-full rounded-lg border bg-surface px-3 py-2 font-mono text-sm leading-relaxed shadow-sm outline-none placeholder:text-muted-foreground focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-ring/30"
              {...form.register("content")}
            />
            {errors.content ? <p className="text-sm text-danger">{errors.content.message}</p> : null}
          </div>
          <div className={cn("space-y-1.5", view === "edit" && "hidden lg:block")}>
            <p className="text-sm font-medium">Aperçu</p>
            <ScrollRegion
              label="Aperçu du contrat"
              className="max-h-[34rem] overflow-y-auto rounded-lg border bg-background p-4"
              data-testid="contract-preview"
            >
              <ContractText content={content} />
            </ScrollRegion>
          </div>
        </div>
      </Section>

      <FormActions submitLabel={submitLabel} isPending={isPending} onCancel={onCancel} />
    </form>
  );
}
