/**
 * Passkeys (issue 41) through their routes, with a software authenticator (tests/support/webauthn):
 * registration verified and stored (and told to the owner), the passwordless sign-in and the
 * sign-in's second step with the counter bumped, challenges single use, another account's
 * passkey refused, a counter going back refused, rename and remove for the owner only, the
 * step-up accepting a passkey, and the requests' guards (method, origin, sign-in).
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { authChallenges, mfaRecoveryCodes, outbox, passkeys, sessions } from "~/db/schema";
import { mfaMethods } from "~/models/mfa/factors.server";
import { replaceRecoveryCodes } from "~/models/mfa/recovery-codes.server";
import { markSessionMfa } from "~/models/session.server";
import { action as loginAction } from "~/routes/login";
import { action as manageAction } from "~/routes/resources.passkeys.manage";
import { action as registerOptions, loader as registerOptionsLoader } from "~/routes/resources.passkeys.register.options";
import { action as registerVerify } from "~/routes/resources.passkeys.register.verify";
import { action as secondStepOptions } from "~/routes/resources.passkeys.second-step.options";
import { action as secondStepVerify } from "~/routes/resources.passkeys.second-step.verify";
import { action as signInOptions } from "~/routes/resources.passkeys.sign-in.options";
import { action as signInVerify } from "~/routes/resources.passkeys.sign-in.verify";
import { action as stepUpOptions } from "~/routes/resources.passkeys.step-up.options";
import { getSession } from "~/utils/session.server";
import { STEP_UP_PASSKEY, stepUpPrompt } from "~/utils/step-up.server";
import { callRoute, createUser, makeRequest, sessionCookieFor, TEST_PASSWORD } from "../support/factories";
import { uniqueAddress } from "../support/accounts";
import { enrolTotp } from "../support/mfa";
import { assertPasskey, createPasskey, type SoftPasskey } from "../support/webauthn";

type Options = { challengeId: string; options: { challenge: string; rp: { id?: string }; user: { id: string }; rpId?: string } };
type Jar = Map<string, string>;

function keep(jar: Jar, response: Response) {
  for (const cookie of response.headers.getSetCookie()) {
    const [pair] = cookie.split(";");
    const name = pair.slice(0, pair.indexOf("="));
    if (/expires=Thu, 01 Jan 1970|max-age=0/i.test(cookie)) jar.delete(name);
    else jar.set(name, pair);
  }
}
const cookieOf = (jar: Jar) => [...jar.values()].join("; ");

async function postJson(fn: Parameters<typeof callRoute>[0], path: string, json: unknown, cookie?: string, headers: Record<string, string> = {}) {
  return callRoute(fn, await makeRequest(path, { json, cookie, headers: { Origin: "http://localhost:3000", ...headers } }));
}

/** Registers a passkey for the user through the routes; the passkey and the verify answer. */
async function register(cookie: string, name = "My laptop"): Promise<{ passkey: SoftPasskey; status: number; body: unknown }> {
  const options = await postJson(registerOptions, "/resources/passkeys/register/options", { name }, cookie);
  expect(options.status).toBe(200);
  const { challengeId, options: creation } = (await options.json()) as Options;
  const { passkey, response } = createPasskey(creation);
  const verified = await postJson(registerVerify, "/resources/passkeys/register/verify", { challengeId, name, response }, cookie);
  return { passkey, status: verified.status, body: await verified.json() };
}

async function signInStart(): Promise<Options> {
  const response = await postJson(signInOptions, "/resources/passkeys/sign-in/options", {});
  expect(response.status).toBe(200);
  return (await response.json()) as Options;
}

const row = (id: string) => getDb().select().from(passkeys).where(eq(passkeys.id, id)).get();

describe("asking for passkey sign-in options", () => {
  it("answers 20 a minute per client address, then 429 with Retry-After; other addresses go on", async () => {
    const ask = (address: string) => postJson(signInOptions, "/resources/passkeys/sign-in/options", {}, undefined, { "X-Forwarded-For": address });
    for (let i = 0; i < 20; i++) expect((await ask("203.0.113.7")).status).toBe(200);
    const refused = await ask("203.0.113.7");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/wait a minute/);
    expect((await ask("203.0.113.8")).status).toBe(200);
  });
});

describe("registering a passkey", () => {
  it("verifies the authenticator's answer, stores the passkey and tells the owner", async () => {
    const user = await createUser();
    const cookie = await sessionCookieFor(user.id);
    const options = await postJson(registerOptions, "/resources/passkeys/register/options", { name: "My laptop" }, cookie);
    const { options: creation } = (await options.json()) as Options & {
      options: { rp: { id: string; name: string }; authenticatorSelection: { residentKey: string; userVerification: string } };
    };
    expect(creation.rp).toEqual({ id: "localhost", name: "Pembroke Park Business Tax Receipts" });
    expect(creation.authenticatorSelection).toMatchObject({ residentKey: "required", userVerification: "preferred" });

    const { passkey, status, body } = await register(cookie);
    expect(status).toBe(201);
    expect(body).toMatchObject({ passkey: { id: passkey.id, name: "My laptop", lastUsedAt: null } });
    const stored = row(passkey.id);
    expect(stored).toMatchObject({ userId: user.id, name: "My laptop", counter: 0, transports: '["internal"]' });
    expect(Buffer.from(stored!.publicKey, "base64url").length).toBeGreaterThan(60);
    expect(mfaMethods(user.id)).toContain("passkey");
    const mail = getDb().select().from(outbox).where(and(eq(outbox.userId, user.id), eq(outbox.kind, "security-factor-added"))).all();
    expect(mail).toHaveLength(1);
    expect(mail[0].text).toContain('The passkey "My laptop"');
    // The first factor registered counts as this session passing it.
    expect((await getSession(await makeRequest("/", { cookie })))?.session.mfaAt).not.toBeNull();

    // The next registration excludes it; a second name must differ.
    const next = await postJson(registerOptions, "/resources/passkeys/register/options", { name: "my LAPTOP" }, cookie);
    expect(next.status).toBe(409);
    const other = await postJson(registerOptions, "/resources/passkeys/register/options", { name: "Phone" }, cookie);
    const { options: second } = (await other.json()) as { options: { excludeCredentials: { id: string }[] } };
    expect(second.excludeCredentials.map((c) => c.id)).toEqual([passkey.id]);
  });

  it("refuses a spent challenge, another origin, a missing name, and a stranger", async () => {
    const user = await createUser();
    const cookie = await sessionCookieFor(user.id);
    const options = await postJson(registerOptions, "/resources/passkeys/register/options", { name: "Key" }, cookie);
    const { challengeId, options: creation } = (await options.json()) as Options;

    const wrongOrigin = createPasskey(creation, { origin: "https://evil.example" });
    const refused = await postJson(registerVerify, "/resources/passkeys/register/verify", { challengeId, name: "Key", response: wrongOrigin.response }, cookie);
    expect(refused.status).toBe(400);
    // The challenge was spent by that attempt: a good answer to it is refused too.
    const good = createPasskey(creation);
    const replay = await postJson(registerVerify, "/resources/passkeys/register/verify", { challengeId, name: "Key", response: good.response }, cookie);
    expect(replay.status).toBe(400);
    expect(((await replay.json()) as { error: { message: string } }).error.message).toMatch(/expired or was already used/);
    expect(row(good.passkey.id)).toBeUndefined();

    const noName = await postJson(registerOptions, "/resources/passkeys/register/options", { name: "  " }, cookie);
    expect(noName.status).toBe(400);
    expect(await noName.json()).toMatchObject({ error: { fieldErrors: { name: ["Give the passkey a name"] } } });

    const stranger = await postJson(registerOptions, "/resources/passkeys/register/options", { name: "Key" });
    expect(stranger.status).toBe(401);
    const crossSite = await postJson(registerOptions, "/resources/passkeys/register/options", { name: "Key" }, cookie, { Origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    const get = await callRoute(registerOptionsLoader, await makeRequest("/resources/passkeys/register/options", { cookie }));
    expect(get.status).toBe(405);
  });
});

describe("signing in with a passkey", () => {
  it("signs in without the password, bumps the counter, and refuses the same answer twice", async () => {
    const user = await createUser();
    const { passkey } = await register(await sessionCookieFor(user.id));

    const { challengeId, options } = await signInStart();
    expect(options).toMatchObject({ rpId: "localhost", userVerification: "required" });
    expect((options as { allowCredentials?: unknown[] }).allowCredentials ?? []).toHaveLength(0);
    const response = assertPasskey(passkey, options);
    const answer = await postJson(signInVerify, "/resources/passkeys/sign-in/verify", { challengeId, response, redirectTo: "/profile" });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ redirectTo: "/profile" });
    const jar: Jar = new Map();
    keep(jar, answer);
    const signedIn = await getSession(await makeRequest("/", { cookie: cookieOf(jar) }));
    expect(signedIn?.user.id).toBe(user.id);
    expect(signedIn?.session.mfaAt).not.toBeNull();
    expect(jar.has("__toast")).toBe(true);
    expect(row(passkey.id)).toMatchObject({ counter: 1 });
    expect(row(passkey.id)?.lastUsedAt).toBeInstanceOf(Date);

    // A replayed answer (its challenge spent) signs no one in.
    const replay = await postJson(signInVerify, "/resources/passkeys/sign-in/verify", { challengeId, response });
    expect(replay.status).toBe(400);
    expect(replay.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(false);
    expect(getDb().select().from(authChallenges).where(eq(authChallenges.id, challengeId)).get()).toBeUndefined();
  });

  it("refuses a counter that went back, a bad signature, no user verification, and an unknown passkey", async () => {
    const user = await createUser();
    const { passkey } = await register(await sessionCookieFor(user.id));
    let start = await signInStart();
    expect((await postJson(signInVerify, "/p", { challengeId: start.challengeId, response: assertPasskey(passkey, start.options, { counter: 5 }) })).status).toBe(200);
    expect(row(passkey.id)?.counter).toBe(5);

    start = await signInStart();
    const cloned = await postJson(signInVerify, "/p", { challengeId: start.challengeId, response: assertPasskey(passkey, start.options, { counter: 3 }) });
    expect(cloned.status).toBe(400);
    expect(row(passkey.id)?.counter).toBe(5);

    start = await signInStart();
    const forged = assertPasskey(passkey, start.options, { counter: 6 });
    forged.response.signature = Buffer.from("not a signature").toString("base64url");
    expect((await postJson(signInVerify, "/p", { challengeId: start.challengeId, response: forged })).status).toBe(400);

    start = await signInStart();
    const presenceOnly = assertPasskey(passkey, start.options, { counter: 7, userVerified: false });
    expect((await postJson(signInVerify, "/p", { challengeId: start.challengeId, response: presenceOnly })).status).toBe(400);

    start = await signInStart();
    const stranger = createPasskey({ challenge: "x", rp: { id: "localhost" }, user: { id: "dTk5OQ" } }).passkey;
    const unknown = await postJson(signInVerify, "/p", { challengeId: start.challengeId, response: assertPasskey(stranger, start.options) });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: { message: "This passkey is not registered with this service" } });
  });

  it("finishes a password sign-in's second step with the account's own passkey only", async () => {
    const owner = await createUser();
    const other = await createUser();
    const { passkey } = await register(await sessionCookieFor(owner.id), "Phone");
    const { passkey: othersKey } = await register(await sessionCookieFor(other.id), "Laptop");

    const jar: Jar = new Map();
    const password = await callRoute(
      loginAction,
      await makeRequest("/login", { form: { username: owner.username, password: TEST_PASSWORD, redirectTo: "/dashboard" }, headers: { "X-Forwarded-For": uniqueAddress() } }),
    );
    keep(jar, password);
    expect(password.headers.get("Location")).toBe("/login/two-factor");
    expect(jar.has("__session")).toBe(false);

    // Without the pending sign-in there is nothing to finish.
    expect((await postJson(secondStepOptions, "/p", {})).status).toBe(401);

    // Another account's passkey does not finish this sign-in.
    let start = (await (await postJson(secondStepOptions, "/p", {}, cookieOf(jar))).json()) as Options;
    expect((start.options as unknown as { allowCredentials: { id: string }[] }).allowCredentials.map((c) => c.id)).toEqual([passkey.id]);
    const wrong = await postJson(secondStepVerify, "/p", { challengeId: start.challengeId, response: assertPasskey(othersKey, start.options) }, cookieOf(jar));
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ error: { message: "This passkey belongs to another account" } });
    expect(row(othersKey.id)?.counter).toBe(0);

    // Nor does a passwordless challenge's answer, nor this one's answer twice.
    start = (await (await postJson(secondStepOptions, "/p", {}, cookieOf(jar))).json()) as Options;
    const passwordless = await signInStart();
    const crossed = await postJson(secondStepVerify, "/p", { challengeId: passwordless.challengeId, response: assertPasskey(passkey, passwordless.options) }, cookieOf(jar));
    expect(crossed.status).toBe(400);

    const response = assertPasskey(passkey, start.options);
    const done = await postJson(secondStepVerify, "/p", { challengeId: start.challengeId, response }, cookieOf(jar));
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ redirectTo: "/dashboard" });
    const pendingJar = new Map(jar);
    keep(jar, done);
    expect(jar.has("__signin")).toBe(false);
    const signedIn = await getSession(await makeRequest("/", { cookie: cookieOf(jar) }));
    expect(signedIn?.user.id).toBe(owner.id);
    expect(signedIn?.session.mfaAt).not.toBeNull();

    const again = await postJson(secondStepVerify, "/p", { challengeId: start.challengeId, response }, cookieOf(pendingJar));
    expect(again.status).toBe(401);
  });
});

describe("managing passkeys", () => {
  it("renames and removes the owner's own passkeys only, and tells the owner of a removal", async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const ownerCookie = await sessionCookieFor(owner.id);
    const strangerCookie = await sessionCookieFor(stranger.id);
    const { passkey } = await register(ownerCookie, "Phone");
    await register(ownerCookie, "Laptop");

    const manageAs = async (cookie: string, form: Record<string, string>) =>
      callRoute(manageAction, await makeRequest("/resources/passkeys/manage", { form, cookie }));

    const stolen = await manageAs(strangerCookie, { intent: "remove", id: passkey.id });
    expect(stolen.headers.get("Location")).toBe("/profile/security");
    expect(row(passkey.id)).toBeDefined();
    const renamedByStranger = await manageAs(strangerCookie, { intent: "rename", id: passkey.id, name: "Mine now" });
    expect(renamedByStranger.status).toBe(302);
    expect(row(passkey.id)?.name).toBe("Phone");

    await manageAs(ownerCookie, { intent: "rename", id: passkey.id, name: "laptop" });
    expect(row(passkey.id)?.name).toBe("Phone"); // taken by the other one
    await manageAs(ownerCookie, { intent: "rename", id: passkey.id, name: "Work phone" });
    expect(row(passkey.id)?.name).toBe("Work phone");

    const signedOut = await callRoute(manageAction, await makeRequest("/resources/passkeys/manage", { form: { intent: "remove", id: passkey.id } }));
    expect(signedOut.headers.get("Location")).toMatch(/^\/login\?/);

    const removed = await manageAs(ownerCookie, { intent: "remove", id: passkey.id });
    expect(removed.headers.get("Location")).toBe("/profile/security");
    expect(row(passkey.id)).toBeUndefined();
    const mail = getDb().select().from(outbox).where(and(eq(outbox.userId, owner.id), eq(outbox.kind, "security-factor-removed"))).all();
    expect(mail).toHaveLength(1);
    expect(mail[0].text).toContain('The passkey "Work phone"');
  });

  it("removing the last factor takes the recovery codes with it", async () => {
    const user = await createUser();
    const cookie = await sessionCookieFor(user.id);
    const { passkey } = await register(cookie, "Key");
    enrolTotp(user.id);
    const codes = () => getDb().select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.id)).all();
    expect(codes()).toHaveLength(10);
    await callRoute(manageAction, await makeRequest("/resources/passkeys/manage", { form: { intent: "remove", id: passkey.id }, cookie }));
    expect(codes()).toHaveLength(10); // the authenticator is still on

    // An account whose authenticator went, leaving a passkey and the codes: removing the passkey
    // leaves no factor, and the codes go.
    const owner = await createUser();
    const ownerCookie = await sessionCookieFor(owner.id);
    const { passkey: only } = await register(ownerCookie, "Only");
    replaceRecoveryCodes(getDb(), owner.id);
    expect(mfaMethods(owner.id)).toEqual(["passkey", "recovery"]);
    await callRoute(manageAction, await makeRequest("/resources/passkeys/manage", { form: { intent: "remove", id: only.id }, cookie: ownerCookie }));
    expect(mfaMethods(owner.id)).toEqual([]);
    expect(getDb().select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, owner.id)).all()).toHaveLength(0);
  });
});

describe("adding a passkey to an account that has a factor", () => {
  it("needs a session that passed it in the last 12 hours", async () => {
    const user = await createUser();
    enrolTotp(user.id);
    const cookie = await sessionCookieFor(user.id);
    const refused = await postJson(registerOptions, "/resources/passkeys/register/options", { name: "Stolen" }, cookie);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: { message: "To add another second factor, first confirm it's you with the one you have", code: "mfa_required" } });
    const current = await getSession(await makeRequest("/", { cookie }));
    markSessionMfa(current!.session.id);
    await register(cookie, "Mine");
  });
});

describe("step-up with a passkey", () => {
  it("a clerk's stale session passes the step-up with its own passkey, not with another's or a replay", async () => {
    const clerk = await createUser({ role: "clerk" });
    const other = await createUser();
    const cookie = await sessionCookieFor(clerk.id);
    const { passkey } = await register(cookie, "Key");
    const { passkey: othersKey } = await register(await sessionCookieFor(other.id), "Other");
    // A session that passed nothing lately.
    getDb().update(sessions).set({ mfaAt: null }).where(eq(sessions.userId, clerk.id)).run();

    const start = async () => (await (await postJson(stepUpOptions, "/resources/passkeys/step-up/options", {}, cookie)).json()) as Options;
    const prompt = async (value: string) => {
      const form = new FormData();
      form.set("amount", "12.00");
      form.set(STEP_UP_PASSKEY, value);
      return stepUpPrompt(await makeRequest("/admin/payments/1", { form, cookie }), form);
    };

    let challenge = await start();
    const refused = await prompt(JSON.stringify({ challengeId: challenge.challengeId, response: assertPasskey(othersKey, challenge.options) }));
    expect(refused).not.toBeNull();
    expect((refused as unknown as { init: { status: number } }).init.status).toBe(403);
    expect(await prompt("not json")).not.toBeNull();

    challenge = await start();
    const response = assertPasskey(passkey, challenge.options);
    const body = JSON.stringify({ challengeId: challenge.challengeId, response });
    expect(await prompt(body)).toBeNull();
    expect((await getSession(await makeRequest("/", { cookie })))?.session.mfaAt).not.toBeNull();

    // The same answer again (after the session went stale) is refused.
    getDb().update(sessions).set({ mfaAt: null }).where(eq(sessions.userId, clerk.id)).run();
    expect(await prompt(body)).not.toBeNull();

    // Someone without a passkey gets no step-up options.
    expect((await postJson(stepUpOptions, "/p", {}, await sessionCookieFor((await createUser()).id))).status).toBe(400);
  });
});
