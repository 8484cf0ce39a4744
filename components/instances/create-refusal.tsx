// Why creating an instance was refused, when no field holds the reason; a shortage of credits says where to add some.
import { plainMessage } from "@/components/console/plain-message";
import Link from "next/link";
import { errorCode, formError } from "@/components/console/form-errors";
import { Alert } from "@/components/ui/alert";

export function CreateRefusal({ error, fields }: { error: { message: string } | null; fields: string[] }) {
  if (error && errorCode(error) === "insufficient_credits") {
    return (
      <Alert>
        Not enough credits: {plainMessage(error.message)}{" "}
        <Link href="/billing" className="font-medium underline">
          See billing
        </Link>
      </Alert>
    );
  }
  const general = formError(error, fields);
  return general ? <Alert>{general}</Alert> : null;
}
