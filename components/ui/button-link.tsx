import Link from "next/link";
import type { ComponentProps } from "react";
import { buttonClass, type ButtonVariant } from "./button";

/** A link to another page that looks like a button: the next step of a flow ("Open web-1"). */
export function ButtonLink({ variant = "primary", className = "", ...props }: ComponentProps<typeof Link> & { variant?: ButtonVariant }) {
  return <Link className={`${buttonClass(variant)} ${className}`} {...props} />;
}
