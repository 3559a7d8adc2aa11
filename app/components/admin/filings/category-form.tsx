import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { CheckboxField, Field, FormAlert } from "~/components/ui/form-field";
import { FilingCategorySchema } from "~/lib/schemas/filing-category";

export type Category = { code: string; name: string; needsStateLicense: boolean; active: boolean };
/** The page's action answer when a form is refused: which form (the code for an edit, "" for add). */
export type CategoryAnswer = { form: string; result: SubmissionResult<string[]> };

/**
 * One activity's form: adding a new one (code, name, flags) or changing one of the list (the
 * code is fixed; name and flags change). A POST form that works without JavaScript.
 */
export function CategoryForm({ category, answer }: { category?: Category; answer: CategoryAnswer | undefined }) {
  const { t } = useTranslation("admin");
  const key = category?.code ?? "";
  const [form, fields] = useForm({
    id: category ? `category-${category.code}` : "category-new",
    lastResult: answer?.form === key ? answer.result : undefined,
    constraint: getZodConstraint(FilingCategorySchema),
    defaultValue: category
      ? { intent: "edit", code: category.code, name: category.name, needsStateLicense: category.needsStateLicense ? "on" : "", active: category.active ? "on" : "" }
      : { intent: "add", code: "", name: "", needsStateLicense: "", active: "on" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: FilingCategorySchema }),
  });
  const checkbox = (field: typeof fields.active) => ({ ...getInputProps(field, { type: "checkbox" }), key: field.key });
  return (
    <Form method="post" {...getFormProps(form)} className="grid items-start gap-3 sm:grid-cols-[1fr_2fr_auto]">
      <input type="hidden" name="intent" value={category ? "edit" : "add"} />
      <div className="sm:col-span-3">
        <FormAlert id={form.errorId} title={category ? t("categories.form.notSaved") : t("categories.form.notAdded")} messages={form.errors} />
      </div>
      {category ? (
        <div className="text-sm">
          <input type="hidden" name="code" value={category.code} />
          <p className="mb-1 font-medium">{t("categories.form.code")}</p>
          <p className="py-2 font-mono">{category.code}</p>
        </div>
      ) : (
        <Field
          label={t("categories.form.code")}
          inputProps={{ ...getInputProps(fields.code, { type: "text" }), key: fields.code.key, autoComplete: "off" }}
          errors={fields.code.errors}
          errorId={fields.code.errorId}
          hint={t("categories.form.codeHint")}
        />
      )}
      <Field
        label={t("categories.form.name")}
        inputProps={{ ...getInputProps(fields.name, { type: "text" }), key: fields.name.key, autoComplete: "off" }}
        errors={fields.name.errors}
        errorId={fields.name.errorId}
      />
      <div className="space-y-2 sm:pt-7">
        <CheckboxField label={t("categories.form.needsLicense")} inputProps={checkbox(fields.needsStateLicense)} errors={fields.needsStateLicense.errors} errorId={fields.needsStateLicense.errorId} />
        <CheckboxField label={t("categories.form.active")} inputProps={checkbox(fields.active)} errors={fields.active.errors} errorId={fields.active.errorId} />
      </div>
      <div className="sm:col-span-3">
        <Button type="submit" variant={category ? "outline" : "primary"}>
          {category ? (
            <>
              {t("categories.form.save")}
              <span className="sr-only"> {category.name}</span>
            </>
          ) : (
            t("categories.form.add")
          )}
        </Button>
      </div>
    </Form>
  );
}
