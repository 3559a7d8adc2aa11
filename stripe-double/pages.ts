/** The double's own pages: hosted checkout, the 3-D Secure step and a charge receipt. Plain forms, no JavaScript. */
import type { StripeObject } from "./state";

const esc = (s: unknown) =>
  String(s ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(cents / 100);

function layout(title: string, body: string) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>
  body{font-family:system-ui,sans-serif;background:#f6f9fc;color:#1a1f36;margin:0;padding:2rem 1rem}
  main{max-width:28rem;margin:0 auto;background:#fff;border:1px solid #d8dee4;border-radius:8px;padding:1.5rem}
  h1{font-size:1.25rem;margin:0 0 .25rem} .test{display:inline-block;background:#ffde92;color:#5a3e00;font-size:.75rem;font-weight:600;padding:.1rem .4rem;border-radius:4px}
  label{display:block;font-weight:600;margin:1rem 0 .25rem} input{width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #8792a2;border-radius:6px;font-size:1rem}
  button,.link{display:inline-block;margin-top:1rem;padding:.6rem 1rem;border-radius:6px;font-size:1rem;border:0;text-decoration:none;cursor:pointer}
  button{background:#4f46e5;color:#fff} .secondary{background:#e3e8ee;color:#1a1f36} .link{color:#3c4257}
  .error{background:#fde8e8;color:#8a1c1c;padding:.75rem;border-radius:6px;margin-top:1rem}
  table{width:100%;border-collapse:collapse;margin-top:1rem} td{padding:.25rem 0} td:last-child{text-align:right}
  .hint{font-size:.85rem;color:#4f566b}
</style></head><body><main>${body}</main></body></html>`;
}

export function checkoutPage(session: StripeObject | null, error?: string, lineItems: StripeObject[] = []) {
  if (!session) return layout("Checkout not found", `<h1>Checkout session not found</h1><p>This checkout link is invalid.</p>`);
  if (session.status === "expired") {
    return layout("Checkout expired", `<h1>This checkout session has expired</h1>${session.cancel_url ? `<a class="link" href="${esc(session.cancel_url)}">Return</a>` : ""}`);
  }
  const trialEnd: number | null = session._trial_end ?? null;
  const recurringTotal = lineItems.reduce((sum, i) => sum + (i.amount_total as number), 0);
  const firstCharge = trialEnd
    ? `<tr><td>Then, from ${esc(new Date(trialEnd * 1000).toLocaleDateString("en-US", { timeZone: "UTC", month: "long", day: "numeric", year: "numeric" }))}</td><td>${esc(money(recurringTotal, session.currency))}${lineItems[0]?.price?.recurring ? ` / ${esc(lineItems[0].price.recurring.interval)}` : ""}</td></tr>`
    : "";
  const rows = lineItems
    .map((i) => `<tr><td>${esc(i.description)}${i.quantity > 1 ? ` × ${i.quantity}` : ""}</td><td>${esc(money(i.amount_total, i.currency))}${i.price?.recurring ? ` / ${esc(i.price.recurring.interval)}` : ""}</td></tr>`)
    .join("");
  return layout(
    "Pay with card (test mode)",
    `<span class="test">TEST MODE</span>
<h1>${session.mode === "subscription" ? "Subscribe" : "Pay"} ${esc(money(session.amount_total, session.currency))}</h1>
<table aria-label="Order summary"><tbody>${rows}<tr><td><strong>Total due today</strong></td><td><strong>${esc(money(session.amount_total, session.currency))}</strong></td></tr>${firstCharge}</tbody></table>
${error ? `<p class="error" role="alert">${esc(error)}</p>` : ""}
<form method="post" action="/checkout/${esc(session.id)}/pay">
  ${session.mode === "subscription" && !session.customer && !session.customer_email ? `<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email">` : ""}
  <label for="cardNumber">Card number</label>
  <input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" required placeholder="4242 4242 4242 4242">
  <label for="expiry">Expiration (MM / YY)</label>
  <input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="12 / 34">
  <label for="cvc">CVC</label>
  <input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123">
  <p class="hint">Test cards: 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined; 4000 0025 0000 3155 asks for authentication.</p>
  <button type="submit">${session.mode === "subscription" ? "Subscribe" : "Pay"}</button>
  ${session.cancel_url ? `<a class="link" href="${esc(session.cancel_url)}">Cancel and return</a>` : ""}
</form>`,
  );
}

export function authenticatePage(pi: StripeObject | null, returnUrl: string, done = false) {
  if (!pi) return layout("Authentication", `<h1>Authentication request not found</h1>`);
  if (done) {
    return layout("Authentication", `<h1>Authentication ${pi.status === "succeeded" ? "completed" : "failed"}</h1><p>You can close this window.</p>`);
  }
  const hidden = `<input type="hidden" name="client_secret" value="${esc(pi.client_secret)}"><input type="hidden" name="return_url" value="${esc(returnUrl)}">`;
  return layout(
    "3D Secure test payment",
    `<span class="test">TEST MODE</span>
<h1>3D Secure test payment</h1>
<p>${pi.object === "setup_intent" ? "Authenticate saving this card for future payments." : `Authenticate the payment of ${esc(money(pi.amount, pi.currency))}.`}</p>
<form method="post" action="/authenticate/${esc(pi.id)}">${hidden}<input type="hidden" name="outcome" value="complete"><button type="submit">Complete authentication</button></form>
<form method="post" action="/authenticate/${esc(pi.id)}">${hidden}<input type="hidden" name="outcome" value="fail"><button class="secondary" type="submit">Fail authentication</button></form>`,
  );
}

export function chargeReceiptPage(charge: StripeObject | null) {
  if (!charge) return layout("Receipt", `<h1>Receipt not found</h1>`);
  return layout(
    "Receipt",
    `<span class="test">TEST MODE</span><h1>Receipt</h1><p>Amount paid: ${esc(money(charge.amount, charge.currency))}</p><p>Charge: ${esc(charge.id)}</p>`,
  );
}
