/**
 * The schemas a step's form is judged by, on the client (conform) and on the server alike:
 * "Save and continue" uses the step's whole schema (`stepSchema`: formats and what the step
 * requires); "Back" only the formats, so going back never asks for what is not typed yet.
 */
import { z } from "zod";
import { answerSchema, stepSchema, type AnswerContext } from "~/lib/filings/answers";
import type { FilingKind, FilingStep } from "~/lib/filings/kinds";

export type StepIntent = "next" | "back";

export function formatSchema(step: FilingStep, ctx: AnswerContext) {
  return z.object(Object.fromEntries(step.fields.map((name) => [name, answerSchema(name, ctx).optional()])));
}

export function schemaFor(kind: FilingKind, step: FilingStep, ctx: AnswerContext, intent: StepIntent) {
  return intent === "back" ? formatSchema(step, ctx) : stepSchema(kind, step, ctx);
}
