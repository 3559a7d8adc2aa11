/** The facts the filing rules read besides the answers: the town's area, its activities, today. */
import type { AnswerContext } from "~/lib/filings/answers";
import type { DocumentContext } from "~/lib/filings/documents";
import { townDate } from "~/lib/tax-year";
import { getTownArea } from "~/models/town.server";
import { now } from "~/utils/clock.server";
import { listCategories } from "./categories.server";

export function answerContext(at: Date = now()): AnswerContext {
  const town = getTownArea();
  return { townName: town.name, cities: town.cities, zips: town.zips, categories: listCategories(), today: townDate(at) };
}

export function documentContext(ctx: Pick<AnswerContext, "categories">): DocumentContext {
  return { licensedCategories: new Set(ctx.categories.filter((c) => c.needsStateLicense).map((c) => c.code)) };
}
