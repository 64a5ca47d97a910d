import { z } from "zod";
import { atLeastOneField } from "./fields";

export const profileDto = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  bio: z.string(),
  jobTitle: z.string(),
  skills: z.array(z.string()),
  subscriptionStatus: z.enum(["inactive", "active"]),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProfileDto = z.infer<typeof profileDto>;

export const updateProfileInput = atLeastOneField(
  z
    .object({
      name: z.string().trim().min(1, "Indiquez votre nom.").max(120, "120 caractères au maximum."),
      jobTitle: z.string().trim().max(120, "120 caractères au maximum."),
      bio: z.string().trim().max(2000, "2 000 caractères au maximum."),
      skills: z
        .array(z.string().trim().min(1).max(60, "Une compétence fait 60 caractères au maximum."))
        .max(30, "30 compétences au maximum."),
    })
    .partial()
    .strict(),
);
export type UpdateProfileInput = z.infer<typeof updateProfileInput>;
