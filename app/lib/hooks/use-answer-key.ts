import { useState } from "react";

/**
 * A number that goes up each time `answer` is a new object (a new action answer, say): give it
 * as the `key` of an input that each answer must empty, and React puts a fresh input there in
 * the same render as the answer's message. An effect that empties it instead runs after the
 * paint, and at hydration, so it can wipe what was typed meanwhile or before the page came alive.
 */
export function useAnswerKey(answer: unknown): number {
  const [seen, setSeen] = useState({ answer, count: 0 });
  // Adjusting state while rendering, as React documents for "state from props": React renders
  // again with the new count before it commits, so this render's answer is never shown.
  if (seen.answer !== answer) setSeen({ answer, count: seen.count + 1 });
  return seen.count;
}
