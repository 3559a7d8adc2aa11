/**
 * The staff pages' refusals (issue 42): every model text the pages map reads the same in English
 * through its key (so a reworded model or resource is caught), and differently in Spanish; the
 * texts with a value keep it; an unknown text passes as it is.
 */
import { describe, expect, it } from "vitest";
import { fixedT } from "~/lib/translate.server";
import { STAFF_REFUSALS, staffRefusal } from "~/utils/staff-messages.server";

const en = fixedT("en", "admin");
const es = fixedT("es", "admin");

describe("staffRefusal", () => {
  it("gives each known model text back in English, and in Spanish something else", () => {
    for (const message of Object.keys(STAFF_REFUSALS)) {
      expect(staffRefusal(en, message)).toBe(message);
      expect(staffRefusal(es, message)).not.toBe(message);
    }
  });

  it("keeps the values of the texts that carry one", () => {
    expect(staffRefusal(en, "At most $1,152.50 of this payment can be refunded.")).toBe("At most $1,152.50 of this payment can be refunded.");
    expect(staffRefusal(es, "There is nothing to remit up to 2026-11-30.")).toBe("No hay nada que remitir hasta el 2026-11-30.");
    expect(staffRefusal(es, "Stripe refused the refund: charge_disputed")).toBe("Stripe rechazó el reembolso: charge_disputed");
  });

  it("passes an unknown text as it is", () => {
    expect(staffRefusal(es, "Something the models never said")).toBe("Something the models never said");
  });
});
