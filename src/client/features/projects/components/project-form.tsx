import { Field } from "@client/components/ui/field";
import { FormActions } from "@client/components/ui/form-actions";
import { SelectField } from "@client/components/ui/select-field";
import { isApiError } from "@client/lib/api-error";
// zod's own messages in French, as every form of the product (see lib/form.ts).
import "@shared/zod-fr";
import { centsToEurosField, optionalEurosToCents } from "@client/lib/euros-field";
import {
  type CreateProjectData,
  type CreateProjectInput,
  createProjectInput,
  type ProjectDto,
  projectStatusChoices,
  projectStatusLabels,
} from "@shared/schemas/projects";
import { type Path, useForm } from "react-hook-form";
import { toast } from "sonner";
import { useClientOptions } from "../api/get-client-options";

/** The form edits euros; the API speaks cents. */
type FormValues = Omit<CreateProjectInput, "budgetCents" | "hourlyRateCents"> & {
  budget: string;
  hourlyRate: string;
};

export function projectFormValues(project?: ProjectDto): FormValues {
  return {
    name: project?.name ?? "",
    description: project?.description ?? "",
    clientId: project?.clientId ?? "",
    // The assistant's « active » is the same state as « en cours », the one the form offers.
    status: !project || project.status === "active" ? "en-cours" : project.status,
    budget: centsToEurosField(project?.budgetCents ?? null),
    hourlyRate: centsToEurosField(project?.hourlyRateCents ?? null),
    startDate: project?.startDate ?? "",
    endDate: project?.endDate ?? "",
  };
}

const amountMessage = "Montant invalide (ex. : 1 500,00).";

type ProjectFormProps = {
  initial?: ProjectDto;
  submitLabel: string;
  isPending: boolean;
  onSubmit: (input: CreateProjectData) => Promise<unknown>;
  onCancel?: () => void;
};

/** Creates or edits a project; the shared schema validates each field as the server does. */
export function ProjectForm({ initial, submitLabel, isPending, onSubmit, onCancel }: ProjectFormProps) {
  const form = useForm<FormValues>({ defaultValues: projectFormValues(initial), mode: "onTouched" });
  const { errors } = form.formState;
  const clients = useClientOptions();

  const submit = form.handleSubmit(async ({ budget, hourlyRate, ...values }) => {
    form.clearErrors();
    const budgetCents = optionalEurosToCents(budget);
    const hourlyRateCents = optionalEurosToCents(hourlyRate);
    let hasError = false;
    if (Number.isNaN(budgetCents)) {
      form.setError("budget", { message: amountMessage });
      hasError = true;
    }
    if (Number.isNaN(hourlyRateCents)) {
      form.setError("hourlyRate", { message: amountMessage });
      hasError = true;
    }
    const candidate = { ...values, clientId: values.clientId || null, budgetCents, hourlyRateCents };
    // The money fields are typed in euros: the shared schema checks the cents they become.
    const result = createProjectInput.safeParse(candidate);
    for (const issue of result.error?.issues ?? []) {
      const path = String(issue.path[0] ?? "");
      const field = path === "budgetCents" ? "budget" : path === "hourlyRateCents" ? "hourlyRate" : path;
      form.setError(field as Path<FormValues>, { message: issue.message });
      hasError = true;
    }
    if (hasError || !result.success) return;
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
      <section className="grid gap-4 rounded-2xl border bg-surface p-5 shadow-sm sm:grid-cols-2 sm:p-6">
        <Field
          className="sm:col-span-2"
          label="Nom du projet"
          autoComplete="off"
          error={errors.name?.message}
          {...form.register("name")}
        />
        <SelectField label="Client" error={errors.clientId?.message} {...form.register("clientId")}>
          <option value="">Aucun client</option>
          {(clients.data?.items ?? []).map((client) => (
            <option key={client.id} value={client.id}>
              {client.name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Statut" error={errors.status?.message} {...form.register("status")}>
          {projectStatusChoices.map((status) => (
            <option key={status} value={status}>
              {projectStatusLabels[status]}
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
          label="Budget HT (€)"
          inputMode="decimal"
          placeholder="5 000,00"
          error={errors.budget?.message}
          {...form.register("budget")}
        />
        <Field
          label="Taux horaire HT (€)"
          inputMode="decimal"
          placeholder="60,00"
          error={errors.hourlyRate?.message}
          {...form.register("hourlyRate")}
        />
        <div className="space-y-1.5 sm:col-span-2">
          <label htmlFor="project-description" className="text-sm font-medium">
            Description
          </label>
          <textarea
            id="project-description"
            rows={4}
            placeholder="Objectifs, livrables, interlocuteurs…"
            className="w-full rounded-lg border bg-surface px-3 py-2 text-base shadow-sm outline-none placeholder:text-muted-foreground focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-ring/30 sm:text-sm"
            {...form.register("description")}
          />
          {errors.description ? <p className="text-sm text-danger">{errors.description.message}</p> : null}
        </div>
      </section>
      <FormActions submitLabel={submitLabel} isPending={isPending} onCancel={onCancel} />
    </form>
  );
}
