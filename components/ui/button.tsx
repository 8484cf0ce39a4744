import type { ComponentPropsWithRef } from "react";

const variants = {
  primary: "border-transparent bg-slate-900 text-white hover:bg-slate-700 disabled:bg-slate-400",
  secondary: "border-slate-300 bg-white text-slate-900 hover:bg-slate-100 disabled:text-slate-400",
  danger: "border-transparent bg-red-600 text-white hover:bg-red-500 disabled:bg-red-300",
  ghost: "border-transparent text-slate-600 hover:bg-slate-100 hover:text-slate-900",
} as const;

export type ButtonVariant = keyof typeof variants;
type ButtonProps = ComponentPropsWithRef<"button"> & { variant?: ButtonVariant };

/** The classes of a button, for a link that looks like one (ButtonLink). */
export const buttonClass = (variant: ButtonVariant = "primary") =>
  `inline-flex items-center justify-center rounded-md border px-3 py-2 text-sm font-medium transition-colors disabled:cursor-not-allowed ${variants[variant]}`;

export function Button({ variant = "primary", className = "", type = "button", ...props }: ButtonProps) {
  return (
    <button
      type={type}
      className={`${buttonClass(variant)} ${className}`}
      {...props}
    />
  );
}
