import { completeQueuedReceipts } from "~/models/mail-events.server";
import { deliverOutbox } from "~/models/outbox.server";
import type { Job } from "./registry.server";

/**
 * Sends what the outbox holds that is due (new mail, and retries whose backoff has passed),
 * receipts queued by an older version completed first so they go out with their PDF.
 */
export const sendMailJob: Job = {
  name: "send-mail",
  schedule: "* * * * *",
  description: "Deliver due outbox messages over SMTP (retries with backoff)",
  leaseMs: 10 * 60_000,
  run: async () => {
    completeQueuedReceipts();
    return deliverOutbox();
  },
};
