import "server-only";
import { z } from "zod";

// Length here; how guessable it is in the service (password-strength.ts), after the sign-up limits.
const newPassword = z.string().min(12, "use at least 12 characters").max(200);
const email = z.email().max(254).transform((address) => address.toLowerCase());

export const signUpInput = z.strictObject({
  name: z.string().trim().min(1).max(100),
  email,
  password: newPassword,
});
export type SignUpInput = z.infer<typeof signUpInput>;

export const setPasswordInput = z.strictObject({ email, password: newPassword });

export const signInInput = z.object({
  email: z.string().max(254).transform((email) => email.trim().toLowerCase()),
  password: z.string().max(200),
  /** The second factor of a user with two-factor sign-in: an authenticator or recovery code. */
  code: z.string().max(50).optional(),
});

/** An authenticator code (6 digits) or a recovery code, as typed. */
export const twoFactorCode = z.string().trim().min(1, "enter the code").max(50);
export const twoFactorCodeInput = z.strictObject({ code: twoFactorCode });
export const confirmTwoFactorInput = z.strictObject({ password: z.string().min(1, "enter your password").max(200), code: twoFactorCode });
export const disableTwoFactorInput = z.strictObject({ password: z.string().min(1, "enter your password").max(200), code: twoFactorCode });

export const verifyEmailInput = z.strictObject({ token: z.string().min(1).max(500) });

export const changePasswordInput = z.strictObject({ currentPassword: z.string().min(1).max(200), newPassword });

export const requestPasswordResetInput = z.strictObject({ email });

export const resetPasswordInput = z.strictObject({ token: z.string().min(1).max(200), password: newPassword });

export const endSessionInput = z.strictObject({ sessionId: z.string().min(1).max(100) });
