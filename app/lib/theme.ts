export const THEME_PREFERENCES = ["light", "dark", "system"] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];
/** Browser storage key of the theme preference (spec section 9). */
export const THEME_STORAGE_KEY = "theme";
