import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { translatedMeta } from "~/lib/meta";
import { readUnsubscribeToken } from "~/models/mail-events.server";
import { unsubscribeByToken } from "~/models/mail-preferences.server";
import { pageMetaText, requestT } from "~/utils/i18n.server";

export const handle = { i18n: ["help"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => translatedMeta(data?.meta);

/**
 * The unsubscribe link of every reminder. Opening it asks for one click (link scanners must not
 * unsubscribe anyone); mail programs POST `List-Unsubscribe=One-Click` here directly (RFC 8058).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { t } = await requestT(request, "help");
  const valid = readUnsubscribeToken(params.token ?? "") !== null;
  const meta = pageMetaText(t, t("unsubscribe.title"), t("unsubscribe.description"));
  return data({ valid, meta }, { status: valid ? 200 : 404 });
}

export function action({ params }: ActionFunctionArgs) {
  const done = unsubscribeByToken(params.token ?? "");
  return data({ done }, { status: done ? 200 : 404 });
}

export default function UnsubscribePage() {
  const { valid } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("help");
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold">{t("unsubscribe.heading")}</h1>
      {actionData?.done ? (
        <p role="status" className="mt-4 text-slate-700 dark:text-slate-300">
          {t("unsubscribe.done")}
        </p>
      ) : valid ? (
        <>
          <p className="mt-4 text-slate-700 dark:text-slate-300">{t("unsubscribe.ask")}</p>
          <Form method="post" className="mt-6">
            <input type="hidden" name="List-Unsubscribe" value="One-Click" />
            <Button type="submit">{t("unsubscribe.button")}</Button>
          </Form>
        </>
      ) : (
        <p className="mt-4 text-slate-700 dark:text-slate-300">{t("unsubscribe.invalid")}</p>
      )}
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
