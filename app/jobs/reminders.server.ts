import { queueDueReminders } from "~/models/reminders.server";
import type { Job } from "./registry.server";

/**
 * Renewal reminders (July 1 and two weeks before the due date), upcoming automatic charges
 * (seven days before) and delinquency notices (each delinquent month). Hourly, so a day's
 * messages go early in the town's morning; each is queued once (unique key per event).
 */
export const remindersJob: Job = {
  name: "reminders",
  schedule: "5 * * * *",
  description: "Queue due renewal reminders, upcoming-charge and delinquency notices",
  run: async ({ now }) => queueDueReminders(now),
};
