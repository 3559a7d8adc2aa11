/**
 * The help menu renders its English before the "help" namespace arrives (pages that do not bring
 * it): those texts must be en/help.json's menu.* exactly, or the menu would change as it loads.
 */
import { describe, expect, it } from "vitest";
import { HELP_MENU_ENGLISH } from "~/components/shell/help-menu";
import enHelp from "~/locales/en/help.json";

describe("the help menu's English", () => {
  it("is en/help.json's menu.*", () => {
    expect(HELP_MENU_ENGLISH).toEqual(enHelp.menu);
  });
});
