import { Field } from "@client/components/ui/field";
import { SelectField } from "@client/components/ui/select-field";
import { SubmitButton } from "@client/components/ui/submit-button";
import { zodResolver } from "@client/lib/form";
import {
  declarationFrequencies,
  declarationFrequencyLabels,
  type UrssafActivity,
  urssafActivities,
  urssafActivityLabels,
} from "@shared/domain/urssaf";
import { type UrssafSettingsInput, urssafSettingsInput } from "@shared/schemas/urssaf";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { useSaveUrssafSettings } from "../api/save-urssaf-settings";

/** Activity, frequency, start of activity, ACRE and versement libératoire: what the figures depend on. */
export function UrssafSettingsForm({
  settings,
  suggestedActivity,
}: {
  settings: UrssafSettingsInput | null;
  suggestedActivity: UrssafActivity | null;
}) {
  const save = useSaveUrssafSettings();
  const form = useForm<UrssafSettingsInput>({
    resolver: zodResolver(urssafSettingsInput),
    defaultValues: settings ?? {
      activity: suggestedActivity ?? undefined,
      frequency: "trimestrielle",
      creationDate: "",
      hasAcre: false,
      hasVersementLiberatoire: false,
    },
  });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit((input) =>
        save.mutate(input, { onSuccess: () => toast.success("Réglages URSSAF enregistrés.") }),
      )}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Activité" error={errors.activity?.message} {...form.register("activity")}>
          <option value="">Choisissez…</option>
          {urssafActivities.map((activity) => (
            <option key={activity} value={activity}>
              {urssafActivityLabels[activity]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Déclaration du chiffre d'affaires"
          error={errors.frequency?.message}
          {...form.register("frequency")}
        >
          {declarationFrequencies.map((frequency) => (
            <option key={frequency} value={frequency}>
              {declarationFrequencyLabels[frequency]}
            </option>
          ))}
        </SelectField>
        <Field
          type="date"
          label="Date de début d'activité"
          hint="Elle fixe votre première déclaration et la durée de l'ACRE."
          error={errors.creationDate?.message}
          {...form.register("creationDate")}
        />
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-foreground">Options</legend>
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" className="mt-0.5 size-4 accent-primary" {...form.register("hasAcre")} />
          <span>Je bénéficie de l'ACRE (exonération de début d'activité)</span>
        </label>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-primary"
            {...form.register("hasVersementLiberatoire")}
          />
          <span>J'ai opté pour le versement libératoire de l'impôt sur le revenu</span>
        </label>
      </fieldset>
      <SubmitButton isPending={save.isPending}>Enregistrer</SubmitButton>
    </form>
  );
}
