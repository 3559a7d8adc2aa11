import { formatLongDate } from "~/lib/dates";
import { FILING_STEPS, OWNERSHIP_LABELS, type AnswerName, type Answers, type FilingKind, type Ownership } from "~/lib/filings/kinds";

/** What each answer is called on the staff page (the applicant's steps ask them in these words). */
export const ANSWER_LABELS: Record<AnswerName, string> = {
  businessName: "Legal name",
  tradeName: "Trade name",
  ownership: "Ownership",
  stateDocumentNumber: "State document number",
  phone: "Phone",
  email: "Email",
  address1: "Street address",
  address2: "Unit",
  city: "City",
  zip: "ZIP code",
  homeBased: "Home-based",
  category: "Activity",
  employeeCount: "Employees",
  vehicleCount: "Vehicles",
  stateLicenseNumber: "State licence number",
  buyer: "Buyer (username or email)",
  closedOn: "Stopped operating on",
};

/** An answer as staff read it: labels for codes (ownership, activity, yes/no), dates in words. */
export function answerText(name: AnswerName, value: string | undefined, categories: readonly { code: string; name: string }[]): string | null {
  if (value === undefined || value === "") return null;
  switch (name) {
    case "ownership":
      return OWNERSHIP_LABELS[value as Ownership] ?? value;
    case "category": {
      const category = categories.find((c) => c.code === value);
      return category ? `${category.name} (${value})` : value;
    }
    case "homeBased":
      return value === "yes" ? "Yes" : value === "no" ? "No" : value;
    case "closedOn":
      return formatLongDate(value, value);
    default:
      return value;
  }
}

/** Every answer of a filing, step by step in the order the applicant gave them. */
export function FilingAnswers({ kind, answers, categories }: { kind: FilingKind; answers: Answers; categories: readonly { code: string; name: string }[] }) {
  const steps = FILING_STEPS[kind].filter((s) => s.fields.length > 0);
  return (
    <div className="mt-3 space-y-4" data-testid="filing-answers">
      {steps.map((step) => (
        <div key={step.slug}>
          <h3 className="font-semibold">{step.title}</h3>
          <dl className="mt-1 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[14rem_1fr]">
            {step.fields.map((name) => {
              const text = answerText(name, answers[name], categories);
              return (
                <div key={name} className="contents">
                  <dt className="font-medium">{ANSWER_LABELS[name]}</dt>
                  <dd data-answer={name} className={text === null ? "text-slate-600 dark:text-slate-400" : "break-words"}>
                    {text ?? "Not given"}
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
