import { describe, expect, it } from "vitest";
import { claimUrl, letterAddress } from "~/lib/letters";

const principal = { address1: "3150 SW 52ND AVE", address2: "STE 4", city: "PEMBROKE PARK", state: "FL", zip: "33023" };

describe("the address a letter goes to", () => {
  it("is the state's mailing address when it has a street line and a city", () => {
    expect(
      letterAddress({ ...principal, mailAddress1: "PO BOX 812", mailAddress2: null, mailCity: "HOLLYWOOD", mailState: "FL", mailZip: "33022" }),
    ).toEqual({ line1: "PO BOX 812", line2: "", city: "HOLLYWOOD", state: "FL", zip: "33022" });
  });

  it("is the principal address when the mailing address is missing or unusable", () => {
    const expected = { line1: "3150 SW 52ND AVE", line2: "STE 4", city: "PEMBROKE PARK", state: "FL", zip: "33023" };
    expect(letterAddress(principal)).toEqual(expected);
    expect(letterAddress({ ...principal, mailAddress1: "   ", mailCity: "HOLLYWOOD" })).toEqual(expected);
    expect(letterAddress({ ...principal, mailAddress1: "PO BOX 812", mailCity: null })).toEqual(expected);
  });

  it("the claim page's address never carries a code, whatever the app URL's trailing slashes", () => {
    expect(claimUrl("https://btr.example.org//", 42)).toBe("https://btr.example.org/claim/42");
  });
});
