import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  markTourEnded,
  readTourProgress,
  resetTourProgress,
  shouldAutoStartTour,
  TOUR_PROGRESS_KEY,
  tourPageFor,
} from "~/lib/tour-progress";
import { telHref } from "~/lib/town";

class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

let storage: MemoryStorage;
let webdriver = false;

beforeEach(() => {
  storage = new MemoryStorage();
  webdriver = false;
  vi.stubGlobal("window", { localStorage: storage });
  vi.stubGlobal("navigator", {
    get webdriver() {
      return webdriver;
    },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("tour progress", () => {
  it("knows the pages that have a tour", () => {
    expect(tourPageFor("/")).toBe("home");
    expect(tourPageFor("/search")).toBe("search");
    expect(tourPageFor("/search/")).toBe("search");
    expect(tourPageFor("/help")).toBeNull();
    expect(tourPageFor("/business/1")).toBeNull();
  });

  it("starts a first-time visitor's tour, then never again once it ended", () => {
    expect(shouldAutoStartTour("home")).toBe(true);
    markTourEnded("home", "finished");
    expect(readTourProgress()).toEqual({ viewed: { home: true }, dismissed: false });
    expect(shouldAutoStartTour("home")).toBe(false);
    expect(shouldAutoStartTour("search")).toBe(true);
  });

  it("skipping marks the page viewed and sets the dismissed flag, which stops the other tours too", () => {
    markTourEnded("search", "skipped");
    expect(readTourProgress()).toEqual({ viewed: { search: true }, dismissed: true });
    expect(shouldAutoStartTour("home")).toBe(false);
  });

  it("a reset clears the page's viewed flag and the dismissed flag only", () => {
    markTourEnded("home", "skipped");
    markTourEnded("search", "finished");
    resetTourProgress("home");
    expect(readTourProgress()).toEqual({ viewed: { search: true }, dismissed: false });
  });

  it("treats corrupt stored progress as none", () => {
    storage.setItem(TOUR_PROGRESS_KEY, "{not json");
    expect(readTourProgress()).toEqual({ viewed: {}, dismissed: false });
    expect(shouldAutoStartTour("home")).toBe(true);
  });

  it("automated browsers only get the automatic tour when they opt in", () => {
    webdriver = true;
    expect(shouldAutoStartTour("home")).toBe(false);
    storage.setItem("tour-autostart", "force");
    expect(shouldAutoStartTour("home")).toBe(true);
  });
});

describe("telHref", () => {
  it("dials US numbers with the country code", () => {
    expect(telHref("(954) 966-4600")).toBe("tel:+19549664600");
    expect(telHref("+44 20 7946 0000")).toBe("tel:+442079460000");
  });
});
