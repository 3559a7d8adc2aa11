/** The four steps to a Business Tax Receipt (spec section 1). Plain, readable HTML without JS. */
export const PROCESS_STEPS = [
  {
    title: "We send a letter",
    body: "Every business operating in the town receives a letter with a 7-digit verification code.",
  },
  {
    title: "Claim your listing",
    body: "Find your business, claim it with the code from the letter and tell us your employee and vehicle counts.",
  },
  {
    title: "Pay your BTR online",
    body: "Pay the Business Tax Receipt fee by card on this website and get an instant digital receipt.",
  },
  {
    title: "The town receives it",
    body: "We transfer the funds and your business information to the town. You can print your receipt any time.",
  },
] as const;

export function ProcessExplainer() {
  return (
    <section aria-labelledby="process-heading" data-tour="btr-process" className="bg-slate-50 py-16 dark:bg-slate-900">
      <div className="mx-auto max-w-7xl px-4">
        <h2 id="process-heading" className="text-center text-3xl font-bold">
          How to get your Business Tax Receipt
        </h2>
        <ol className="mt-10 grid gap-6 md:grid-cols-4">
          {PROCESS_STEPS.map((step, i) => (
            <li
              key={step.title}
              data-step={i + 1}
              className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-950"
            >
              <span className="flex h-10 w-10 items-center justify-center rounded-full bg-primary-700 font-bold text-white">
                {i + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold">{step.title}</h3>
              <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{step.body}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
