import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { readUnsubscribeToken } from "~/models/mail-events.server";
import { unsubscribeByToken } from "~/models/mail-preferences.server";

export const meta: MetaFunction = () => [{ title: "Stop reminders | Florida Business Registry" }];

/**
 * The unsubscribe link of every reminder. Opening it asks for one click (link scanners must not
 * unsubscribe anyone); mail programs POST `List-Unsubscribe=One-Click` here directly (RFC 8058).
 */
export function loader({ params }: LoaderFunctionArgs) {
  const valid = readUnsubscribeToken(params.token ?? "") !== null;
  return data({ valid }, { status: valid ? 200 : 404 });
}

export function action({ params }: ActionFunctionArgs) {
  const done = unsubscribeByToken(params.token ?? "");
  return data({ done }, { status: done ? 200 : 404 });
}

export default function UnsubscribePage() {
  const { valid } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold">Renewal reminders</h1>
      {actionData?.done ? (
        <p role="status" className="mt-4 text-slate-700 dark:text-slate-300">
          Done: you will not receive renewal reminders or delinquency notices any more. Receipts still come. You can turn
          reminders back on in your profile.
        </p>
      ) : valid ? (
        <>
          <p className="mt-4 text-slate-700 dark:text-slate-300">Stop renewal reminders and delinquency notices for your account?</p>
          <Form method="post" className="mt-6">
            <input type="hidden" name="List-Unsubscribe" value="One-Click" />
            <Button type="submit">Stop reminders</Button>
          </Form>
        </>
      ) : (
        <p className="mt-4 text-slate-700 dark:text-slate-300">This unsubscribe link is not valid. You can turn reminders off in your profile.</p>
      )}
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
