/**
 * The outbox over real SMTP (the local server): mail down then up loses and duplicates nothing,
 * a message in flight under someone else's lease is not sent twice, a refusal fails for good
 * with the server's error, and a rolled-back event leaves no mail.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { outbox } from "~/db/schema";
import { renderLayout } from "~/mail/layout";
import { backoffMs, deliverOutbox, enqueueMail, MAX_ATTEMPTS } from "~/models/outbox.server";
import { unique } from "../support/factories";
import { setupTestMail } from "../support/mail";

const mail = setupTestMail({ refuseRecipient: (address) => address.startsWith("nobody") });

function message(subject: string) {
  const ctx = { townName: "Pembroke Park", townState: "FL", supportEmail: "btr@example.com", supportPhone: "1", appUrl: "http://x" };
  return { subject, ...renderLayout(ctx, { subject, heading: subject, greeting: "Hello,", blocks: [{ type: "p", text: "Body" }] }) };
}

function queue(to: string, subject = unique("subject-"), dedupeKey?: string) {
  return getDb().transaction((tx) => enqueueMail(tx, { kind: "test", to, mail: message(subject), dedupeKey }));
}

const row = (id: number) => getDb().select().from(outbox).where(eq(outbox.id, id)).get()!;
const receivedWithSubject = async (subject: string) => (await mail.received()).filter((m) => m.subject === subject);

describe("outbox delivery", () => {
  it("SMTP down: the attempt fails and is retried with backoff; once it is back, the message arrives exactly once", async () => {
    await mail.stop();
    const subject = unique("down-");
    const id = queue("owner@example.com", subject)!;
    const t0 = new Date();

    const first = await deliverOutbox({ now: () => t0 });
    expect(first).toMatchObject({ sent: 0, retrying: 1 });
    let r = row(id);
    expect(r.status).toBe("pending");
    expect(r.attempts).toBe(1);
    expect(r.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(r.nextAttemptAt.getTime()).toBe(t0.getTime() + backoffMs(1));

    // Not due yet: nothing is tried.
    expect(await deliverOutbox({ now: () => new Date(t0.getTime() + 1000) })).toEqual({ sent: 0, retrying: 0, failed: 0 });

    // Still down at the next try: the delay doubles.
    const t1 = new Date(t0.getTime() + backoffMs(1));
    expect(await deliverOutbox({ now: () => t1 })).toMatchObject({ retrying: 1 });
    r = row(id);
    expect(r.attempts).toBe(2);
    expect(r.nextAttemptAt.getTime()).toBe(t1.getTime() + backoffMs(2));
    expect(backoffMs(2)).toBe(2 * backoffMs(1));

    await mail.start();
    const t2 = new Date(t1.getTime() + backoffMs(2));
    expect(await deliverOutbox({ now: () => t2 })).toMatchObject({ sent: 1 });
    expect(await deliverOutbox({ now: () => new Date(t2.getTime() + 86_400_000) })).toEqual({ sent: 0, retrying: 0, failed: 0 });

    const got = await receivedWithSubject(subject);
    expect(got).toHaveLength(1);
    expect(got[0].messageId).toBe(row(id).messageId);
    r = row(id);
    expect(r.status).toBe("sent");
    expect(r.sentAt).not.toBeNull();
    expect(r.smtpResponse).toMatch(/^250/);
  });

  it("ten minutes of SMTP down loses nothing: every queued message arrives once it is back", async () => {
    await mail.stop();
    const subjects = [unique("batch-"), unique("batch-"), unique("batch-")];
    for (const s of subjects) queue("batch@example.com", s);
    let now = Date.now();
    for (let minute = 0; minute <= 10; minute++) {
      await deliverOutbox({ now: () => new Date(now) });
      now += 60_000;
    }
    expect((await Promise.all(subjects.map(receivedWithSubject))).flat()).toHaveLength(0);
    await mail.start();
    await deliverOutbox({ now: () => new Date(now + BACKOFF_WINDOW) });
    for (const s of subjects) expect(await receivedWithSubject(s)).toHaveLength(1);
  });

  it("a message another sender holds (a crash mid-send) is not sent again until its lease runs out", async () => {
    const subject = unique("lease-");
    const id = queue("lease@example.com", subject)!;
    const now = Date.now();
    // Another process claimed it and died before answering.
    getDb()
      .update(outbox)
      .set({ status: "sending", leaseId: "other", leaseUntil: new Date(now + 60_000), attempts: 1 })
      .where(eq(outbox.id, id))
      .run();
    await deliverOutbox({ now: () => new Date(now) });
    expect(await receivedWithSubject(subject)).toHaveLength(0);
    await deliverOutbox({ now: () => new Date(now + 61_000) });
    expect(await receivedWithSubject(subject)).toHaveLength(1);
    expect(row(id).status).toBe("sent");
  });

  it("two senders running at once deliver each message once", async () => {
    const subjects = Array.from({ length: 6 }, () => unique("race-"));
    for (const s of subjects) queue("race@example.com", s);
    await Promise.all([deliverOutbox(), deliverOutbox(), deliverOutbox()]);
    for (const s of subjects) expect(await receivedWithSubject(s)).toHaveLength(1);
  });

  it("a 5xx refusal fails for good at once, with the server's error kept", async () => {
    const id = queue("nobody@example.com")!;
    expect(await deliverOutbox()).toMatchObject({ failed: 1 });
    const r = row(id);
    expect(r.status).toBe("failed");
    expect(r.attempts).toBe(1);
    expect(r.lastError).toMatch(/550|mailbox unavailable/);
  });

  it("temporary failures give up after MAX_ATTEMPTS and are marked failed", async () => {
    await mail.stop();
    const id = queue("giveup@example.com")!;
    let now = Date.now();
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await deliverOutbox({ now: () => new Date(now) });
      now += backoffMs(MAX_ATTEMPTS);
    }
    await mail.start();
    const r = row(id);
    expect(r.attempts).toBe(MAX_ATTEMPTS);
    expect(r.status).toBe("failed");
    expect(r.lastError).toBeTruthy();
  });

  it("the same dedupe key queues one message; a rolled-back event queues none", async () => {
    const key = unique("key-");
    expect(queue("dedupe@example.com", "a", key)).toBeTypeOf("number");
    expect(queue("dedupe@example.com", "b", key)).toBeNull();
    expect(getDb().select().from(outbox).where(eq(outbox.dedupeKey, key)).all()).toHaveLength(1);

    const rolledBack = unique("rollback-");
    expect(() =>
      getDb().transaction((tx) => {
        enqueueMail(tx, { kind: "test", to: "rb@example.com", mail: message(rolledBack) });
        throw new Error("the event failed");
      }),
    ).toThrow("the event failed");
    expect(getDb().select().from(outbox).where(eq(outbox.subject, rolledBack)).all()).toHaveLength(0);
  });
});

const BACKOFF_WINDOW = 60 * 60_000;
