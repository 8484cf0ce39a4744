import { z } from "zod";

export const signUpInput = z.strictObject({
  name: z.string().trim().min(1).max(100),
  email: z.email().max(254).transform((email) => email.toLowerCase()),
  password: z.string().min(8, "at least 8 characters").max(200),
});
export type SignUpInput = z.infer<typeof signUpInput>;

export const signInInput = z.object({
  email: z.string().max(254).transform((email) => email.trim().toLowerCase()),
  password: z.string().max(200),
});
