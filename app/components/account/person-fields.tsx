import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Field } from "~/components/ui/form-field";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type TextField = FieldMetadata<string | null | undefined, any, string[]>;

/** First name, last name and email: the fields registration and the profile share. */
export function PersonFields({ firstName, lastName, email }: { firstName: TextField; lastName: TextField; email: TextField }) {
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label="First name"
          inputProps={{ ...getInputProps(firstName, { type: "text" }), autoComplete: "given-name" }}
          errors={firstName.errors}
          errorId={firstName.errorId}
        />
        <Field
          label="Last name"
          inputProps={{ ...getInputProps(lastName, { type: "text" }), autoComplete: "family-name" }}
          errors={lastName.errors}
          errorId={lastName.errorId}
        />
      </div>
      <Field
        label="Email"
        inputProps={{ ...getInputProps(email, { type: "email" }), autoComplete: "email" }}
        errors={email.errors}
        errorId={email.errorId}
      />
    </>
  );
}
