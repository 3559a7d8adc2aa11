import { Form } from "@remix-run/react";

export function LogoutForm({ className, onSubmit }: { className?: string; onSubmit?: () => void }) {
  return (
    <Form method="post" action="/logout" onSubmit={onSubmit}>
      <button type="submit" className={className}>
        Logout
      </button>
    </Form>
  );
}
