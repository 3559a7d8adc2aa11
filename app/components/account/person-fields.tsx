import { useTranslation } from "react-i18next";
import { FieldFor, type TextFieldMeta as TextField } from "~/components/ui/form-field";

/** First name, last name and email: the fields registration and the profile share. */
export function PersonFields({ firstName, lastName, email }: { firstName: TextField; lastName: TextField; email: TextField }) {
  const { t } = useTranslation("account");
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <FieldFor label={t("person.firstName")} field={firstName} autoComplete="given-name" />
        <FieldFor label={t("person.lastName")} field={lastName} autoComplete="family-name" />
      </div>
      <FieldFor label={t("person.email")} field={email} type="email" autoComplete="email" />
    </>
  );
}
