import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminPage, AdminSection } from "~/components/admin/admin-page";
import { CategoryForm, type CategoryAnswer } from "~/components/admin/filings/category-form";
import { translatedMeta } from "~/lib/meta";
import { CATEGORY_MESSAGES, FilingCategorySchema } from "~/lib/schemas/filing-category";
import { listCategories, saveCategory } from "~/models/filings/categories.server";
import { localReply } from "~/utils/auth-messages.server";
import { pageMetaText, requestT } from "~/utils/i18n.server";
import { requireAdmin } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["admin"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => translatedMeta(data?.meta);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { t } = await requestT(request, "admin");
  return {
    meta: pageMetaText(t, t("categories.metaTitle"), t("categories.description")),
    categories: listCategories({ includeInactive: true }),
  };
}

/**
 * Adds an activity (a code already in the list is refused: the list's own form changes it) or
 * changes one (its code stays). saveCategory writes the audit row.
 */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const formData = await request.formData();
  const { t } = await requestT(request, "admin");
  const submission = parseWithZod(formData, { schema: FilingCategorySchema });
  const form = formData.get("intent") === "edit" ? String(formData.get("code") ?? "") : "";
  if (submission.status !== "success") return data<CategoryAnswer>({ form, result: localReply(t, submission.reply()) }, { status: 400 });
  const input = submission.value;
  const exists = listCategories({ includeInactive: true }).some((c) => c.code === input.code);
  if (input.intent === "add" && exists) {
    return data<CategoryAnswer>({ form, result: localReply(t, submission.reply({ fieldErrors: { code: [CATEGORY_MESSAGES.duplicate] } })) }, { status: 409 });
  }
  if (input.intent === "edit" && !exists) {
    return data<CategoryAnswer>({ form, result: localReply(t, submission.reply({ formErrors: [CATEGORY_MESSAGES.unknown] })) }, { status: 404 });
  }
  saveCategory({ code: input.code, name: input.name, needsStateLicense: input.needsStateLicense, active: input.active }, admin);
  return redirectWithToast("/admin/filings/categories", {
    title: t(input.intent === "add" ? "categories.toasts.added" : "categories.toasts.saved"),
    description: t(input.active ? "categories.toasts.description" : "categories.toasts.descriptionInactive", { name: input.name }),
  });
}

export default function FilingCategories() {
  const { categories } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as CategoryAnswer | undefined;
  const { t } = useTranslation("admin");
  return (
    <AdminPage
      back={{ to: "/admin/filings", label: t("filings.queue.title") }}
      title={t("categories.title")}
      width="5xl"
      lead={t("categories.lead")}
    >
      <AdminSection id="add-heading" title={t("categories.addHeading")} className="mt-8">
        <div className="mt-3 rounded-md border border-slate-200 p-4 dark:border-slate-700">
          <CategoryForm key={categories.length} answer={answer} />
        </div>
      </AdminSection>
      <AdminSection id="list-heading" title={t("categories.listHeading", { total: categories.length })} className="mt-10">
        <ul className="mt-3 space-y-3" data-testid="categories">
          {categories.map((c) => (
            <li key={c.code} className="rounded-md border border-slate-200 p-4 dark:border-slate-700" data-testid={`category-${c.code}`}>
              <CategoryForm key={`${c.name}:${c.needsStateLicense}:${c.active}`} category={c} answer={answer} />
            </li>
          ))}
        </ul>
      </AdminSection>
    </AdminPage>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
