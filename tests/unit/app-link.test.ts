import { describe, expect, it } from "vitest";
import { isPlainClick } from "~/components/ui/app-link";

const click = { defaultPrevented: false, button: 0, metaKey: false, altKey: false, ctrlKey: false, shiftKey: false };

describe("AppLink's click rule (the clicks <Link> would navigate on the client)", () => {
  it("takes a plain left click in the same tab", () => {
    expect(isPlainClick(click)).toBe(true);
    expect(isPlainClick(click, "_self")).toBe(true);
  });

  it("leaves the browser every other click: prevented, other buttons, modifier keys, another target", () => {
    expect(isPlainClick({ ...click, defaultPrevented: true })).toBe(false);
    expect(isPlainClick({ ...click, button: 1 })).toBe(false);
    for (const key of ["metaKey", "altKey", "ctrlKey", "shiftKey"] as const) expect(isPlainClick({ ...click, [key]: true })).toBe(false);
    expect(isPlainClick(click, "_blank")).toBe(false);
  });
});
