import type { Config } from "tailwindcss";

export default {
  content: ["./app/**/*.{ts,tsx}"],
  darkMode: "class",
  theme: {
    extend: {
      colors: {
        primary: {
          DEFAULT: "#3182ce",
          50: "#ebf4fb",
          100: "#d0e4f5",
          600: "#2b6cb0",
          700: "#2c5282",
          800: "#2a4365",
        },
      },
    },
  },
  plugins: [],
} satisfies Config;
