/**
 * A stand-in for Stripe.js (https://js.stripe.com/endive/stripe.js) that talks to the test
 * double instead of api.stripe.com. It implements the subset @stripe/stripe-js and
 * @stripe/react-stripe-js use: Stripe(pk), elements(), create('card' | 'payment'), mount (a plain
 * card-number input, an expiry and a CVC), on('change'), createPaymentMethod, confirmCardPayment,
 * confirmCardSetup, confirmPayment, retrieveSetupIntent, handleNextAction / handleCardAction, retrievePaymentIntent. 3-D Secure shows
 * an in-page dialog with "Complete authentication" / "Fail authentication".
 *
 * The double serves it at /js/stripe.js; Playwright routes https://js.stripe.com/** to it.
 */
export function stripeJsStandIn(apiOrigin: string): string {
  return STANDIN_SOURCE.replace("__STRIPE_DOUBLE_ORIGIN__", JSON.stringify(apiOrigin));
}

const STANDIN_SOURCE = String.raw`/* Stripe.js stand-in for the local Stripe test double. Not Stripe's code. */
(function () {
  "use strict";
  var API = __STRIPE_DOUBLE_ORIGIN__;
  var counter = 0;

  function encode(value, prefix, out) {
    if (value === undefined || value === null) return out;
    if (typeof value === "object" && !(value instanceof Date)) {
      var keys = Object.keys(value);
      for (var i = 0; i < keys.length; i++) {
        var k = Array.isArray(value) ? String(i) : keys[i];
        encode(value[keys[i]], prefix ? prefix + "[" + k + "]" : k, out);
      }
      return out;
    }
    out.push(encodeURIComponent(prefix) + "=" + encodeURIComponent(String(value)));
    return out;
  }

  function request(pk, method, path, params) {
    var body = encode(params || {}, "", []).join("&");
    var url = API + path + (method === "GET" && body ? "?" + body : "");
    return fetch(url, {
      method: method,
      headers: { Authorization: "Bearer " + pk, "Content-Type": "application/x-www-form-urlencoded" },
      body: method === "GET" ? undefined : body,
    })
      .then(function (res) {
        return res.json();
      })
      .catch(function (e) {
        return { error: { type: "api_connection_error", message: "Could not reach the payment service: " + e.message } };
      });
  }

  function intentId(clientSecret) {
    return String(clientSecret || "").split("_secret_")[0];
  }

  /** "/v1/setup_intents/" for seti_ ids, "/v1/payment_intents/" otherwise. */
  function intentPath(id) {
    return (/^seti_/.test(id) ? "/v1/setup_intents/" : "/v1/payment_intents/") + id;
  }

  // ---- elements -------------------------------------------------------------------------------

  function CardElement(type, options) {
    this._type = type;
    this._options = options || {};
    this._handlers = {};
    this._node = null;
    this._id = "stripe-standin-" + ++counter;
  }
  CardElement.prototype.on = function (event, handler) {
    (this._handlers[event] = this._handlers[event] || []).push(handler);
    return this;
  };
  CardElement.prototype.once = function (event, handler) {
    var self = this;
    function wrapped(e) {
      self.off(event, wrapped);
      handler(e);
    }
    return this.on(event, wrapped);
  };
  CardElement.prototype.off = function (event, handler) {
    var list = this._handlers[event] || [];
    this._handlers[event] = handler ? list.filter(function (h) { return h !== handler; }) : [];
    return this;
  };
  CardElement.prototype._emit = function (event, payload) {
    var list = (this._handlers[event] || []).slice();
    for (var i = 0; i < list.length; i++) list[i](payload);
  };
  CardElement.prototype._state = function () {
    var n = this._number();
    var complete = /^\d{12,19}$/.test(n);
    return {
      elementType: this._type,
      empty: n.length === 0,
      complete: complete,
      value: { type: "card" },
      brand: n.charAt(0) === "4" ? "visa" : /^5[1-5]/.test(n) ? "mastercard" : "unknown",
      error: n.length > 0 && /\D/.test(n) ? { type: "validation_error", code: "invalid_number", message: "Your card number is invalid." } : undefined,
    };
  };
  CardElement.prototype.mount = function (target) {
    var node = typeof target === "string" ? document.querySelector(target) : target;
    if (!node) throw new Error("Stripe stand-in: mount target not found");
    var self = this;
    var id = this._id;
    var wrap = document.createElement("div");
    wrap.className = "stripe-standin-card";
    wrap.setAttribute("data-testid", "stripe-card-element");
    wrap.style.display = "grid";
    wrap.style.gap = "0.5rem";
    wrap.style.gridTemplateColumns = "minmax(0,2fr) minmax(0,1fr) minmax(0,1fr)";
    function field(label, name, placeholder, autocomplete) {
      var box = document.createElement("div");
      var l = document.createElement("label");
      l.htmlFor = id + "-" + name;
      l.textContent = label;
      l.style.display = "block";
      l.style.fontSize = "0.8rem";
      l.style.fontWeight = "600";
      var input = document.createElement("input");
      input.id = id + "-" + name;
      input.name = "stripe-standin-" + name;
      input.inputMode = "numeric";
      input.autocomplete = autocomplete;
      input.placeholder = placeholder;
      input.style.width = "100%";
      input.style.boxSizing = "border-box";
      input.style.padding = "0.5rem";
      input.style.border = "1px solid #64748b";
      input.style.borderRadius = "0.375rem";
      input.style.background = "transparent";
      input.style.color = "inherit";
      box.appendChild(l);
      box.appendChild(input);
      wrap.appendChild(box);
      return input;
    }
    this._cardInput = field("Card number", "number", "4242 4242 4242 4242", "cc-number");
    this._expInput = field("Expiry", "expiry", "MM / YY", "cc-exp");
    this._cvcInput = field("CVC", "cvc", "123", "cc-csc");
    this._cardInput.addEventListener("input", function () {
      self._emit("change", self._state());
    });
    this._cardInput.addEventListener("focus", function () {
      self._emit("focus", { elementType: self._type });
    });
    this._cardInput.addEventListener("blur", function () {
      self._emit("blur", { elementType: self._type });
    });
    node.innerHTML = "";
    node.appendChild(wrap);
    this._node = wrap;
    setTimeout(function () {
      self._emit("ready", { elementType: self._type });
    }, 0);
  };
  CardElement.prototype._number = function () {
    return this._cardInput ? this._cardInput.value.replace(/[\s-]/g, "") : "";
  };
  CardElement.prototype._expiry = function () {
    var raw = this._expInput ? this._expInput.value.replace(/\s/g, "") : "";
    var m = raw.match(/^(\d{1,2})\/?(\d{2,4})$/);
    if (!m) return {};
    var year = Number(m[2]);
    return { exp_month: Number(m[1]), exp_year: year < 100 ? 2000 + year : year };
  };
  CardElement.prototype.focus = function () { if (this._cardInput) this._cardInput.focus(); };
  CardElement.prototype.blur = function () { if (this._cardInput) this._cardInput.blur(); };
  CardElement.prototype.clear = function () { if (this._cardInput) this._cardInput.value = ""; };
  CardElement.prototype.update = function (options) { this._options = Object.assign({}, this._options, options || {}); };
  CardElement.prototype.unmount = function () {
    if (this._node && this._node.parentNode) this._node.parentNode.removeChild(this._node);
    this._node = null;
  };
  CardElement.prototype.destroy = function () {
    this.unmount();
    this._destroyed = true;
    if (this._elements) delete this._elements._byType[this._type];
  };

  function Elements(stripe, options) {
    this._stripe = stripe;
    this._options = options || {};
    this._byType = {};
  }
  Elements.prototype.create = function (type, options) {
    if (["card", "payment", "cardNumber"].indexOf(type) === -1) {
      throw new Error("Stripe stand-in: element type '" + type + "' is not supported");
    }
    if (this._byType[type]) throw new Error("Can only create one Element of type " + type + ".");
    var el = new CardElement(type, options);
    el._elements = this;
    this._byType[type] = el;
    return el;
  };
  Elements.prototype.getElement = function (type) {
    var key = typeof type === "string" ? type : type && type.__elementType;
    return this._byType[key] || null;
  };
  Elements.prototype.update = function (options) { this._options = Object.assign({}, this._options, options || {}); };
  Elements.prototype.fetchUpdates = function () { return Promise.resolve({}); };
  Elements.prototype.submit = function () {
    var el = this._byType.payment || this._byType.card;
    if (!el || !el._state().complete) {
      return Promise.resolve({ error: { type: "validation_error", code: "incomplete_number", message: "Your card number is incomplete." } });
    }
    return Promise.resolve({});
  };
  Elements.prototype._card = function () {
    return this._byType.payment || this._byType.card || this._byType.cardNumber || null;
  };

  // ---- the Stripe object ---------------------------------------------------------------------

  function StripeStandIn(pk) {
    if (typeof pk !== "string" || !/^pk_/.test(pk)) throw new Error("Invalid publishable key: " + pk);
    this._pk = pk;
  }

  StripeStandIn.prototype.elements = function (options) {
    return new Elements(this, options);
  };

  StripeStandIn.prototype._cardParams = function (element, billingDetails) {
    if (!element || !element._number) return null;
    var params = { type: "card", card: Object.assign({ number: element._number() }, element._expiry()) };
    if (billingDetails) params.billing_details = billingDetails;
    return params;
  };

  StripeStandIn.prototype._paymentMethodFor = function (spec) {
    if (typeof spec === "string") return Promise.resolve({ id: spec });
    var element = spec && (spec.card || (spec.elements && spec.elements._card()));
    var params = this._cardParams(element, spec && spec.billing_details);
    if (!params) return Promise.resolve({ error: { type: "validation_error", message: "A card Element is required." } });
    if (!params.card.number) {
      return Promise.resolve({ error: { type: "validation_error", code: "incomplete_number", message: "Your card number is incomplete." } });
    }
    return request(this._pk, "POST", "/v1/payment_methods", params).then(function (res) {
      return res.error ? { error: res.error } : { id: res.id, paymentMethod: res };
    });
  };

  StripeStandIn.prototype.createPaymentMethod = function (a, b, c) {
    var spec;
    if (typeof a === "string") spec = { card: b, billing_details: c && c.billing_details };
    else if (a && a.elements) spec = { elements: a.elements, billing_details: a.params && a.params.billing_details };
    else spec = a || {};
    return this._paymentMethodFor(spec).then(function (r) {
      return r.error ? { error: r.error } : { paymentMethod: r.paymentMethod };
    });
  };

  StripeStandIn.prototype.retrievePaymentIntent = function (clientSecret) {
    return request(this._pk, "GET", "/v1/payment_intents/" + intentId(clientSecret), { client_secret: clientSecret }).then(function (res) {
      return res.error ? { error: res.error } : { paymentIntent: res };
    });
  };

  /** The test 3-D Secure challenge, in an in-page dialog. */
  StripeStandIn.prototype._authenticate = function (pi, clientSecret) {
    var pk = this._pk;
    return new Promise(function (resolve) {
      var dialog = document.createElement("div");
      dialog.setAttribute("role", "dialog");
      dialog.setAttribute("aria-modal", "true");
      dialog.setAttribute("aria-labelledby", "stripe-standin-3ds-title");
      dialog.setAttribute("data-testid", "stripe-3ds-dialog");
      dialog.style.cssText = "position:fixed;inset:0;z-index:2147483647;background:rgba(15,23,42,.6);display:flex;align-items:center;justify-content:center";
      var panel = document.createElement("div");
      panel.style.cssText = "background:#fff;color:#0f172a;padding:1.5rem;border-radius:.5rem;max-width:24rem;font-family:system-ui,sans-serif";
      var h = document.createElement("h2");
      h.id = "stripe-standin-3ds-title";
      h.textContent = "3D Secure test payment";
      h.style.cssText = "font-size:1.125rem;font-weight:700;margin:0 0 .5rem";
      var p = document.createElement("p");
      p.textContent = "Authenticate this test payment.";
      panel.appendChild(h);
      panel.appendChild(p);
      function button(label, outcome, bg) {
        var b = document.createElement("button");
        b.type = "button";
        b.textContent = label;
        b.style.cssText = "margin:1rem .5rem 0 0;padding:.5rem 1rem;border:0;border-radius:.375rem;color:#fff;background:" + bg;
        b.addEventListener("click", function () {
          document.body.removeChild(dialog);
          request(pk, "POST", intentPath(pi.id) + "/authenticate", { client_secret: clientSecret, outcome: outcome }).then(resolve);
        });
        panel.appendChild(b);
        return b;
      }
      var first = button("Complete authentication", "complete", "#4338ca");
      button("Fail authentication", "fail", "#b91c1c");
      dialog.appendChild(panel);
      document.body.appendChild(dialog);
      first.focus();
    });
  };

  StripeStandIn.prototype._settle = function (pi, clientSecret, handleActions) {
    var self = this;
    if (pi.error) return Promise.resolve({ error: pi.error });
    if (pi.status === "requires_action" && handleActions !== false) {
      return this._authenticate(pi, clientSecret).then(function (res) {
        return self._settle(res, clientSecret, false);
      });
    }
    if (pi.object === "setup_intent") {
      if (pi.status === "requires_payment_method" && pi.last_setup_error) {
        return Promise.resolve({ error: Object.assign({}, pi.last_setup_error, { setup_intent: pi }) });
      }
      return Promise.resolve({ setupIntent: pi });
    }
    if (pi.status === "requires_payment_method" && pi.last_payment_error) {
      return Promise.resolve({ error: Object.assign({}, pi.last_payment_error, { payment_intent: pi }) });
    }
    return Promise.resolve({ paymentIntent: pi });
  };

  StripeStandIn.prototype._confirm = function (clientSecret, pmSpec, extra, handleActions) {
    var self = this;
    var pk = this._pk;
    var pmPromise = pmSpec ? this._paymentMethodFor(pmSpec) : Promise.resolve({});
    return pmPromise.then(function (pm) {
      if (pm.error) return { error: pm.error };
      var params = Object.assign({ client_secret: clientSecret }, extra || {});
      if (pm.id) params.payment_method = pm.id;
      return request(pk, "POST", intentPath(intentId(clientSecret)) + "/confirm", params).then(function (res) {
        return self._settle(res.error ? res : res, clientSecret, handleActions);
      });
    });
  };

  StripeStandIn.prototype.confirmCardPayment = function (clientSecret, data, options) {
    data = data || {};
    var extra = data.return_url ? { return_url: data.return_url } : {};
    return this._confirm(clientSecret, data.payment_method, extra, !(options && options.handleActions === false));
  };

  StripeStandIn.prototype.confirmCardSetup = function (clientSecret, data, options) {
    data = data || {};
    var extra = data.return_url ? { return_url: data.return_url } : {};
    return this._confirm(clientSecret, data.payment_method, extra, !(options && options.handleActions === false));
  };

  StripeStandIn.prototype.retrieveSetupIntent = function (clientSecret) {
    return request(this._pk, "GET", "/v1/setup_intents/" + intentId(clientSecret), { client_secret: clientSecret }).then(function (res) {
      return res.error ? { error: res.error } : { setupIntent: res };
    });
  };

  StripeStandIn.prototype.confirmPayment = function (options) {
    options = options || {};
    var confirmParams = options.confirmParams || {};
    var pmSpec = confirmParams.payment_method || (options.elements ? { elements: options.elements, billing_details: confirmParams.payment_method_data && confirmParams.payment_method_data.billing_details } : undefined);
    var extra = confirmParams.return_url ? { return_url: confirmParams.return_url } : {};
    return this._confirm(options.clientSecret, pmSpec, extra, true).then(function (result) {
      if (!result.error && options.redirect !== "if_required" && confirmParams.return_url) {
        var url = new URL(confirmParams.return_url, window.location.href);
        url.searchParams.set("payment_intent", result.paymentIntent.id);
        url.searchParams.set("payment_intent_client_secret", options.clientSecret);
        url.searchParams.set("redirect_status", result.paymentIntent.status === "succeeded" ? "succeeded" : "processing");
        window.location.assign(url.toString());
        return new Promise(function () {});
      }
      return result;
    });
  };

  StripeStandIn.prototype.handleNextAction = function (options) {
    var self = this;
    var secret = options && options.clientSecret;
    return this.retrievePaymentIntent(secret).then(function (res) {
      return res.error ? res : self._settle(res.paymentIntent, secret, true);
    });
  };
  StripeStandIn.prototype.handleCardAction = function (clientSecret) {
    return this.handleNextAction({ clientSecret: clientSecret });
  };
  StripeStandIn.prototype.createToken = function () {
    return Promise.resolve({ error: { type: "invalid_request_error", message: "Tokens are not supported by the Stripe.js stand-in." } });
  };
  StripeStandIn.prototype.createSource = StripeStandIn.prototype.createToken;
  StripeStandIn.prototype._registerWrapper = function () {};
  StripeStandIn.prototype.registerAppInfo = function () {};

  function Stripe(pk, options) {
    return new StripeStandIn(pk, options);
  }
  Stripe.version = "endive";
  Stripe.standIn = true;
  window.Stripe = Stripe;
})();
`;
