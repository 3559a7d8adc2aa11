import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { formatLongDate } from "~/lib/dates";
import { useFormat } from "~/lib/hooks/use-format";
import { FILING_STEPS, type AnswerName, type Answers, type FilingKind } from "~/lib/filings/kinds";
import type { Language } from "~/lib/languages";

/** What each answer is called on the staff page (the applicant's steps ask them in these words): admin:filings.answers.labels.<name>. */
const answerLabel = (t: TFunction, name: AnswerName) => t(`filings.answers.labels.${name}`, { defaultValue: name });

/** An answer as staff read it: labels for codes (ownership, activity, yes/no), dates in words. */
export function answerText(
  t: TFunction,
  language: Language,
  name: AnswerName,
  value: string | undefined,
  categories: readonly { code: string; name: string }[],
): string | null {
  if (value === undefined || value === "") return null;
  switch (name) {
    case "ownership":
      return t(`filings.answers.ownership.${value}`, { defaultValue: value });
    case "category": {
      const category = categories.find((c) => c.code === value);
      return category ? `${category.name} (${value})` : value;
    }
    case "homeBased":
      return value === "yes" ? t("filings.answers.yes") : value === "no" ? t("filings.answers.no") : value;
    case "closedOn":
      return formatLongDate(value, value, language);
    default:
      return value;
  }
}

/** Every answer of a filing, step by step in the order the applicant gave them. */
export function FilingAnswers({ kind, answers, categories }: { kind: FilingKind; answers: Answers; categories: readonly { code: string; name: string }[] }) {
  const { t } = useTranslation("admin");
  const { language } = useFormat();
  const steps = FILING_STEPS[kind].filter((s) => s.fields.length > 0);
  return (
    <div className="mt-3 space-y-4" data-testid="filing-answers">
      {steps.map((step) => (
        <div key={step.slug}>
          <h3 className="font-semibold">{t(`filings.answers.steps.${step.slug}`, { defaultValue: step.title })}</h3>
          <dl className="mt-1 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[14rem_1fr]">
            {step.fields.map((name) => {
              const text = answerText(t, language, name, answers[name], categories);
              return (
                <div key={name} className="contents">
                  <dt className="font-medium">{answerLabel(t, name)}</dt>
                  <dd data-answer={name} className={text === null ? "text-slate-600 dark:text-slate-400" : "break-words"}>
                    {text ?? t("filings.answers.notGiven")}
                  </dd>
                </div>
              );
            })}
          </dl>
        </div>
      ))}
    </div>
  );
}
