import { Field } from "@client/components/ui/field";
import { SubmitButton } from "@client/components/ui/submit-button";
import { zodResolver } from "@client/lib/form";
import { type ProfileDto, updateProfileInput } from "@shared/schemas/profile";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { useUpdateProfile } from "../api/account-api";
import { SectionCard } from "./section-card";

// The form edits skills as one comma-separated line; the shared schema validates the resulting list.
const profileForm = z.object({ name: z.string(), jobTitle: z.string(), skills: z.string(), bio: z.string() });
type ProfileForm = z.infer<typeof profileForm>;
const toInput = (form: ProfileForm) => ({
  ...form,
  skills: form.skills
    .split(",")
    .map((skill) => skill.trim())
    .filter(Boolean),
});

export function ProfileFormCard({ profile }: { profile: ProfileDto }) {
  const update = useUpdateProfile();
  const form = useForm<ProfileForm>({
    resolver: zodResolver(
      profileForm.superRefine((value, context) => {
        const parsed = updateProfileInput.safeParse(toInput(value));
        for (const issue of parsed.error?.issues ?? [])
          context.addIssue({ code: "custom", path: [String(issue.path[0])], message: issue.message });
      }),
    ),
    defaultValues: {
      name: profile.name,
      jobTitle: profile.jobTitle,
      skills: profile.skills.join(", "),
      bio: profile.bio,
    },
  });
  const { errors, isDirty } = form.formState;

  const onSubmit = form.handleSubmit((value) =>
    update.mutate(toInput(value), {
      onSuccess: (saved) => {
        toast.success("Profil enregistré");
        form.reset({
          name: saved.name,
          jobTitle: saved.jobTitle,
          skills: saved.skills.join(", "),
          bio: saved.bio,
        });
      },
      onError: (error) => toast.error("Une erreur est survenue", { description: error.message }),
    }),
  );

  return (
    <SectionCard
      title="Profil"
      description="Votre nom apparaît dans l'application et dans les e-mails ; l'assistant IA tient compte de votre métier et de vos compétences."
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Nom et prénom"
          autoComplete="name"
          error={errors.name?.message}
          {...form.register("name")}
        />
        <Field
          label="Métier"
          placeholder="Développeuse web, graphiste…"
          error={errors.jobTitle?.message}
          {...form.register("jobTitle")}
        />
        <Field
          className="sm:col-span-2"
          label="Compétences"
          placeholder="React, Node.js, UX"
          hint="Séparées par des virgules."
          error={errors.skills?.message}
          {...form.register("skills")}
        />
        <div className="space-y-1.5 sm:col-span-2">
          <label htmlFor="profile-bio" className="text-sm font-medium">
            Présentation
          </label>
          <textarea
            id="profile-bio"
            rows={4}
            className="w-full rounded-lg border bg-surface px-3 py-2 text-base shadow-sm outline-none focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-ring/30 sm:text-sm"
            {...form.register("bio")}
          />
          {errors.bio ? <p className="text-sm text-danger">{errors.bio.message}</p> : null}
        </div>
        <div className="sm:col-span-2">
          <SubmitButton isPending={update.isPending} disabled={!isDirty}>
            Enregistrer
          </SubmitButton>
        </div>
      </form>
    </SectionCard>
  );
}
