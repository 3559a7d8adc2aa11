import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";

export function LogoutForm({ className, onSubmit }: { className?: string; onSubmit?: () => void }) {
  const { t } = useTranslation();
  return (
    <Form method="post" action="/logout" onSubmit={onSubmit}>
      <button type="submit" className={className}>
        {t("nav.logout")}
      </button>
    </Form>
  );
}
