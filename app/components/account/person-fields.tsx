import { FieldFor, type TextFieldMeta as TextField } from "~/components/ui/form-field";

/** First name, last name and email: the fields registration and the profile share. */
export function PersonFields({ firstName, lastName, email }: { firstName: TextField; lastName: TextField; email: TextField }) {
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <FieldFor label="First name" field={firstName} autoComplete="given-name" />
        <FieldFor label="Last name" field={lastName} autoComplete="family-name" />
      </div>
      <FieldFor label="Email" field={email} type="email" autoComplete="email" />
    </>
  );
}
